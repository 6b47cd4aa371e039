import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { printSchema } from 'graphql';
import { schema } from './schema.js';

/** The committed contract between server and web: `npm run schema:print -w apps/server` refreshes it. */
export const schemaFilePath = fileURLToPath(new URL('../../schema.graphql', import.meta.url));

export function printedSchema(): string {
  return `${printSchema(schema)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(schemaFilePath, printedSchema());
  console.log(`wrote ${schemaFilePath}`);
}
