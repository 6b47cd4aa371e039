// Reads a vitest or Playwright JSON report for scripts/test.sh: prints "passed failed skipped", and appends the name
// of each failed test to a file, which the run prints last, so that the end of a CI log says what failed. Usage:
//   node scripts/test-report.mjs vitest|playwright <report.json> <runner exit status> <failures file> <label>
// A runner that failed with no failing test (a file whose set-up or import failed, a server that never got ready)
// counts as one failure, never as a green run.
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [kind, reportPath, status, failuresPath, label] = process.argv.slice(2);
const failures = [];
let report;
try {
  report = JSON.parse(readFileSync(reportPath, 'utf8'));
} catch {
  // The runner ended before it wrote a report.
  report = kind === 'playwright' ? { stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 } } : {};
}
let passed;
let failed;
let skipped;

if (kind === 'vitest') {
  ({ numPassedTests: passed, numFailedTests: failed, numPendingTests: skipped } = report);
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${relative(process.cwd(), file.name)}: ${test.fullName}`);
    if (failedTests.length === 0 && file.status === 'failed') {
      failures.push(`${relative(process.cwd(), file.name)}: ${(file.message ?? 'failed').split('\n')[0]}`);
    }
  }
} else if (kind === 'playwright') {
  passed = report.stats.expected;
  // A journey that passed only on a retry is flaky, and counts as a failure.
  failed = report.stats.unexpected + report.stats.flaky;
  skipped = report.stats.skipped;
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          failures.push(`${spec.file ?? file}:${spec.line}: ${spec.title} (${test.status})`);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file);
  for (const error of report.errors ?? []) failures.push((error.message ?? 'error').split('\n')[0]);
} else {
  throw new Error(`Unknown report kind: ${kind}`);
}

if (!failed && status !== '0') {
  failed = 1;
  if (failures.length === 0) failures.push(`the run ended with status ${status} and no failing test`);
}
if (failures.length > 0) {
  appendFileSync(failuresPath, failures.map((failure) => `  ${label}: ${failure}\n`).join(''));
}
console.log(passed ?? 0, failed ?? 0, skipped ?? 0);
