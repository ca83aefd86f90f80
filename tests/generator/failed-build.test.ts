/**
 * A build that fails leaves dist/ as the last good build left it, and nothing beside it:
 * broken content (a syntax error, a misspelt section type), and a --strict build with
 * placeholder addresses. The previous dist/ is a real build of the fixture, and the
 * failing builds write into the same project, as an editor's next save would.
 */
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { location } from "../../scripts/problems/issues.ts";
import { besideDist } from "./support/versions.ts";
import { edited, fingerprint, fixturesRemovedAfterAll, fixtureText, type FixtureProject } from "./fixture.ts";

const project = fixturesRemovedAfterAll(afterAll);
let p: FixtureProject;
/** What lies beside dist/ but its version and the spare (support/versions.ts): nothing, after any build. */
const leftovers = async () => (await besideDist(p.dist)).leftovers;
const write = (file: string, text: string) => writeFileSync(path.join(p.root, file), text);
/** The fingerprint of dist/ before a test breaks something: a whole build is there. */
function previousBuild(): string {
  expect(readdirSync(p.dist).sort()).toEqual(expect.arrayContaining(["404.html", "_headers", "about", "assets", "index.html", "notes", "sitemap.xml"]));
  return fingerprint(p.dist);
}

beforeAll(async () => {
  p = project();
  const first = await runPipeline(p, { mode: "build" });
  expect(first.ok).toBe(true);
}, 60_000);

describe("a failed build", () => {
  it.each([
    ["a JSON syntax error", "content/pages/index.json", '{ "title": }', "error json-syntax content/pages/index.json:1:12"],
    ["a misspelt section type", "content/pages/index.json", edited("content/pages/index.json", '"type": "shelf"', '"type": "shlef"'), "error unknown-section-type content/pages/index.json:14:15 /sections/1/type"],
    ["a rule of the Markdown kind", "content/notes/repairs.md", edited("content/notes/repairs.md", "## What you need", "# What you need"), "error h1-in-markdown content/notes/repairs.md:7:1 /body"],
  ])("with %s keeps the previous dist/ byte for byte", async (_, file, text, issue) => {
    const good = previousBuild();
    write(file, text);
    try {
      const result = await runPipeline(p, { mode: "build" });
      expect(result.ok).toBe(false);
      expect(result.issues.map((i) => `${i.severity} ${i.code} ${location(i)}`)).toEqual([issue]);
      expect(fingerprint(p.dist)).toBe(good);
      expect(await leftovers()).toEqual([]);
    } finally {
      write(file, fixtureText(file));
    }
  });

  it("with --strict and a placeholder address keeps the previous dist/, though the same content builds without --strict", async () => {
    const site = "content/site.json";
    const good = previousBuild();
    write(site, edited(site, '"hello@northwind-kites.org"', '"hello@example.com"'));
    try {
      const strict = await runPipeline(p, { mode: "build", strict: true });
      expect(strict.ok).toBe(false);
      expect(strict.issues.map((i) => `${i.severity} ${i.code} ${location(i)}`)).toEqual(["error placeholder-address content/site.json:11:19 /contactEmail"]);
      expect(fingerprint(p.dist)).toBe(good);
      expect(await leftovers()).toEqual([]);
      // Without --strict it is a warning, and the build replaces dist/.
      const lenient = await runPipeline(p, { mode: "build" });
      expect(lenient.ok).toBe(true);
      expect(fingerprint(p.dist)).not.toBe(good);
      expect(await leftovers()).toEqual([]);
    } finally {
      write(site, fixtureText(site));
    }
  });
});
