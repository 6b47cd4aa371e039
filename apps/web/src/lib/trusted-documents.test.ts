// @vitest-environment node
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type DocumentNode, Kind, print } from '@0no-co/graphql.web';
import { describe, expect, it } from 'vitest';

/**
 * The web client's trusted documents (docs/decisions/0082-trusted-documents-hash-printed-text.md): every operation the portal sends, keyed by the SHA-256 of the
 * text the client sends (graphql-client prints each document with this printer). In production the server runs
 * only these for browsers; other documents need a service key. `npm run documents:print -w apps/web` rewrites
 * the file; this test fails while it is stale.
 */
const manifestPath = fileURLToPath(new URL('../../trusted-documents.json', import.meta.url));

// Operations one feature owns live in its api/ folder; those several features share, in lib/api/.
const apiModules = import.meta.glob<Record<string, unknown>>(['../features/*/api/*.ts', './api/*.ts'], { eager: true });

function isDocument(value: unknown): value is DocumentNode {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === Kind.DOCUMENT;
}

function operationNameOf(document: DocumentNode): string | undefined {
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  return operation && 'name' in operation ? operation.name?.value : undefined;
}

const documents = Object.entries(apiModules).flatMap(([file, exports]) =>
  Object.values(exports)
    .filter(isDocument)
    .filter((document) => operationNameOf(document))
    .map((document) => ({ file, name: operationNameOf(document)!, text: print(document) })),
);

describe('API8:2023 / ASVS V4.3.1 query allowlist – trusted documents', () => {
  it('gives every operation its own name (monitoring and the manifest tell operations apart by it)', () => {
    const files = new Map<string, Set<string>>();
    for (const { name, file } of documents) files.set(name, (files.get(name) ?? new Set()).add(file));
    const sharedNames = [...files]
      .filter(([, inFiles]) => inFiles.size > 1)
      .map(([name, inFiles]) => `${name}: ${[...inFiles].join(', ')}`);
    expect(sharedNames).toEqual([]);
  });

  it('are committed in trusted-documents.json, current', () => {
    const manifest = Object.fromEntries(
      documents
        .map(({ text }) => [createHash('sha256').update(text).digest('hex'), text] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    const printed = `${JSON.stringify(manifest, null, 2)}\n`;
    if (process.env.UPDATE_TRUSTED_DOCUMENTS === '1') writeFileSync(manifestPath, printed);
    expect(documents.length).toBeGreaterThan(50);
    expect(readFileSync(manifestPath, 'utf8'), 'run `npm run documents:print -w apps/web`').toBe(printed);
  });
});
