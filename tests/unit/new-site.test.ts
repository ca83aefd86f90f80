/**
 * The generator on a site of its own: `npm run new-site` writes the starter, and
 * `npm run build -- --project <dir>` builds it with nothing of the Building OS site in
 * it; a misspelt section type is reported at its file, line and column with a
 * did-you-mean, and the site's dist/ keeps its previous build. (The starter's island
 * running in a browser: tests/e2e/new-site.spec.ts.)
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeStarter } from "../../scripts/new-site.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { fingerprint } from "./support/fingerprint.ts";

let parent: string;
let site: string;

function build(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/build.ts", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, out }));
  });
}

beforeAll(() => {
  // In the repository (.test-projects/, ignored by git): the site finds the generator and React in the repository's node_modules,
  // as an installed site finds them in its own (tests/unit/package.test.ts installs one for real).
  mkdirSync(path.join(ROOT, ".test-projects"), { recursive: true });
  parent = mkdtempSync(path.join(ROOT, ".test-projects", "new-site-"));
  site = path.join(parent, "my-site");
  writeStarter(site);
});
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe("a new site", () => {
  it("is written with its site module, a section type and its schema, an island and $schema lines, and refuses a folder with files", () => {
    const files = readdirSync(site, { recursive: true }).map(String);
    for (const f of ["templates/site.ts", "templates/sections/Hello.tsx", "schemas/sections/hello.schema.json", "templates/islands/Counter.tsx", "content/pages/index.json", "content/pages/404.json"])
      expect(files).toContain(f);
    expect(JSON.parse(readFileSync(path.join(site, "content/pages/index.json"), "utf8")).$schema).toBe("../../schemas/page.schema.json");
    expect(() => writeStarter(site)).toThrow(/already has files/);
  });

  it("is a project of its own: its package.json depends on the generator by a relative path and names the commands, with a .gitignore, a tsconfig, a README and a CI workflow, and no link", () => {
    const pkg = JSON.parse(readFileSync(path.join(site, "package.json"), "utf8")) as { scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };
    for (const name of ["dev", "build", "check", "studio", "test"]) expect(pkg.scripts[name]).toMatch(/^json-site /);
    expect(pkg.dependencies["json-site"]).toBe(`file:${path.relative(site, path.join(ROOT, "scripts")).split(path.sep).join("/")}`);
    expect(readFileSync(path.join(site, ".npmrc"), "utf8")).toMatch(/^install-links=true$/m);
    // The packages it adds are those this repository is tested with (one React: the site's and the generator's the same version).
    const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { version: string }> };
    for (const [name, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) if (name !== "json-site") expect(`${name}@${lock.packages[`node_modules/${name}`]?.version}`).toBe(`${name}@${version}`);
    const ignored = readFileSync(path.join(site, ".gitignore"), "utf8").split("\n");
    for (const entry of ["node_modules/", "dist/", "data/"]) expect(ignored).toContain(entry);
    expect((JSON.parse(readFileSync(path.join(site, "tsconfig.json"), "utf8")) as { compilerOptions: { jsx: string } }).compilerOptions.jsx).toBe("react-jsx");
    expect(readFileSync(path.join(site, ".github/workflows/site.yml"), "utf8")).toContain("npm test");
    expect(readFileSync(path.join(site, "README.md"), "utf8")).toContain("npm run dev");
    const links = readdirSync(site, { recursive: true, withFileTypes: true }).filter((e) => e.isSymbolicLink());
    expect(links).toEqual([]);
  });

  it("builds with --project into its own dist/, with no Building OS content, React never in the browser", async () => {
    const { code, out } = await build("--project", site);
    expect(code, out).toBe(0);
    expect(out).toMatch(/Built 2 pages/);
    const html = readFileSync(path.join(site, "dist/index.html"), "utf8");
    expect(html).toContain("Hello, world");
    expect(html).toMatch(/<ssg-island data-island="Counter">/);
    const everything = readdirSync(path.join(site, "dist"), { recursive: true })
      .map(String)
      .filter((f) => /\.(html|js|json|xml|txt|webmanifest)$/.test(f))
      .map((f) => readFileSync(path.join(site, "dist", f), "utf8"))
      .join("\n");
    expect(everything).not.toMatch(/building.?os|urbi|kore|konnect/i);
    const islands = readdirSync(path.join(site, "dist/assets/islands")).map((f) => readFileSync(path.join(site, "dist/assets/islands", f), "utf8"));
    expect(islands.join("\n")).not.toMatch(/react-dom|__SECRET_INTERNALS|ReactCurrentDispatcher/);
  }, 120_000);

  it("reports a misspelt section type at its file, line and column with a did-you-mean, and keeps the previous dist/", async () => {
    const before = fingerprint(path.join(site, "dist"));
    const page = path.join(site, "content/pages/index.json");
    const good = readFileSync(page, "utf8");
    writeFileSync(page, good.replace('"type": "hello"', '"type": "helo"'));
    try {
      const { code, out } = await build("--project", site);
      expect(code).toBe(1);
      const line = good.split("\n").findIndex((l) => l.includes('"type": "hello"')) + 1;
      const column = good.split("\n")[line - 1]!.indexOf('"hello"') + 1;
      // Named from where the command runs (the repository), or in full when that is two or more folders up (scripts/build.ts).
      const file = path.join(site, "content/pages/index.json");
      const shown = path.relative(ROOT, file).startsWith(`..${path.sep}..`) ? file : path.relative(ROOT, file);
      expect(out).toContain(`error[unknown-section-type]: ${shown}:${line}:${column} /sections/0/type`);
      expect(out).toContain('Did you mean "hello"?');
      expect(fingerprint(path.join(site, "dist"))).toBe(before);
    } finally {
      writeFileSync(page, good);
    }
  }, 120_000);

  it("stops with one sentence, naming the file and line, when its site module throws or imports what does not exist, and keeps the previous dist/", async () => {
    const before = fingerprint(path.join(site, "dist"));
    const module = path.join(site, "templates/site.ts");
    const good = readFileSync(module, "utf8");
    try {
      writeFileSync(module, `throw new Error("the colours are not set");\n${good}`);
      const thrown = await build("--project", site);
      expect(thrown.code).toBe(1);
      expect(thrown.out.trim()).toBe("templates/site.ts (or a template it imports) could not be loaded: the colours are not set (at templates/site.ts:1:7). Nothing was written; dist/ is unchanged.");
      writeFileSync(module, good.replace('import { Head } from "./layout/Head.tsx";', 'import { Head } from "./layout/Heading.tsx";'));
      const missing = await build("--project", site);
      expect(missing.code).toBe(1);
      expect(missing.out.trim()).toBe("templates/site.ts (or a template it imports) could not be loaded: Cannot find module 'templates/layout/Heading.tsx' imported from templates/site.ts. Nothing was written; dist/ is unchanged.");
      expect(missing.out).not.toMatch(/\n\s+at /);
      expect(fingerprint(path.join(site, "dist"))).toBe(before);
    } finally {
      writeFileSync(module, good);
    }
  }, 120_000);

  it("finds a section type's component in any case (menu-grid: MenuGrid.tsx), checks standard formats like date, and names a missing component in one sentence", async () => {
    const write = (file: string, text: string) => writeFileSync(path.join(site, file), text);
    const read = (file: string) => readFileSync(path.join(site, file), "utf8");
    const [page, pageSchema] = [read("content/pages/index.json"), read("schemas/page.schema.json")];
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      title: "MenuGridSection",
      type: "object",
      additionalProperties: false,
      required: ["type", "items"],
      properties: {
        type: { const: "menu-grid" },
        items: { type: "array", items: { type: "object", additionalProperties: false, required: ["name", "baked"], properties: { name: { type: "string" }, baked: { type: "string", format: "date" } } } },
      },
    };
    const component = 'export function MenuGrid({ section }: { section: { items: { name: string; baked: string }[] } }) {\n  return <section><h2>Menu</h2><ul>{section.items.map((i) => <li key={i.name}>{i.name}, baked {i.baked}</li>)}</ul></section>;\n}\n';
    const withMenu = (baked: string) => {
      const data = JSON.parse(page) as { sections: unknown[] };
      data.sections.push({ type: "menu-grid", items: [{ name: "Sourdough", baked }] });
      return JSON.stringify(data, null, 2);
    };
    try {
      write("schemas/sections/menu-grid.schema.json", JSON.stringify(schema, null, 2));
      const pages = JSON.parse(pageSchema) as { properties: { sections: { items: { oneOf: unknown[] } } } };
      pages.properties.sections.items.oneOf.push({ $ref: "sections/menu-grid.schema.json" });
      write("schemas/page.schema.json", JSON.stringify(pages, null, 2));
      write("templates/sections/MenuGrid.tsx", component);
      write("content/pages/index.json", withMenu("2026-11-28"));
      const built = await build("--project", site);
      expect(built.code, built.out).toBe(0);
      expect(readFileSync(path.join(site, "dist/index.html"), "utf8")).toContain("Sourdough, baked 2026-11-28");

      write("content/pages/index.json", withMenu("28/11/2026"));
      const badDate = await build("--project", site);
      expect(badDate.code).toBe(1);
      expect(badDate.out).toMatch(/error\[invalid-format\]: .*index\.json:\d+:\d+ \/sections\/1\/items\/0\/baked/);
      expect(badDate.out).toContain("is not a valid date (year-month-day, like 2026-11-28)");

      write("content/pages/index.json", withMenu("2026-11-28"));
      rmSync(path.join(site, "templates/sections/MenuGrid.tsx"));
      write("templates/sections/menugrid.tsx", component);
      const missing = await build("--project", site);
      expect(missing.code).toBe(1);
      expect(missing.out.trim()).toBe('templates/sections/MenuGrid.tsx is missing: the section type "menu-grid" (schemas/sections/menu-grid.schema.json) is rendered by it. templates/sections/menugrid.tsx is there: rename it to MenuGrid.tsx. Nothing was written; dist/ is unchanged.');
    } finally {
      for (const f of ["schemas/sections/menu-grid.schema.json", "templates/sections/MenuGrid.tsx", "templates/sections/menugrid.tsx"]) rmSync(path.join(site, f), { force: true });
      write("content/pages/index.json", page);
      write("schemas/page.schema.json", pageSchema);
    }
  }, 180_000);

  it("names the page, the section and the template's line when a section's component throws, in one sentence", async () => {
    const component = path.join(site, "templates/sections/Hello.tsx");
    const good = readFileSync(component, "utf8");
    try {
      writeFileSync(component, good.replace("  return (", '  if (section.heading === "Hello, world") throw new Error("the oven is cold");\n  return ('));
      const line = good.split("\n").findIndex((l) => l.startsWith("  return (")) + 1;
      const { code, out } = await build("--project", site);
      expect(code).toBe(1);
      expect(out.trim()).toMatch(
        new RegExp(`^The page / \\(content/pages/index\\.json\\) could not be rendered: the component of its section 1, "hello" \\(content/pages/index\\.json:\\d+:\\d+ /sections/0\\), threw "the oven is cold" at templates/sections/Hello\\.tsx:${line}:\\d+\\. Nothing was written; dist/ is unchanged\\.$`),
      );
    } finally {
      writeFileSync(component, good);
    }
  }, 120_000);

  it("tells a broken link a template writes by default from content, at the section whose template writes it", async () => {
    const component = path.join(site, "templates/sections/Hello.tsx");
    const good = readFileSync(component, "utf8");
    try {
      writeFileSync(component, good.replace("{section.text && <p className=\"text-lg\">{section.text}</p>}", '{section.text && <p className="text-lg">{section.text}</p>}\n      {!section.link && <a href="/menu">See the menu</a>}'));
      expect(readFileSync(component, "utf8")).toContain('href="/menu"');
      const { code, out } = await build("--project", site);
      expect(code).toBe(1);
      expect(out).toMatch(/error\[template-broken-link\]: .*content\/pages\/index\.json:\d+:\d+ \/sections\/0\n/);
      expect(out).toContain('The page / links to /menu, which is not built. The link is not in content: the template of its section 1, "hello" (templates/sections/Hello.tsx), writes it.');
    } finally {
      writeFileSync(component, good);
    }
  }, 120_000);

  it("names a list that does not exist when a template reads it with useEntries", async () => {
    const component = path.join(site, "templates/sections/Hello.tsx");
    const good = readFileSync(component, "utf8");
    try {
      writeFileSync(component, good.replace('import { Island } from "json-site/api";', 'import { Island, useEntries } from "json-site/api";').replace("  return (", '  const posts = useEntries("posts");\n  return (').replace("{section.heading}</h1>", "{section.heading} ({posts.length})</h1>"));
      const { code, out } = await build("--project", site);
      expect(code).toBe(1);
      expect(out).toContain('threw "useEntries(\\"posts\\"): the site has no collection or Markdown kind named \\"posts\\"."');
    } finally {
      writeFileSync(component, good);
    }
  }, 120_000);

  it("says a fresh site's first mistake in one message, with nothing of esbuild's after it", async () => {
    const fresh = path.join(parent, "first-build");
    writeStarter(fresh);
    const page = path.join(fresh, "content/pages/index.json");
    const data = JSON.parse(readFileSync(page, "utf8")) as { sections: Record<string, unknown>[] };
    data.sections[0]!["link"] = { label: "About us", href: "/about" };
    delete data.sections[0]!["counter"];
    writeFileSync(page, JSON.stringify(data, null, 2));
    // The first build bundles the islands while content is checked: a content error ends it with that bundle under way.
    const { code, out } = await build("--project", fresh);
    expect(code).toBe(1);
    expect(out).toContain("error[broken-link]");
    expect(out.trim().endsWith("1 error in content. Nothing was written; dist/ is unchanged.")).toBe(true);
    expect(out).not.toMatch(/goroutine|deadlock/);
  }, 120_000);

  it("says so when the folder is not a site", async () => {
    const { code, out } = await build("--project", parent);
    expect(code).toBe(2);
    expect(out).toContain("is not a site: it has no content, schemas, templates folder");
  });
});
