// Cold start to ready: how long from `node main.js` until /api/ready answers 200, on PGlite with a
// new data directory (migrations included) and on an existing one, beside a bare `node:http`
// server started the same way in the same run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, printTable } from './lib/report.js';

const serverMain = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = 3400 + Math.floor(Math.random() * 500);

async function timeToReady(args: string[], environment: Record<string, string>, readyPath: string): Promise<number> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...environment, PORT: String(port) }, stdio: 'ignore' });
  try {
    for (;;) {
      if (performance.now() - startedAt > 30_000) throw new Error('not ready within 30 s');
      try {
        const response = await fetch(`http://127.0.0.1:${port}${readyPath}`);
        if (response.status === 200) return performance.now() - startedAt;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const bareServer = `require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT)`;
const fresh: number[] = [];
const existing: number[] = [];
const bare: number[] = [];
const existingDataDir = mkdtempSync(join(tmpdir(), 'dxp-bench-'));
await timeToReady([serverMain], { DATA_DIR: existingDataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' }, '/api/ready');
for (let run = 0; run < runs; run += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dxp-bench-'));
  fresh.push(await timeToReady([serverMain], { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' }, '/api/ready'));
  rmSync(dataDir, { recursive: true, force: true });
  existing.push(await timeToReady([serverMain], { DATA_DIR: existingDataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' }, '/api/ready'));
  bare.push(await timeToReady(['-e', bareServer], {}, '/'));
}
rmSync(existingDataDir, { recursive: true, force: true });

const format = (values: number[]) => `${(median(values) / 1000).toFixed(2)} s`;
printTable('cold-start', `Start to ready (median of ${runs}; target < 3 s)`, ['what', 'median', 'min', 'max'], [
  ['portal, new PGlite data directory (migrates)', format(fresh), format([Math.min(...fresh)]), format([Math.max(...fresh)])],
  ['portal, existing PGlite data directory', format(existing), format([Math.min(...existing)]), format([Math.max(...existing)])],
  ['baseline: bare node:http server', format(bare), format([Math.min(...bare)]), format([Math.max(...bare)])],
]);
