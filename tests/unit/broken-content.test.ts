/**
 * The broken-content corpus: each folder in tests/fixtures/broken/ holds files that
 * replace or add to the real content (under files/; `<name>.delete` deletes <name>;
 * files are copied byte for byte, so images and UTF-16 files work), and:
 *
 * - expected.txt: the errors the pipeline must report, one line each: severity, code
 *   (scripts/problems/errors.ts) and location (file:line:column and field), e.g.
 *
 *     error unknown-section-type content/pages/broken.json:6:15 /sections/0/type
 *
 *   Empty for a case that is about a warning only.
 * - warnings.txt (optional): warnings that must be among those reported, same form.
 * - build (optional, empty): run a whole build (render and the checks of rendered
 *   pages) rather than `npm run check`'s stages; with errors, the project's dist/ (a
 *   previous build's stand-in) must be left exactly as it was.
 *
 * Wording lives in the catalogue and may improve without touching the corpus. A few
 * folders also hold printed.txt, the errors exactly as printed (message, hint and
 * reference), so that a change of wording is still seen, and deliberate.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatIssues, location } from "../../scripts/problems/issues.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { fingerprint } from "./support/fingerprint.ts";
import { BROKEN_CORPUS, brokenCaseFiles, brokenCases, tempProject } from "./project.ts";

const corpus = BROKEN_CORPUS;
const cases = brokenCases();
const cleanups: (() => void)[] = [];
// Removing every case's copy of the content takes more than the default 10 s on a busy machine.
afterAll(() => cleanups.forEach((c) => c()), 60_000);

describe("broken content is reported exactly", () => {
  it("has a corpus, some of it with the full wording", () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(cases.filter((name) => existsSync(path.join(corpus, name, "printed.txt"))).length).toBeGreaterThanOrEqual(5);
  });

  it.each(cases)("%s", async (name) => {
    const dir = path.join(corpus, name);
    const project = tempProject(await brokenCaseFiles(name));
    cleanups.push(project.cleanup);
    const build = existsSync(path.join(dir, "build"));
    if (build) {
      mkdirSync(project.dist, { recursive: true });
      writeFileSync(path.join(project.dist, "index.html"), "the previous build");
    }
    const before = fingerprint(project.dist);
    const result = await runPipeline(project, build ? { mode: "build" } : { mode: "check" });
    const expected = readFileSync(path.join(dir, "expected.txt"), "utf8").trim();
    const warningsFile = path.join(dir, "warnings.txt");
    expect(expected !== "" || existsSync(warningsFile), `${name} expects neither an error nor a warning`).toBe(true);
    expect(result.ok).toBe(expected === "");
    // Errors only: a broken page is also unlinked, but that warning is not what each case is about.
    const errors = result.issues.filter((i) => i.severity === "error");
    expect(errors.map((i) => `${i.severity} ${i.code} ${location(i)}`).join("\n")).toBe(expected);
    if (!result.ok) expect(fingerprint(project.dist), "dist/ must be left as it was").toBe(before);
    if (existsSync(warningsFile)) {
      const warnings = result.issues.filter((i) => i.severity === "warning").map((i) => `${i.severity} ${i.code} ${location(i)}`);
      for (const line of readFileSync(warningsFile, "utf8").trim().split("\n")) expect(warnings, `${name}: ${line}`).toContain(line.trim());
    }
    const printed = path.join(dir, "printed.txt");
    if (existsSync(printed)) expect(formatIssues(errors).trim()).toBe(readFileSync(printed, "utf8").trim());
  });
});
