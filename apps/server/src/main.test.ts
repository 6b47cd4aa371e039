import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './test/server-process.js';

// Servers on the embedded database only (DATABASE_URL=''): the run on PostgreSQL would repeat the run on PGlite.
const embeddedOnly = describe.skipIf(Boolean(process.env.DATABASE_URL));

embeddedOnly('ASVS V16.5.3 fail gracefully – graceful shutdown', () => {
  let dataDir: string;
  let started: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dxp-shutdown-'));
    started = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
  }, 90_000);

  afterAll(() => {
    started?.server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a request that is in flight when SIGTERM arrives, then exits cleanly', async () => {
    const body = JSON.stringify({ query: '{ __typename }' });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const inFlight = request(
        {
          host: '127.0.0.1',
          port: started.port,
          method: 'POST',
          path: '/graphql',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (incoming) => {
          let text = '';
          incoming.on('data', (chunk: Buffer) => (text += chunk.toString()));
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }));
        },
      );
      inFlight.on('error', reject);
      // Half the body now, the rest after the signal: the request is in flight throughout.
      inFlight.write(body.slice(0, 10));
      setTimeout(() => {
        started.server.kill('SIGTERM');
        setTimeout(() => inFlight.end(body.slice(10)), 300);
      }, 200);
    });
    const exit = new Promise<number | null>((resolve) => started.server.once('exit', resolve));

    // While draining, readiness fails (a load balancer stops routing here) and each answer closes its connection.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ready = await fetch(`http://127.0.0.1:${started.port}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    expect(ready.headers.get('connection')).toBe('close');

    const { status, text } = await response;
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual({ data: { __typename: 'Query' } });
    expect(await exit).toBe(0);
    expect(started.output()).toContain('shut down cleanly');
  }, 30_000);
});

embeddedOnly('ASVS V16.5.3 fail gracefully – shutdown when nobody reads the log any more', () => {
  let dataDir: string;
  let started: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dxp-broken-pipe-'));
    started = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', SHUTDOWN_DRAIN_SECONDS: '0' });
  }, 90_000);

  afterAll(async () => {
    await started?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits within the drain time plus 20 s when the reader of its standard output has stopped reading', async () => {
    // The log collector stalls (restarting, or `| tee` suspended): the pipe fills up and every write fails with
    // EAGAIN from then on. Each request below writes an access-log line into it.
    started.server.stdout!.pause();
    const statuses: number[] = [];
    const fillAt = Date.now();
    // A unix socket pair buffers a few hundred kilobytes: a few thousand access-log lines fill it.
    for (let batch = 0; batch < 40 && Date.now() - fillAt < 15_000; batch++) {
      const requests = Array.from({ length: 100 }, () =>
        fetch(`${started.url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
          (response) => response.status,
          () => 0,
        ),
      );
      statuses.push(...(await Promise.all(requests)));
    }
    const exit = new Promise<number | null>((resolve) => started.server.once('exit', resolve));
    const signalledAt = Date.now();
    started.server.kill('SIGTERM');
    const exitCode = await Promise.race([exit, new Promise((resolve) => setTimeout(() => resolve('hung'), 21_000))]);
    expect(exitCode).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(20_000);
    // The log was dropped, not the service: every request was answered.
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 60_000);
});

embeddedOnly('ASVS V12.2.1 HTTPS only – production refuses a public address without TLS', () => {
  it('stops at start-up, naming PUBLIC_URL and the opt-out, when NODE_ENV=production and PUBLIC_URL is http://', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dxp-insecure-'));
    try {
      const starting = startServerProcess({
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://portal.example.com',
      });
      await expect(starting).rejects.toThrow(/exited with 78[\s\S]*PUBLIC_URL[\s\S]*ALLOW_INSECURE_PUBLIC_URL=true/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('starts with the opt-out (TLS ended by a proxy in front)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dxp-insecure-'));
    const started = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://portal.example.com',
      ALLOW_INSECURE_PUBLIC_URL: 'true',
    });
    try {
      expect((await fetch(`${started.url}/api/health`)).status).toBe(200);
    } finally {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
