import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { limitHeapGrowth } from './heap-growth.js';
import { createLogger } from './logger.js';

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
  const logger = createLogger(config);
  const database = await openDatabase(
    config.database.kind === 'postgres' ? config.database : { kind: 'pglite', dataDir: config.database.dataDir },
    logger,
  );
  await migrateDatabase(database);
  let shuttingDown = false;
  const app = await buildApp({ config, database, logger, lifecycle: { isDraining: () => shuttingDown } });

  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const forceExit = setTimeout(() => {
      logger.error('shutdown took longer than 20 s, exiting');
      process.exit(1);
    }, 20_000 + config.shutdownDrainMs);
    forceExit.unref();
    // Draining: /api/ready fails so a load balancer stops sending traffic, while requests still arriving
    // are served and their connections closed; then the listener closes and in-flight requests finish.
    logger.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining');
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    logger.info('shutting down: finishing in-flight requests');
    try {
      await app.close();
      await database.close();
      logger.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
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

main().catch((error: unknown) => {
  console.error('DXP Portal failed to start:', error);
  process.exit(1);
});
