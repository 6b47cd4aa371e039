import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { serveBackups } from './db/backup-socket.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { readEmbeddedTemplate } from './db/embedded-template.js';
import { limitHeapGrowth } from './heap-growth.js';
import { useTestOnlyPasswordHashCost } from './idp/passwords.js';
import { collectGarbageWhenIdle } from './idle-memory.js';
import { createLogger, StandardOutputLog } from './logger.js';

async function main(): Promise<void> {
  const startedAt = performance.now();
  limitHeapGrowth();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const insecurePublicUrl = insecureProductionSetup(config);
  if (insecurePublicUrl) {
    console.error(insecurePublicUrl);
    process.exit(78);
  }
  if (config.testOnlyPasswordHashCost) useTestOnlyPasswordHashCost(config.testOnlyPasswordHashCost);
  const logDestination = new StandardOutputLog();
  const logger = createLogger(config, logDestination);
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? config.database
      : { kind: 'pglite', dataDir: config.database.dataDir, initialData: readEmbeddedTemplate },
    logger,
  );
  await migrateDatabase(database);
  // `npm run admin -- backup` while the portal runs: only this process may open the embedded database's files.
  const stopServingBackups =
    config.database.kind === 'pglite' && config.database.dataDir !== 'memory'
      ? await serveBackups(config.database.dataDir, database, logger)
      : undefined;
  let shuttingDown = false;
  const app = await buildApp({ config, database, logger, lifecycle: { isDraining: () => shuttingDown } });

  const forceExitAfterMs = 20_000 + config.shutdownDrainMs;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    // The forced exit exits whatever its log line does (the log destination never blocks, and a throw is caught).
    const forceExit = setTimeout(() => {
      try {
        logger.error({ droppedLogLines: logDestination.droppedLines }, 'shutdown took longer than 20 s, exiting');
      } finally {
        process.exit(1);
      }
    }, forceExitAfterMs);
    forceExit.unref();
    // Draining: /api/ready fails so a load balancer stops sending traffic, while requests still arriving
    // are served and their connections closed; then the listener closes and in-flight requests finish.
    logger.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining');
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    logger.info('shutting down: finishing in-flight requests');
    try {
      await app.close();
      await stopServingBackups?.();
      await database.close();
      logger.info({ droppedLogLines: logDestination.droppedLines }, 'shut down cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  collectGarbageWhenIdle(app.server);
  logger.info(
    {
      url: config.publicUrl,
      database: database.kind,
      identityProvider: config.identity.kind,
      startupMs: Math.round(performance.now() - startedAt),
    },
    'DXP Portal is ready',
  );
}

/**
 * Production over plain http would send tokens and the provider's cookies in the clear and without HSTS. Behind a
 * proxy that ends TLS, PUBLIC_URL is still the https address people use; the opt-out is for the rare setup whose
 * public address really is http.
 */
function insecureProductionSetup(config: Config): string | undefined {
  if (!config.isProduction || config.publicUrl.startsWith('https://') || config.allowInsecurePublicUrl)
    return undefined;
  return [
    'Invalid configuration:',
    `  - PUBLIC_URL is ${config.publicUrl}, but NODE_ENV=production needs an https:// address (HSTS, Secure cookies).`,
    '    Behind a proxy that ends TLS, set PUBLIC_URL to the https:// address people open, and TRUST_PROXY to the proxy.',
    '    To run production over plain http anyway, set ALLOW_INSECURE_PUBLIC_URL=true.',
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error('DXP Portal failed to start:', error);
  process.exit(1);
});
