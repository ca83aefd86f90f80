/**
 * Mistakes in the fixture site's content, each reported by `check` at its file,
 * line:column and field with its code from the catalogue (scripts/pipeline/errors.ts),
 * and a did-you-mean where there is a likely intended value. Each case changes one thing
 * in a copy of the fixture; the expected positions point at the changed text in the
 * fixture's files as they are.
 */
import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { formatIssue, location, type Issue } from "../../scripts/problems/issues.ts";
import { edited, fixturesRemovedAfterAll } from "./fixture.ts";

const project = fixturesRemovedAfterAll(afterAll);
const INDEX = "content/pages/index.json";
const TEAM = "content/pages/about/team.json";
const SITE = "content/site.json";
const KITES = "content/collections/kites.json";

async function check(files: Record<string, string | null>): Promise<Issue[]> {
  const result = await runPipeline(project(files), { mode: "check" });
  expect(result.ok).toBe(false);
  return result.issues;
}
const line = (i: Issue) => `${i.severity} ${i.code} ${location(i)}`;

interface Case {
  files: Record<string, string | null>;
  /** Every issue of the run: severity, code, file:line:column and field. */
  issues: string[];
  message: string;
  hint?: string;
}

const cases: Record<string, Case> = {
  "a misspelt section type": {
    files: { [INDEX]: edited(INDEX, '"type": "shelf"', '"type": "shlef"') },
    issues: ["error unknown-section-type content/pages/index.json:14:15 /sections/1/type"],
    message: 'Unknown section type "shlef".',
    hint: 'Did you mean "shelf"?',
  },
  "a JSON syntax error": {
    files: { [TEAM]: edited(TEAM, '"heading": "Our team",', '"heading": "Our team",,') },
    issues: ["error json-syntax content/pages/about/team.json:8:29"],
    message: "Expected a field name in double quotes but found `,`.",
  },
  "a misspelt field of a section": {
    files: { [INDEX]: edited(INDEX, '"image": {', '"imgae": {') },
    issues: ["error unknown-field content/pages/index.json:10:7 /sections/0/imgae"],
    message: '"imgae" is not a field of a banner section.',
    hint: 'Did you mean "image"?',
  },
  "a number written as text": {
    files: { [INDEX]: edited(INDEX, '"start": 3', '"start": "3"') },
    issues: ["error wrong-type content/pages/index.json:11:59 /sections/0/counter/start"],
    message: 'Expected a whole number but found the text "3".',
  },
  "a record without a required field": {
    files: { [KITES]: edited(KITES, ', "summary": "Four cells, steady in strong wind."', "") },
    issues: ["error missing-field content/collections/kites.json:5:5 /items/1/summary"],
    message: 'The required field "summary" is missing from this kite.',
  },
  "a reference to a record that does not exist (x-ref)": {
    files: { [INDEX]: edited(INDEX, '["delta", "box"]', '["delta", "boxx"]') },
    issues: ["error missing-record content/pages/index.json:16:26 /sections/1/kites/1"],
    message: 'There is no record "boxx" in content/collections/kites.json.',
    hint: 'Did you mean "box"?',
  },
  "a reference to a note that does not exist (x-ref to a Markdown kind's collection)": {
    files: { [INDEX]: edited(INDEX, '"repairs"]', '"repair"]') },
    issues: ["error missing-record content/pages/index.json:17:33 /sections/1/notes/1"],
    message: 'There is no entry "repair" in content/notes/: entries are listed by their file name, without .md.',
    hint: 'Did you mean "repairs"?',
  },
  "an image that is not in content/assets": {
    files: { [INDEX]: edited(INDEX, "assets/mark.svg", "assets/mrak.svg") },
    issues: ["error missing-image content/pages/index.json:10:25 /sections/0/image/src"],
    message: 'The image "assets/mrak.svg" does not exist in content/.',
    hint: 'Did you mean "assets/mark.svg"?',
  },
  "a broken internal link in a Markdown field": {
    files: { [TEAM]: edited(TEAM, "(/notes/first-flight)", "(/notes/first-fligth)") },
    issues: ["error broken-link content/pages/about/team.json:9:15 /sections/0/text"],
    message: "The link /notes/first-fligth points to a page that does not exist.",
    hint: "Did you mean /notes/first-flight?",
  },
  "a broken internal link in a link field (x-link) of site.json": {
    files: { [SITE]: edited(SITE, '"/about/team"', '"/about/teams"') },
    issues: ["error broken-link content/site.json:9:36 /nav/1/href"],
    message: "The link /about/teams points to a page that does not exist.",
    hint: "Did you mean /about/team?",
  },
  "a javascript: link": {
    files: { [SITE]: edited(SITE, '"href": "/about/team"', '"href": "javascript:alert(1)"') },
    // The page it linked to is unlinked now, but warnings wait until the errors are fixed.
    issues: ["error unsafe-link content/site.json:9:36 /nav/1/href"],
    message: 'Links starting with "javascript:" are not allowed.',
    hint: "Use a page of this site (/about), an https:// address, mailto: or tel:.",
  },
  'a "$schema" line for another folder': {
    files: { [TEAM]: edited(TEAM, "../../../schemas/page.schema.json", "../../schemas/page.schema.json") },
    issues: ["error wrong-schema-line content/pages/about/team.json:2:14 /$schema"],
    message: '"$schema" should be "../../../schemas/page.schema.json" for this file.',
    hint: 'Replace it with "../../../schemas/page.schema.json".',
  },
  "two pages with the same title": {
    files: { [TEAM]: edited(TEAM, '"title": "Our team"', '"title": "Kites for windy days"') },
    issues: ["error duplicate-title content/pages/about/team.json:3:12 /title"],
    message: 'The pages / (content/pages/index.json) and /about/team have the same title: "Kites for windy days"',
    hint: "Search engines show the title in their results: give each page its own.",
  },
};

describe("content errors in the fixture site", () => {
  it.each(Object.entries(cases))("%s", async (_, c) => {
    const issues = await check(c.files);
    expect(issues.map(line)).toEqual(c.issues);
    expect(issues[0]!.message).toBe(c.message);
    expect(issues[0]!.hint).toBe(c.hint);
  });

  it("prints a misspelt section type as the README shows, with the code's chapter", async () => {
    const [issue] = await check(cases["a misspelt section type"]!.files);
    expect(formatIssue(issue!)).toBe(
      ['error[unknown-section-type]: content/pages/index.json:14:15 /sections/1/type', '  Unknown section type "shlef".', '  hint: Did you mean "shelf"?', "  see: npx json-site explain unknown-section-type"].join("\n"),
    );
  });

  it("reports every error of a stage, across files, in file order", async () => {
    const c = (name: string) => cases[name]!.files;
    // The schemas first: links are checked once every file is valid.
    expect((await check({ ...c("a misspelt field of a section"), ...c('a "$schema" line for another folder'), ...c("a record without a required field") })).map(line)).toEqual([
      "error missing-field content/collections/kites.json:5:5 /items/1/summary",
      "error wrong-schema-line content/pages/about/team.json:2:14 /$schema",
      "error unknown-field content/pages/index.json:10:7 /sections/0/imgae",
    ]);
    expect((await check({ ...c("a broken internal link in a Markdown field"), ...c("a javascript: link") })).map(line)).toEqual([
      "error broken-link content/pages/about/team.json:9:15 /sections/0/text",
      "error unsafe-link content/site.json:9:36 /nav/1/href",
    ]);
  });

  it("lists the whole site's errors with the schema errors, except in a file with a schema error, where that comes first", async () => {
    const c = (name: string) => cases[name]!.files;
    // A schema error in the kites, a broken link in site.json: both at once, not one after the other.
    expect((await check({ ...c("a record without a required field"), ...c("a broken internal link in a link field (x-link) of site.json") })).map(line)).toEqual([
      "error missing-field content/collections/kites.json:5:5 /items/1/summary",
      "error broken-link content/site.json:9:36 /nav/1/href",
    ]);
    // A broken link in a file that has a schema error waits for that error's fix (it may be its cause).
    expect((await check({ [TEAM]: edited(TEAM, '"heading": "Our team"', '"heading": 7').replace("(/notes/first-flight)", "(/notes/first-fligth)") })).map(line)).toEqual([
      "error wrong-type content/pages/about/team.json:8:18 /sections/0/heading",
    ]);
    // A file that does not parse leaves a gap (its page is missing): the links to it are not reported as broken.
    expect((await check({ ...c("a JSON syntax error"), ...c("a broken internal link in a link field (x-link) of site.json") })).map(line)).toEqual([
      "error json-syntax content/pages/about/team.json:8:29",
    ]);
  });

  it("check mode renders and writes nothing, even for valid content", async () => {
    const p = project();
    const result = await runPipeline(p, { mode: "check" });
    expect(result.ok).toBe(true);
    expect(result.files.size).toBe(0);
    expect(result.routes.map((r) => r.path)).toEqual(["/", "/404", "/about/team", "/notes/first-flight", "/notes/repairs"]);
    expect(existsSync(p.dist)).toBe(false);
  });
});
