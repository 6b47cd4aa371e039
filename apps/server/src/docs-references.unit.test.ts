import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repositoryRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** Written by the benchmarks and ignored by git: named in the docs, never committed. */
const generatedPaths = ['bench/results/'];

/** Tracked files plus new ones not yet added (ignored files excluded): what a clone of the repository holds. */
function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  })
    .split('\n')
    .filter(Boolean);
}

const markdownPath = /(?<![\w./-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w-][\w.-]*\.md)(?!\w)/g;
const markdownLink = /\]\(([^)\s]+)\)/g;
const externalIssue = /\bissues? #\d+/i;

export interface BrokenReference {
  file: string;
  line: number;
  reference: string;
}

/**
 * The document references in one file's text that resolve to nothing in `files`: a path of a Markdown file
 * (relative to the file or to the repository root), and in Markdown every relative link target.
 */
export function brokenReferencesIn(file: string, text: string, files: ReadonlySet<string>): BrokenReference[] {
  const directory = path.posix.dirname(file);
  const exists = (target: string) => {
    const candidates = [path.posix.normalize(path.posix.join(directory, target)), path.posix.normalize(target)];
    return candidates.some(
      (candidate) =>
        files.has(candidate) ||
        generatedPaths.some((prefix) => candidate.startsWith(prefix)) ||
        [...files].some((existing) => existing.startsWith(`${candidate.replace(/\/$/, '')}/`)),
    );
  };
  const broken: BrokenReference[] = [];
  text.split('\n').forEach((content, index) => {
    const line = content.replace(/\b[a-z][a-z+.-]*:\/\/\S+/gi, '');
    // A link's text names its target for the reader; the target itself is checked below.
    const prose = file.endsWith('.md') ? line.replace(/\[[^\]]*\]\(/g, '](') : line;
    for (const match of prose.matchAll(markdownPath)) {
      // `${directory}name.md` in a template literal is a path the code builds, not a reference.
      if (prose[match.index - 1] === '}') continue;
      if (!exists(match[1]!)) broken.push({ file, line: index + 1, reference: match[1]! });
    }
    if (!file.endsWith('.md')) return;
    for (const [, target] of line.matchAll(markdownLink)) {
      const withoutAnchor = target!.replace(/#.*$/, '');
      if (withoutAnchor === '' || /^[a-z][a-z+.-]*:/i.test(withoutAnchor)) continue;
      if (!exists(withoutAnchor)) broken.push({ file, line: index + 1, reference: target! });
    }
  });
  return broken;
}

/** "issue #N" with no address: a tracker outside the repository, which a reader of the code cannot open. */
export function unresolvableIssuesIn(file: string, text: string): BrokenReference[] {
  const found: BrokenReference[] = [];
  text.split('\n').forEach((content, index) => {
    const match = externalIssue.exec(content);
    if (match && !/https?:\/\//.test(content)) found.push({ file, line: index + 1, reference: match[0] });
  });
  return found;
}

const textFile = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|md|json|sh|html|css|yml|yaml|sql)$/;

function scannedFiles(files: string[]): string[] {
  return files.filter(
    (file) => textFile.test(file) && !file.endsWith('package-lock.json') && !file.startsWith('apps/server/drizzle/'),
  );
}

function describeAll(references: BrokenReference[]): string[] {
  return references.map(({ file, line, reference }) => `${file}:${line} ${reference}`);
}

describe('references to documents', () => {
  it('finds a missing document, a broken relative link and an issue without an address', () => {
    const md = '.md';
    const files = new Set([`docs/spec${md}`, `docs/decisions/README${md}`, `README${md}`]);
    const code = `// see docs/spec${md} §7 and docs/gone${md}; \`\${dir}latest${md}\` is built`;
    expect(describeAll(brokenReferencesIn('apps/server/src/a.ts', code, files))).toEqual([
      `apps/server/src/a.ts:1 docs/gone${md}`,
    ]);
    const markdown = `[spec${md}](spec${md}) [decisions](decisions/) [x](../nowhere.txt) [web](https://example.com/a${md})`;
    expect(describeAll(brokenReferencesIn(`docs/a${md}`, markdown, files))).toEqual([`docs/a${md}:1 ../nowhere.txt`]);
    const issue = 'issue #';
    expect(describeAll(unresolvableIssuesIn('a.ts', `// fixed in ${issue}12`))).toEqual([`a.ts:1 ${issue}12`]);
    expect(unresolvableIssuesIn('a.ts', '// https://github.com/o/r/issues/81 (issue #81)')).toEqual([]);
  });

  it('every document a file names is in the repository', () => {
    const files = repositoryFiles();
    const known = new Set(files);
    const broken = scannedFiles(files).flatMap((file) =>
      brokenReferencesIn(file, readFileSync(path.join(repositoryRoot, file), 'utf8'), known),
    );
    expect(describeAll(broken), 'point these at a document in docs/ (docs/spec.md §N, docs/decisions/…)').toEqual([]);
  });

  it('no file cites an issue of a tracker outside the repository', () => {
    const found = scannedFiles(repositoryFiles()).flatMap((file) =>
      unresolvableIssuesIn(file, readFileSync(path.join(repositoryRoot, file), 'utf8')),
    );
    expect(describeAll(found), 'cite the decision record or document that explains the point instead').toEqual([]);
  });
});
