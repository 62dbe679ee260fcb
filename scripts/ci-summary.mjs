// Reads Vitest's JSON report: prints a plain 'N passed, N failed' line and
// fails when the browser tests or the PostgreSQL API tests did not run.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const results = report.testResults.flatMap((file) => file.assertionResults.map((test) => ({ file: file.name, status: test.status })));
const count = (predicate) => results.filter(predicate).length;
const passed = count((t) => t.status === 'passed');
const failed = count((t) => t.status === 'failed');
const skipped = count((t) => t.status !== 'passed' && t.status !== 'failed');
const e2e = count((t) => t.file.includes('/tests/e2e/') && t.status === 'passed');

let ok = failed === 0 && passed > 0;
if (e2e === 0) {
  console.log('The browser tests did not run (no passed test in tests/e2e).');
  ok = false;
}
if (process.env.TEST_DATABASE_URL) {
  const apiFiles = report.testResults.filter((file) => file.name.includes('/tests/api/')).length;
  const apiFileNames = new Set(report.testResults.filter((file) => file.name.includes('/tests/api/')).map((file) => file.name));
  if (apiFiles < apiFileNames.size * 2) {
    console.log('The API tests did not run on both PGlite and PostgreSQL.');
    ok = false;
  }
}
console.log(`browser tests passed: ${e2e}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
