/**
 * Placeholder addresses (scripts/pipeline/stages/validate/placeholders.ts): every external address in
 * content still on a name reserved for examples is a located warning, and an error
 * with `npm run build -- --strict`, which then writes nothing: on the Building OS site
 * and its schemas. (Reserved host names and addresses in a text:
 * tests/generator/placeholders.test.ts.)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseFrontMatter } from "../../scripts/lib/front-matter.ts";
import { parseJson } from "../../scripts/lib/json.ts";
import { listFiles } from "../../scripts/lib/fs.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import type { Issue } from "../../scripts/problems/issues.ts";
import type { SourceFile } from "../../scripts/pipeline/stages/load/load.ts";
import { PLACEHOLDER_GROUP, placeholderIssues } from "../../scripts/pipeline/stages/validate/placeholders.ts";
import { loadSchemas, type SchemaSet } from "../../scripts/pipeline/stages/validate/schemas.ts";
import { projectsRemovedAfterAll } from "./project.ts";

const schemas = await loadSchemas(path.join(ROOT, "schemas"));
const project = projectsRemovedAfterAll(afterAll);

/** line:column of the first `needle` in `text`, counted here rather than by the parser under test. */
function where(text: string, needle: string): string {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`${needle} is not in the text`);
  const before = text.slice(0, index).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

function json(file: string, kind: SourceFile["kind"], name: string, text: string): SourceFile {
  const { value, positions } = parseJson(text);
  return { file, kind, name, data: value, positions };
}
const located = (issues: Issue[]) => issues.map((i) => `${i.line}:${i.column} ${i.pointer} ${i.detail}`);

describe("placeholder issues", () => {
  const siteText = `{
  "$schema": "../schemas/site.schema.json",
  "url": "https://www.example.com",
  "contactEmail": "hello@example.com",
  "links": {
    "calendar": "https://calendar.test/demo",
    "help": "https://help.urbi.ca",
    "signup": "https://app.example.org/signup"
  },
  "leads": {
    "live": "https://hooks.example.com/x",
    "test": "/api/leads",
    "testHosts": ["preview.example.com", "localhost", "127.0.0.1"]
  },
  "footer": {
    "social": [{ "label": "LinkedIn", "icon": "linkedin", "href": "https://linkedin.example/urbi" }]
  },
  "header": {
    "login": [{ "title": "Sales", "href": "mailto:sales@example.org?subject=Hello" }]
  }
}
`;
  const site = json("content/site.json", "site", "site", siteText);

  it("locate every address at its value: line, column and pointer", () => {
    expect(located(placeholderIssues([site], schemas))).toEqual([
      `${where(siteText, '"https://www.example.com"')} /url https://www.example.com`,
      `${where(siteText, '"hello@example.com"')} /contactEmail hello@example.com`,
      `${where(siteText, '"https://calendar.test')} /links/calendar https://calendar.test/demo`,
      `${where(siteText, '"https://app.example.org')} /links/signup https://app.example.org/signup`,
      `${where(siteText, '"https://hooks')} /leads/live https://hooks.example.com/x`,
      `${where(siteText, '"https://linkedin')} /footer/social/0/href https://linkedin.example/urbi`,
      `${where(siteText, '"mailto:')} /header/login/0/href mailto:sales@example.org?subject=Hello`,
    ]);
  });

  it("say what the address is: the schema's x-placeholder, else its kind; warnings in the placeholder group, with the shared hint", () => {
    const issues = placeholderIssues([site], schemas);
    expect(issues.map((i) => i.message)).toEqual([
      "The site's own address is still a placeholder (www.example.com): canonical links, the sitemap and link previews would point to a site that does not exist.",
      "The contact e-mail address is still a placeholder (example.com): e-mails visitors write from the site (Contact Us, password help, resident access) would go nowhere.",
      "The demo calendar address is still a placeholder (calendar.test): the demo dialog would show a calendar that does not exist.",
      "An external link https://app.example.org/signup is still a placeholder (app.example.org).",
      "The live webhook for assessment leads is still a placeholder (hooks.example.com): on the published site every assessment request would fail.",
      "An external link https://linkedin.example/urbi is still a placeholder (linkedin.example).",
      "An e-mail link mailto:sales@example.org?subject=Hello is still a placeholder (example.org).",
    ]);
    for (const i of issues) {
      expect(i.severity).toBe("warning");
      expect(i.group).toBe(PLACEHOLDER_GROUP);
      expect(i.hint).toBe("Replace it with the real address before publishing; `npm run build -- --strict` fails while any address is a placeholder.");
    }
    // Described addresses keep their sentence under their line in the report; the others need none.
    expect(issues.filter((i) => i.note).map((i) => i.pointer)).toEqual(["/url", "/contactEmail", "/links/calendar", "/leads/live"]);
    expect(placeholderIssues([site], schemas, "error").every((i) => i.severity === "error")).toBe(true);
  });

  it("say nothing for real addresses, addresses of this site and host names", () => {
    const real = siteText.replace(/example\.(com|org)|calendar\.test|linkedin\.example/g, "urbi.ca");
    expect(placeholderIssues([json("content/site.json", "site", "site", real)], schemas)).toEqual([]);
  });

  it("find links in pages' sections (the section's own schema: a link) and in Markdown text (an address in the text)", () => {
    const text = `{
  "$schema": "../../schemas/page.schema.json",
  "sections": [
    { "type": "intro", "heading": "Hi", "text": "Read [the guide](https://help.example.com/guide) first." },
    { "type": "hero", "heading": "Hi", "actions": [{ "label": "Join", "href": "https://konnect.example.com/signup" }] }
  ]
}`;
    const issues = placeholderIssues([json("content/pages/x.json", "page", "x", text)], schemas);
    expect(located(issues)).toEqual([
      // Inside a JSON text, escapes make the raw column unknowable: the text's own position.
      `${where(text, '"Read [')} /sections/0/text https://help.example.com/guide`,
      `${where(text, '"https://konnect')} /sections/1/actions/0/href https://konnect.example.com/signup`,
    ]);
    expect(issues.map((i) => i.message)).toEqual([
      "An address in the text https://help.example.com/guide is still a placeholder (help.example.com).",
      "An external link https://konnect.example.com/signup is still a placeholder (konnect.example.com).",
    ]);
  });

  it("find e-mail fields by their schema's format, in any content file", () => {
    const people: SchemaSet = {
      byPath: new Map([
        [
          "collections/people.schema.json",
          { type: "object", properties: { items: { type: "array", items: { type: "object", properties: { email: { type: "string", format: "email" }, note: { type: "string" } } } } } },
        ],
      ]),
      sectionTypes: new Map(),
      collections: new Map([["people", "collections/people.schema.json"]]),
    };
    const text = `{ "items": [{ "email": "ann@shop.test", "note": "ann@shop.test" }, { "email": "bob@urbi.ca" }] }`;
    const issues = placeholderIssues([json("content/collections/people.json", "collection", "people", text)], people);
    expect(issues.map((i) => [`${i.line}:${i.column}`, i.pointer, i.message])).toEqual([["1:24", "/items/0/email", "An e-mail address ann@shop.test is still a placeholder (shop.test)."]]);
  });

  it("find addresses in guides at their own line and column: front matter and Markdown", () => {
    const text = [
      "---",
      "title: A guide",
      "description: Written with the team at https://team.example.net, for everyone.",
      "---",
      "",
      "First line with [a link](https://a.example.com).",
      "",
      "Third line, then <mailto:help@b.invalid> and [a real one](https://urbi.ca).",
    ].join("\n");
    const entry = { route: "/resources/guides/g", collection: "guides", schema: "guide.schema.json", rules: {} };
    const guide: SourceFile = { file: "content/guides/g.md", kind: "guide", name: "g", entry, ...parseFrontMatter(text) };
    expect(located(placeholderIssues([guide], schemas))).toEqual([
      `${where(text, "https://team")} /description https://team.example.net`,
      `${where(text, "https://a.")} /body https://a.example.com`,
      `${where(text, "mailto:help")} /body mailto:help@b.invalid`,
    ]);
  });

  it("read any data without failing: wrong types, odd keys, files named after no collection", () => {
    const odd = `{ "__proto__": "https://a.example.com", "constructor": ["https://b.example.com"], "url": 3, "links": "https://c.example.com", "sections": [null, 4, { "type": "nope", "href": "https://d.example.com" }] }`;
    const files = [json("content/site.json", "site", "site", odd), json("content/pages/y.json", "page", "y", odd), json("content/collections/nope.json", "collection", "nope", odd)];
    const issues = placeholderIssues(files, schemas);
    // (The JSON parser drops a "__proto__" field: nothing to find there.)
    expect(issues.map((i) => `${i.file} ${i.pointer}`)).toEqual(
      files.flatMap((f) => ["/constructor/0", "/links", "/sections/2/href"].map((p) => `${f.file} ${p}`)),
    );
    expect(placeholderIssues([{ file: "content/site.json", kind: "site", name: "site", data: "https://e.example.com", positions: new Map() }], schemas)).toHaveLength(1);
  });
});

describe("the pipeline", () => {
  const placeholders = (issues: Issue[]) => issues.filter((i) => i.group === PLACEHOLDER_GROUP);

  it("warns about every placeholder address of the site, in every kind of file, and nothing else of the check changes", async () => {
    const result = await runPipeline(project(), { mode: "check" });
    expect(result.ok).toBe(true);
    const found = placeholders(result.issues);
    expect(found.every((i) => i.severity === "warning")).toBe(true);
    expect(new Set(found.map((i) => i.file))).toEqual(new Set(["content/site.json", "content/pages/products/urbi-konnect.json", "content/pages/resources/index.json", "content/guides/getting-started.md"]));
    const pointers = found.filter((i) => i.file === "content/site.json").map((i) => i.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining(["/url", "/contactEmail", "/links/calendar", "/links/caseStudy", "/links/help", "/appStores/0/href", "/footer/social/0/href", "/leads/live"]),
    );
    expect(pointers.filter((p) => p.startsWith("/leads/test"))).toEqual([]);
    expect(result.issues.filter((i) => !placeholders([i]).length)).toEqual([]);
  });

  it("with strict, makes them errors and stops, reporting other mistakes with them; without, leaves them out while content has errors", async () => {
    const strict = await runPipeline(project(), { mode: "check", strict: true });
    expect(strict.ok).toBe(false);
    expect(strict.issues.length).toBeGreaterThan(20);
    expect(strict.issues.every((i) => i.severity === "error" && i.group === PLACEHOLDER_GROUP)).toBe(true);

    const site = readFileSync(path.join(ROOT, "content/site.json"), "utf8");
    const broken = { "content/site.json": site.replace('"brand": "Urbi"', '"brand": 3') };
    const both = await runPipeline(project(broken), { mode: "check", strict: true });
    expect(both.issues.filter((i) => !i.group).map((i) => i.pointer)).toEqual(["/brand"]);
    expect(placeholders(both.issues).length).toBe(strict.issues.length);
    const lenient = await runPipeline(project(broken), { mode: "check" });
    expect(lenient.issues.map((i) => i.pointer)).toEqual(["/brand"]);
  });

  it("with strict, passes once every address is real", async () => {
    const files: Record<string, string> = {};
    for (const abs of await listFiles(path.join(ROOT, "content"))) {
      if (!/\.(json|md)$/.test(abs)) continue;
      const text = readFileSync(abs, "utf8");
      const real = text.replace(/(https?:\/\/|@)([a-z0-9.-]+\.)?(example\.(com|org|net)|[a-z]+\.example)\b/g, "$1$2urbi.ca");
      if (real !== text) files[path.relative(ROOT, abs)] = real;
    }
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(4);
    const result = await runPipeline(project(files), { mode: "check", strict: true });
    expect(result.issues).toEqual([]);
    expect(result.ok).toBe(true);
  });
});

describe("npm run build -- --strict", () => {
  it("exits 1 listing every placeholder as an error, and leaves dist/ untouched", async () => {
    const p = project();
    const expected = placeholders(await runPipeline(p, { mode: "check" }));
    mkdirSync(p.dist);
    const marker = path.join(p.dist, "index.html");
    writeFileSync(marker, "the previous build");
    const before = statSync(marker).mtimeMs;
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts", "--strict"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, SSG_PROJECT_ROOT: p.root },
    });
    expect(run.status).toBe(1);
    for (const i of expected) expect(run.stderr).toContain(`error[placeholder-address]: ${i.file}:${i.line}:${i.column} ${i.pointer}  ${i.detail}\n`);
    expect(run.stderr).toContain(`${expected.length} errors in content (${expected.length} placeholder addresses in 4 files). Nothing was written; dist/ is unchanged.`);
    expect(run.stdout).not.toContain("Built");
    expect(readdirSync(p.dist)).toEqual(["index.html"]);
    expect(readFileSync(marker, "utf8")).toBe("the previous build");
    expect(statSync(marker).mtimeMs).toBe(before);
  });

  function placeholders(result: { issues: Issue[] }) {
    return result.issues.filter((i) => i.group === PLACEHOLDER_GROUP);
  }
});
