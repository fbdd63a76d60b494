// Adds up the JSON reports of Vitest and Playwright into one closing line: "tests: N passed, N failed".
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = "test-results/vitest.json";
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}

for (const file of ["test-results/visual.json", "test-results/e2e.json"]) {
  if (!existsSync(file)) continue;
  const stats = JSON.parse(readFileSync(file, "utf8")).stats;
  // A test that failed and passed on its retry (the end-to-end suite retries once, to record a trace) is a failure.
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
  skipped += stats.skipped;
}

console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
if (failed > 0 || passed === 0) process.exit(1);
