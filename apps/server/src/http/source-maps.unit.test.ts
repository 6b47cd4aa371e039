import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.js';
import { registerSpa } from './spa.js';

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dxp-source-maps-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>DXP Portal</title>');
  writeFileSync(join(root, 'assets/index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=index-abc123.js.map\n');
  writeFileSync(join(root, 'assets/index-abc123.js.map'), '{"version":3,"sources":["../src/secret-logic.ts"]}');
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

async function spaServing({ serveSourceMaps }: { serveSourceMaps: boolean }) {
  const app = Fastify();
  registerErrorHandling(app);
  await registerSpa(app, root, { serveSourceMaps });
  return app;
}

describe('API8:2023 security misconfiguration (ASVS V13.4.1) – production serves no source maps', () => {
  it('answers 404 for a source map when NODE_ENV=production, and still serves the script', async () => {
    const app = await spaServing({ serveSourceMaps: false });
    try {
      const map = await app.inject({ url: '/assets/index-abc123.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret-logic');
      expect((await app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('serves them in development', async () => {
    const app = await spaServing({ serveSourceMaps: true });
    try {
      expect((await app.inject({ url: '/assets/index-abc123.js.map' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
