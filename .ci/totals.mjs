// Adds up the JSON reports of Vitest and Playwright and prints each suite's count and time, then,
// as the very last line, "N passed, N failed".
// A failing step that ran no suite (type check, content check, build) counts as one failure.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir, statusArg] = process.argv.slice(2);
const status = Number(statusArg ?? 0);
let passed = 0;
let failed = 0;
const read = (name) => {
  const file = path.join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
};
const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const vitest = read("vitest.json");
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += (vitest.numFailedTests ?? 0) + (vitest.numRuntimeErrorTestSuites ?? 0);
  const ends = (vitest.testResults ?? []).map((r) => r.endTime ?? 0);
  const took = vitest.startTime && ends.length ? ` in ${seconds(Math.max(...ends) - vitest.startTime)}` : "";
  console.log(`unit: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed${took}`);
}
const pw = read("playwright.json");
if (pw) {
  const s = pw.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  console.log(`browser: ${(s.expected ?? 0) + (s.flaky ?? 0)} passed, ${s.unexpected ?? 0} failed${s.duration ? ` in ${seconds(s.duration)}` : ""}`);
  if (pw.errors?.length) failed += pw.errors.length;
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
