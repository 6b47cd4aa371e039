import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { printedSchema, schemaFilePath } from './print-schema.js';

describe('schema.graphql', () => {
  it('matches the schema the server builds', async () => {
    const committed = await readFile(schemaFilePath, 'utf8').catch(() => '');
    expect(
      committed === printedSchema(),
      'apps/server/schema.graphql is stale: run `npm run schema:print -w apps/server` and commit the result',
    ).toBe(true);
  });
});
