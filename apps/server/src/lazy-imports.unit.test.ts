import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Packages the portal loads when a route first needs them, never at start (docs/performance.md, "What runs before
 * `/api/ready`"): a static import anywhere in the server's code would load them before it is ready, and keep them in
 * its heap, whether or not anyone uses them.
 */
const loadedWhenNeeded = [
  '@electric-sql/pglite', // only on the embedded database (db/client.ts)
  '@simplewebauthn/server', // passkey ceremonies (idp/passkeys.ts)
  '@zxcvbn-ts/', // password strength, at the first password chosen
  'nodemailer', // the first mail sent
];

const sourceDirectory = fileURLToPath(new URL('.', import.meta.url));

function serverSources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : serverSources(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

/** Static imports that load a module at run time (`import type` and type-only names load nothing). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) return [];
    const clause = statement.importClause;
    const typeOnly =
      clause?.isTypeOnly ||
      (clause &&
        !clause.name &&
        clause.namedBindings &&
        ts.isNamedImports(clause.namedBindings) &&
        clause.namedBindings.elements.every((element) => element.isTypeOnly));
    return typeOnly ? [] : [statement.moduleSpecifier.text];
  });
}

describe('packages loaded when needed', () => {
  it('are imported statically by none of the server’s code (tests and test helpers aside)', () => {
    const offending = serverSources(sourceDirectory).flatMap((file) =>
      valueImports(file)
        .filter((specifier) => loadedWhenNeeded.some((name) => specifier.startsWith(name)))
        .map((specifier) => `${path.relative(sourceDirectory, file)} imports ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it('finds a static import, and lets a type-only one pass', () => {
    const file = path.join(sourceDirectory, 'idp', 'passkeys.ts');
    expect(valueImports(file)).not.toContain('@simplewebauthn/server');
    expect(valueImports(fileURLToPath(import.meta.url))).toContain('typescript');
  });
});
