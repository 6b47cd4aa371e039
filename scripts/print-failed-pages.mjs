// Prints, for each failed Playwright test in a JSON report, the page snapshot of its error context (the
// accessibility tree when it failed), so that a CI log alone shows what the page held. Usage:
//   node scripts/print-failed-pages.mjs <report.json>
import { existsSync, readFileSync } from 'node:fs';

const MAX_LINES = 200;

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));

function* failedResults(suite) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      for (const result of test.results ?? []) {
        if (result.status !== 'passed' && result.status !== 'skipped') yield { title: spec.title, result };
      }
    }
  }
  for (const child of suite.suites ?? []) yield* failedResults(child);
}

for (const suite of report.suites ?? []) {
  for (const { title, result } of failedResults(suite)) {
    const context = result.attachments?.find((attachment) => attachment.name === 'error-context');
    if (!context?.path || !existsSync(context.path)) continue;
    const text = readFileSync(context.path, 'utf8');
    const snapshot = /```yaml\n([\s\S]*?)```/.exec(text)?.[1];
    if (!snapshot) continue;
    const lines = snapshot.trimEnd().split('\n');
    console.log(`\n--- The page when "${title}" failed (${suite.file}) ---`);
    console.log(lines.slice(0, MAX_LINES).join('\n'));
    if (lines.length > MAX_LINES) console.log(`… ${lines.length - MAX_LINES} more lines in ${context.path}`);
  }
}
