import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Prints a Markdown table and keeps it in bench/results/<name>.md. */
export function printTable(name: string, title: string, header: string[], rows: (string | number)[][]): void {
  const lines = [
    `## ${title}`,
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ];
  const text = lines.join('\n');
  console.log(text);
  const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(`${resultsDir}${name}.md`, `${text}\n_measured ${new Date().toISOString()}_\n`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
