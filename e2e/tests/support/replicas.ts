import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync } from 'node:fs';
import { Agent, createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

/** The PostgreSQL server and Redis `npm test` uses (scripts/test.sh); each cluster makes its own database. */
export const postgresServerUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

/** The request header the balancer routes by: each browser context sends its replica's number with every request. */
export const replicaHeader = 'x-e2e-replica';

/**
 * Two portals (the built server, as in playwright.config.ts) on one new PostgreSQL database, with the same
 * environment (PUBLIC_URL included, so the built-in provider's issuer, the access tokens' issuer and audience and
 * the signing keys in the database are the same for both), behind a balancer at PUBLIC_URL as docs/scaling.md
 * runs them. A browser context picks its replica with `extraHTTPHeaders: { [replicaHeader]: '1' | '2' }`, and
 * every request it makes (pages, the API, the live stream, the provider and the development mailbox) goes there.
 * Every port is the system's choice, so the shared configuration's portals (E2E_PORT..E2E_PORT+6) are untouched.
 */
export interface ReplicaCluster {
  /** PUBLIC_URL: the balancer's address. */
  url: string;
  stop(): Promise<void>;
}

interface Replica {
  process: ChildProcess;
  port: number;
  output(): string;
}

const serverEntry = fileURLToPath(new URL('../../../apps/server/dist/main.js', import.meta.url));
const webIndex = fileURLToPath(new URL('../../../apps/web/dist/index.html', import.meta.url));

/** Whether a PostgreSQL server answers at `url`. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether a Redis answers at `url`. */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function administer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresServerUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** One portal process on a port of the system's choice, resolved once it says it is ready. */
function startReplica(environment: Record<string, string>): Promise<Replica> {
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, ...environment, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept short: at LOG_LEVEL=info every request is a line (the level that prints the port).
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  return new Promise((resolve, reject) => {
    let port: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      append(chunk);
      port ??= Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]) || undefined;
      if (port && output.includes('DXP Portal is ready')) {
        child.removeAllListeners('exit');
        resolve({ process: child, port, output: () => output });
      }
    });
    child.stderr.on('data', append);
    child.once('exit', (code) => reject(new Error(`a replica exited with ${code} before it was ready:\n${output}`)));
  });
}

async function stopReplica(replica: Replica): Promise<void> {
  if (replica.process.exitCode !== null) return;
  const exited = once(replica.process, 'exit');
  replica.process.kill('SIGKILL');
  await exited;
}

/**
 * A replica that serves the web app. A portal registers the built web app only if it finds it when it starts
 * (apps/server/src/http/spa.ts), and in a checkout shared with others a concurrent `node scripts/build.mjs` empties
 * apps/web/dist for a moment: a replica started then answers 404 for every page, and is started again.
 */
async function startServingReplica(environment: Record<string, string>): Promise<Replica> {
  for (let attempt = 1; ; attempt++) {
    while (!existsSync(webIndex)) await new Promise((resolve) => setTimeout(resolve, 200));
    const replica = await startReplica(environment);
    const page = await fetch(`http://127.0.0.1:${replica.port}/dashboard`, { headers: { accept: 'text/html' } });
    await page.arrayBuffer();
    if (page.ok || attempt === 5) return replica;
    await stopReplica(replica);
  }
}

/** Forwards each request as it is to the replica its header names; a request without one is refused. */
function startBalancer(replicas: () => Replica[]): Promise<Server> {
  // A connection per request: a kept-alive one the replica has just closed would fail the request it was reused for.
  const agent = new Agent({ keepAlive: false });
  const balancer = createServer((request, response) => {
    const number = Number(request.headers[replicaHeader]);
    const replica = replicas()[number - 1];
    if (!replica) {
      response.writeHead(421, { 'content-type': 'text/plain' }).end(`no replica named in ${replicaHeader}`);
      return;
    }
    const upstream = forward(
      {
        agent,
        host: '127.0.0.1',
        port: replica.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        // Server-Sent Events pass through chunk by chunk: piping holds nothing back.
        response.writeHead(answer.statusCode!, { ...answer.headers, [replicaHeader]: String(number) });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    // A page that closes its live stream closes the replica's too.
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  balancer.listen(0);
  return once(balancer, 'listening').then(() => balancer);
}

/** Starts the balancer, a new database and two replicas on it (one after the other: the first migrates). */
export async function startReplicaCluster(options: { redisUrl?: string }): Promise<ReplicaCluster> {
  const databaseName = `dxp_e2e_replicas_${randomBytes(4).toString('hex')}`;
  const replicas: Replica[] = [];
  const balancer = await startBalancer(() => replicas);
  const url = `http://localhost:${(balancer.address() as AddressInfo).port}`;
  const stop = async () => {
    balancer.closeAllConnections();
    balancer.close();
    await Promise.all(replicas.map(stopReplica));
    await administer(`drop database if exists ${databaseName} with (force)`);
  };
  try {
    await administer(`create database ${databaseName}`);
    const database = new URL(postgresServerUrl);
    database.pathname = `/${databaseName}`;
    // As serverOn in playwright.config.ts sets its portals, on PostgreSQL instead of a data directory.
    const environment = {
      PUBLIC_URL: url,
      DATABASE_URL: database.toString(),
      REDIS_URL: options.redisUrl ?? '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'dxp-e2e-replicas-')),
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    };
    replicas.push(await startServingReplica(environment));
    replicas.push(await startServingReplica(environment));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
