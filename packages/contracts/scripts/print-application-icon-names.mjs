// Prints packages/contracts/src/application-icon-names.ts from the installed lucide-react: the names of its
// icons without Lucide's aliases (an alias's key differs from the module it imports).
// node packages/contracts/scripts/print-application-icon-names.mjs > packages/contracts/src/application-icon-names.ts
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(join(process.cwd(), 'apps/web/package.json'));
const lucideDirectory = dirname(require.resolve('lucide-react/package.json'));
const { version } = JSON.parse(readFileSync(join(lucideDirectory, 'package.json'), 'utf8'));
const source = readFileSync(join(lucideDirectory, 'dist/esm/dynamicIconImports.mjs'), 'utf8');
const names = [...source.matchAll(/"([a-z0-9-]+)": \(\) => import\('\.\/icons\/([a-z0-9-]+)\.mjs'\)/g)]
  .filter(([, name, moduleName]) => name === moduleName)
  .map(([, name]) => name)
  .sort();

process.stdout.write(
  [
    `// The names of the icons of the bundled Lucide set (lucide-react ${version}) an application may use, without`,
    "// Lucide's aliases. apps/web checks this list against the installed set (features/applications/icon-collection",
    '// .test.ts), so an upgrade that renames or drops an icon fails there. Generated; do not edit. Regenerate with',
    '// node packages/contracts/scripts/print-application-icon-names.mjs > packages/contracts/src/application-icon-names.ts',
    'export const applicationIconNames: readonly string[] = [',
    ...names.map((name) => `  '${name}',`),
    '];',
    '',
  ].join('\n'),
);
