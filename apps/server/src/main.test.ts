import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './test/server-process.js';

describe('ASVS V16.5.3 fail gracefully – graceful shutdown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dxp-shutdown-'));
  let started: ServerProcess;

  beforeAll(async () => {
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
