/**
 * The broken-content corpus: each folder in tests/fixtures/broken/ holds files that
 * replace or add to the real content (under files/), and expected.txt, the errors
 * `npm run check` must report, one line each: severity, code (scripts/pipeline/support/errors.ts)
 * and location (file:line:column and field), e.g.
 *
 *   error unknown-section-type content/pages/broken.json:6:15 /sections/0/type
 *
 * Wording lives in the catalogue and may improve without touching the corpus. A few
 * folders also hold printed.txt, the errors exactly as printed (message, hint and
 * reference), so that a change of wording is still seen, and deliberate.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listFiles } from "../../scripts/lib/fs.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { formatIssues, location } from "../../scripts/pipeline/support/issues.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { tempProject } from "./project.ts";

const corpus = path.join(ROOT, "tests/fixtures/broken");
const cases = readdirSync(corpus).sort();
const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

describe("broken content is reported exactly", () => {
  it("has a corpus, some of it with the full wording", () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(cases.filter((name) => existsSync(path.join(corpus, name, "printed.txt"))).length).toBeGreaterThanOrEqual(5);
  });

  it.each(cases)("%s", async (name) => {
    const dir = path.join(corpus, name);
    const files: Record<string, string | null> = {};
    for (const abs of await listFiles(path.join(dir, "files"))) {
      const relPath = path.relative(path.join(dir, "files"), abs).split(path.sep).join("/");
      const text = readFileSync(abs, "utf8");
      files[relPath.replace(/\.delete$/, "")] = relPath.endsWith(".delete") ? null : text;
    }
    const project = tempProject(files);
    cleanups.push(project.cleanup);
    const result = await runPipeline(project, { mode: "check" });
    expect(result.ok).toBe(false);
    // Errors only: a broken page is also unlinked, but that warning is not what each case is about.
    const errors = result.issues.filter((i) => i.severity === "error");
    expect(errors.map((i) => `${i.severity} ${i.code} ${location(i)}`).join("\n")).toBe(readFileSync(path.join(dir, "expected.txt"), "utf8").trim());
    const printed = path.join(dir, "printed.txt");
    if (existsSync(printed)) expect(formatIssues(errors).trim()).toBe(readFileSync(printed, "utf8").trim());
  });
});
