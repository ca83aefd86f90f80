/**
 * Schema rules editors meet:
 * - every "pattern" in schemas/ carries its rule in plain words ("x-rule"), which the
 *   message of a value that breaks it quotes, and the hint suggests a corrected value
 *   where one can be worked out (stages/validate/validate.ts textFix), never one the field refuses;
 * - every section type takes "hidden": true, which parks the section: still checked,
 *   left out of the page, and what it names does not count as shown.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listFiles } from "../../scripts/lib/fs.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { embedCode, textFix } from "../../scripts/pipeline/stages/validate/validate.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { problem } from "../../scripts/problems/errors.ts";
import { location } from "../../scripts/problems/issues.ts";
import { PLACEHOLDER_GROUP } from "../../scripts/pipeline/stages/validate/placeholders.ts";
import { projectsRemovedAfterAll } from "./project.ts";
import { outputBytes } from "../../scripts/pipeline/stages/write/write.ts";

const tempProject = projectsRemovedAfterAll(afterAll);

const SCHEMAS = path.join(ROOT, "schemas");
const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** Every schema object in a JSON document that has the keyword `keyword`, with its JSON pointer. */
function nodesWith(node: unknown, keyword: string, pointer = ""): { pointer: string; node: Record<string, unknown> }[] {
  if (typeof node !== "object" || node === null) return [];
  const here = !Array.isArray(node) && keyword in node ? [{ pointer, node: node as Record<string, unknown> }] : [];
  return [...here, ...Object.entries(node).flatMap(([k, v]) => nodesWith(v, keyword, `${pointer}/${escape(k)}`))];
}

const schemaFiles = async () => (await listFiles(SCHEMAS)).filter((f) => f.endsWith(".json")).sort();

describe("every pattern has its rule in plain words", () => {
  it("each schema object with a \"pattern\" has an \"x-rule\": a clause that follows \"this field takes\"", async () => {
    const missing: string[] = [];
    let patterns = 0;
    for (const abs of await schemaFiles()) {
      const file = path.relative(ROOT, abs).split(path.sep).join("/");
      for (const { pointer, node } of nodesWith(JSON.parse(readFileSync(abs, "utf8")), "pattern")) {
        // A property named "pattern" (in "properties") is a field, not the keyword.
        if (typeof node["pattern"] !== "string") continue;
        patterns++;
        const rule = node["x-rule"];
        if (typeof rule !== "string" || rule.trim() === "") missing.push(`${file}#${pointer}: "pattern" ${JSON.stringify(node["pattern"])} has no "x-rule"`);
        // The message adds the full stop, and reads "…: this field takes <rule>."
        else if (/\.$/.test(rule) || /^[A-Z][a-z]/.test(rule))
          missing.push(`${file}#${pointer}: "x-rule" should be a clause in lower case without a final full stop: ${JSON.stringify(rule)}`);
      }
    }
    expect(patterns).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it("an \"x-rule\" stands beside a pattern or a minimum length only (it would be read nowhere else)", async () => {
    const stray: string[] = [];
    for (const abs of await schemaFiles())
      for (const { pointer, node } of nodesWith(JSON.parse(readFileSync(abs, "utf8")), "x-rule"))
        if (typeof node["pattern"] !== "string" && typeof node["minLength"] !== "number") stray.push(`${path.relative(ROOT, abs)}#${pointer}`);
    expect(stray).toEqual([]);
  });
});

describe("the message of a broken pattern", () => {
  it("says the rule, and the hint the corrected value", () => {
    const p = problem("malformed-text", { found: 'the text "Front Desk"', rule: "lower-case letters, digits and dashes only, starting with a letter", fix: { kind: "rewrite", value: "front-desk" } });
    expect(p.message).toBe('The text "Front Desk" is not allowed here: this field takes lower-case letters, digits and dashes only, starting with a letter.');
    expect(p.hint).toBe('Write it as "front-desk".');
    expect(p.message).not.toMatch(/expected form|must match/);
  });

  it("falls back on the field's description and example for a pattern without a rule (a site whose schemas have none)", () => {
    const p = problem("malformed-text", { found: 'the text "x"', description: "A code.", example: '"ab"' });
    expect(p.message).toBe('The text "x" is not in the expected form. A code.');
    expect(p.hint).toBe('For example: "ab"');
  });
});

describe("corrected values (textFix)", () => {
  const ID = /^[a-z][a-z0-9-]*$/u;
  const ADDRESS = /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/u;
  const HTTPS = /^https:\/\//u;
  const asset = { "x-asset": true };
  const ASSET = /^assets\/[a-z0-9-]+(\/[a-z0-9-]+)*\.(svg|png|jpe?g|webp|avif)$/u;

  it.each([
    ["an id in words", "Front Desk", ID, undefined, { kind: "rewrite", value: "front-desk" }],
    ["an id with accents and capitals", "Café Owners", ID, undefined, { kind: "rewrite", value: "cafe-owners" }],
    ["an address in capitals", "/About-Us", ADDRESS, undefined, { kind: "rewrite", value: "/about-us" }],
    ["an address without its slash", "pricing", ADDRESS, undefined, { kind: "add-leading-slash", value: "/pricing" }],
    ["an address with a slash at the end and none at the start", "company/", ADDRESS, undefined, { kind: "rewrite", value: "/company" }],
    ["an address with spaces around it", " https://example.com/a ", HTTPS, undefined, { kind: "trim", value: "https://example.com/a" }],
    ["http://", "http://help.example.com", HTTPS, undefined, { kind: "https", value: "https://help.example.com" }],
    ["no scheme", "www.example.com/signup", HTTPS, undefined, { kind: "add-https", value: "https://www.example.com/signup" }],
    ["a site address with a path", "https://www.example.com/en", /^https:\/\/[^/]+$/u, undefined, { kind: "origin", value: "https://www.example.com" }],
    ["a host written as an address", "https://Preview.example.com:8080/", /^[a-z0-9.-]+$/u, undefined, { kind: "host", value: "preview.example.com" }],
    ["a language code", "en_ca", /^[a-z]{2}(-[A-Z]{2})?$/u, undefined, { kind: "rewrite", value: "en-CA" }],
    ["an image with a leading /", "/assets/x.png", ASSET, asset, { kind: "drop-leading-slash", value: "assets/x.png" }],
    ["an image file named in words", "assets/Lobby Photo.PNG", ASSET, asset, { kind: "rename-file", value: "assets/lobby-photo.png", from: "Lobby Photo.PNG", to: "lobby-photo.png" }],
    ["an image without assets/", "hero.svg", ASSET, asset, { kind: "rewrite", value: "assets/hero.svg" }],
    ["a feature title with Coming Soon", "Audit trails (Coming Soon)", /^(?!.*[Cc][Oo][Mm][Ii][Nn][Gg] [Ss][Oo][Oo][Nn]).*$/u, undefined, { kind: "keep-part", value: "Audit trails" }],
    ["a feature title with its description after a dash", "Work orders – create and assign", /^(?!.*\s[-–—]\s)[^–—]*$/u, undefined, { kind: "keep-part", value: "Work orders" }],
    ["a description starting with a dash", "– Create work orders.", /^(?![-–—\s]).*$/u, undefined, { kind: "drop-leading-dash", value: "Create work orders." }],
  ])("%s", (_name, value, re, schema, fix) => {
    expect(textFix(value, re, schema)).toEqual(fix);
  });

  it("suggests nothing rather than a value the field refuses, or one that drops the words a text must hold", () => {
    expect(textFix("2fast", ID)).toBeUndefined(); // no repair makes it start with a letter
    expect(textFix("Show slide", /\{n\}/u)).toBeUndefined();
    // Ordinary text is not turned into lower-case-with-dashes (which would slip past "no Coming Soon").
    expect(textFix("Audit trails Coming Soon", /^(?!.*[Cc][Oo][Mm][Ii][Nn][Gg] [Ss][Oo][Oo][Nn]).*$/u)).toBeUndefined();
    // Nor is a / put in front of a sentence.
    expect(textFix("– x", /^(?![-–—\s]).*$/u, { minLength: 10 })).toBeUndefined();
  });

  it("respects the field's lengths", () => {
    expect(textFix("Audit trails (Coming Soon)", /^(?!.*Coming Soon).*$/u, { minLength: 20 })).toBeUndefined();
  });

  it("finds the address in an embed code", () => {
    expect(embedCode('<iframe src="https://calendar.example.com/x?a=1&amp;b=2" width="600"></iframe>')).toEqual({ tag: "iframe", address: "https://calendar.example.com/x?a=1&b=2" });
    expect(embedCode("  <A HREF='https://example.com'>x</A>")).toEqual({ tag: "a", address: "https://example.com" });
    expect(embedCode("<div>no address</div>")).toEqual({ tag: "div" });
    expect(embedCode("https://example.com/<b>")).toBeUndefined();
  });
});

describe("hidden sections", () => {
  it("every section type takes \"hidden\", from the shared definition", () => {
    const dir = path.join(SCHEMAS, "sections");
    const types = readdirSync(dir).filter((f) => f.endsWith(".schema.json"));
    expect(types.length).toBeGreaterThan(10);
    for (const file of types) {
      const schema = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { properties: Record<string, unknown> };
      expect(schema.properties["hidden"], file).toEqual({ $ref: "../defs.schema.json#/$defs/hidden" });
    }
  });

  it("a page builds without its hidden sections, and what only they listed is unused", async () => {
    const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
    const customers = read("content/pages/customers.json");
    const quote = (JSON.parse(read("content/collections/testimonials.json")) as { items: { id: string; content: string }[] }).items.find((t) => t.id === "board-president")!.content;
    // The section to hide, as it is: its text is on the page today.
    expect(customers).toContain('"heading": "What our customers say"');
    const project = tempProject({
      "content/pages/customers.json": customers.replace('"type": "testimonials",', '"type": "testimonials",\n      "hidden": true,'),
    });
    const result = await runPipeline(project, { mode: "build", write: false });
    expect(result.issues.filter((i) => i.severity === "error")).toEqual([]);
    expect(result.ok).toBe(true);
    // Nothing about the hiding itself; the one record only the hidden section listed reaches no visitor now.
    const warnings = result.issues.filter((i) => i.severity === "warning" && i.group !== PLACEHOLDER_GROUP);
    expect(warnings.map((i) => `${i.code} ${location(i)}`)).toEqual(["unused-record content/collections/testimonials.json:5:13 /items/0/id"]);

    const html = (file: string) => {
      const data = result.files.get(file);
      expect(data, file).toBeDefined();
      // The page's words without its tags (a name such as "Building OS" is wrapped to stay on one line).
      return data === undefined ? undefined : outputBytes(data).toString("utf8").replace(/<[^>]+>/g, "");
    };
    expect(html("customers/index.html")).toContain("Join the buildings already running on Building OS");
    expect(html("customers/index.html")).not.toContain("What our customers say");
    expect(html("customers/index.html")).not.toContain(quote.slice(0, 40));
  }, 120_000);
});
