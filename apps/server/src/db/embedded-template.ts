import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { migrateDatabase, migrationsFolder, openDatabase } from './client.js';

/**
 * A new embedded cluster starts from an image of one already created and migrated (decision 0116): creating a
 * cluster and running every migration took most of a first start, and of every test file. Images are kept in
 * node_modules/.cache, named for the embedded database's version and the migrations they contain, so a new
 * migration or a new PGlite simply makes a new image.
 */
const templateDirectory = fileURLToPath(new URL('../../../../node_modules/.cache/dxp-portal', import.meta.url));

/** A digest of the migrations' names and contents: a template is used only for the migrations it ran. */
export async function migrationsDigest(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(migrationsFolder, { recursive: true })).filter((file) => file.endsWith('.sql')).sort();
  for (const file of files) hash.update(file).update(await readFile(join(migrationsFolder, file)));
  hash.update(await readFile(join(migrationsFolder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

/** The image file for this build's migrations and embedded database. */
export async function embeddedTemplateFile(): Promise<string> {
  const { version } = JSON.parse(await readFile(pglitePackageJson(), 'utf8')) as { version: string };
  // The image's format is the embedded database's own, so its version is part of the name.
  return join(templateDirectory, `pglite-${version}-${await migrationsDigest()}.tar`);
}

/** The image for this build, or undefined when none has been made yet. */
export async function readEmbeddedTemplate(): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(await embeddedTemplateFile())]);
  } catch {
    return undefined;
  }
}

/** The image for this build, made (in memory, then written aside and renamed) when it is missing. */
export async function ensureEmbeddedTemplate(): Promise<Blob> {
  const existing = await readEmbeddedTemplate();
  if (existing) return existing;
  const handle = await openDatabase({ kind: 'pglite', dataDir: 'memory' }, pino({ level: 'silent' }));
  await migrateDatabase(handle);
  const image = await handle.dumpDataDir!();
  await handle.close();
  const file = await embeddedTemplateFile();
  await mkdir(dirname(file), { recursive: true });
  // A process reading beside this one never sees half an image.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await image.arrayBuffer()));
  await rename(partial, file);
  return image;
}

/** The embedded database's package.json (its `exports` map does not list it). */
function pglitePackageJson(): string {
  let directory = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (basename(directory) !== 'pglite') directory = dirname(directory);
  return join(directory, 'package.json');
}

// `node apps/server/dist/db/embedded-template.js` (the build runs it) makes the image when it is missing.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await ensureEmbeddedTemplate();
}
