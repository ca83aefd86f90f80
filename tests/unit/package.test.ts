/**
 * The generator as a user gets it. Packed (npm pack of scripts/), then, in an empty folder
 * outside this repository: `npm install <the packed file>`, `npx json-site new my-site`,
 * `cd my-site`, `npm install`; and there, with no --project and nothing of this repository's,
 * `json-site build`, `check`, `types` and `explain` work, tsc type-checks the templates, a
 * mistake is located, and a folder that is not a site is told so. Also the way the docs start
 * one from a clone (`npx json-site new ../my-site` here, the generator copied from scripts/).
 *
 * npm installs from its cache (the packages are those this repository's `npm ci` fetched, at the
 * same versions), else from the registry.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";

let parent: string;
/** The site made by the packed generator, installed in an empty folder. */
let site: string;
/** The site made from this clone, as docs/getting-started.md says. */
let fromClone: string;
let packed: { name: string; filename: string; files: { path: string }[] };

function run(cmd: string, args: string[], cwd: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    // Without the repository's own settings (a test run may set them): the site's folder decides.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("SSG_") && k !== "TSX_TSCONFIG_PATH" && !k.startsWith("npm_")));
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, out }));
  });
}
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const npmInstall = (cwd: string, ...args: string[]) => run(npm, ["install", ...args, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], cwd);
const bin = (name: string, at = site) => path.join(at, "node_modules", ".bin", name);

beforeAll(async () => {
  parent = mkdtempSync(path.join(os.tmpdir(), "json-site-package-"));
  const made = await run(npm, ["pack", "--json", "--loglevel=error", "--pack-destination", parent], path.join(ROOT, "scripts"));
  expect(made.code, made.out).toBe(0);
  packed = (JSON.parse(made.out) as (typeof packed)[])[0]!;
  const empty = path.join(parent, "empty");
  mkdirSync(empty);
  writeFileSync(path.join(empty, "package.json"), '{ "private": true }\n');
  site = path.join(empty, "my-site");
  fromClone = path.join(parent, "from-clone");
  const [installed, cloned] = await Promise.all([
    (async () => {
      const r = await npmInstall(empty, path.join(parent, packed.filename));
      if (r.code !== 0) return r;
      const n = await run(bin("json-site", empty), ["new", "my-site"], empty);
      if (n.code !== 0) return n;
      return npmInstall(site);
    })(),
    (async () => {
      const n = await run(process.execPath, [path.join(ROOT, "scripts/cli.mjs"), "new", fromClone], parent);
      return n.code !== 0 ? n : npmInstall(fromClone);
    })(),
  ]);
  expect(installed.code, installed.out).toBe(0);
  expect(cloned.code, cloned.out).toBe(0);
}, 900_000);
// Two installed sites are tens of thousands of files: removing them took over a minute on a busy CI
// machine, so the removal is asynchronous and has the install's own time limit.
afterAll(() => rm(parent, { recursive: true, force: true }), 900_000);

describe("the generator's package", () => {
  it("packs the generator with its command and public API, and nothing of the Building OS site", () => {
    const files = packed.files.map((f) => f.path);
    expect(packed.name).toBe("json-site");
    for (const f of ["package.json", "cli.mjs", "api.ts", "islands-api.ts", "forms-api.ts", "lib/run-bundle.cjs", "tsconfig.json"]) expect(files).toContain(f);
    expect(files.filter((f) => /^(content|schemas|templates|tests|bench|docs)\//.test(f) || /(^|\/)(bench|shots|studio-shots)\.ts$/.test(f))).toEqual([]);
    // The generator's code only: no file with the site's content ("$schema" lines) or its pictures.
    expect(files.filter((f) => /\.(png|jpe?g|webp|svg|woff2?)$/.test(f) || (f.endsWith(".json") && readFileSync(path.join(ROOT, "scripts", f), "utf8").includes('"$schema": "../')))).toEqual([]);
    expect(files.length).toBeLessThan(250);
  });

  it("new writes, from the packed generator, a site that depends on the same packed file and keeps dist/ and node_modules/ out of git", () => {
    const pkg = JSON.parse(readFileSync(path.join(site, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(pkg.dependencies["json-site"]).toBe(`file:../../${packed.filename}`);
    const ignored = readFileSync(path.join(site, ".gitignore"), "utf8").split("\n");
    expect(ignored).toEqual(expect.arrayContaining(["dist/", "node_modules/"]));
  });

  it("installs into a site of its own, one copy of React shared by the site and the generator", () => {
    expect(existsSync(path.join(site, "node_modules/json-site/cli.mjs"))).toBe(true);
    // Copied in, not linked to this repository.
    expect(realpathSync(path.join(site, "node_modules/json-site"))).toBe(path.join(realpathSync(site), "node_modules/json-site"));
    const fromSite = createRequire(path.join(site, "templates/site.ts")).resolve("react");
    const fromGenerator = createRequire(path.join(site, "node_modules/json-site/api.ts")).resolve("react");
    expect(fromGenerator).toBe(fromSite);
  });

  it("builds, checks and writes types in the site's folder, and tsc type-checks its templates", async () => {
    const built = await run(bin("json-site"), ["build"], site);
    expect(built.code, built.out).toBe(0);
    expect(built.out).toMatch(/Built 2 pages/);
    expect(readFileSync(path.join(site, "dist/index.html"), "utf8")).toContain("Hello, world");
    const pages = readdirSync(path.join(site, "dist"), { recursive: true }).map(String).filter((f) => /\.(html|json|xml|txt|webmanifest|js|css)$/.test(f));
    expect(pages.filter((f) => /building.?os|urbi|kore|konnect/i.test(readFileSync(path.join(site, "dist", f), "utf8")))).toEqual([]);
    // From a folder inside the site, as from its root.
    const checked = await run(bin("json-site"), ["check"], path.join(site, "content/pages"));
    expect(checked.code, checked.out).toBe(0);
    expect(checked.out).toContain("Content is valid: 2 routes checked");
    const types = await run(bin("json-site"), ["types"], site);
    expect(types.code, types.out).toBe(0);
    expect(readFileSync(path.join(site, "templates/content-types.ts"), "utf8")).toContain("HelloSection");
    const tsc = await run(bin("tsc"), ["--noEmit"], site);
    expect(tsc.code, tsc.out).toBe(0);
    // A template that misuses the API fails tsc (the check above can fail).
    const wrong = path.join(site, "templates/wrong.ts");
    writeFileSync(wrong, 'import { defineSite } from "json-site/api";\nexport const x: number = defineSite;\n');
    try {
      const failed = await run(bin("tsc"), ["--noEmit"], site);
      expect(failed.code).not.toBe(0);
      expect(failed.out).toContain("templates/wrong.ts");
    } finally {
      rmSync(wrong);
    }
  }, 300_000);

  it("locates a mistake, says which command explains it, and explains it there", async () => {
    const page = path.join(site, "content/pages/index.json");
    const good = readFileSync(page, "utf8");
    writeFileSync(page, good.replace('"type": "hello"', '"type": "helo"'));
    try {
      const { code, out } = await run(bin("json-site"), ["build"], site);
      expect(code).toBe(1);
      expect(out).toMatch(/error\[unknown-section-type\]: content\/pages\/index\.json:\d+:\d+ \/sections\/0\/type/);
      expect(out).toContain("see: npx json-site explain unknown-section-type");
    } finally {
      writeFileSync(page, good);
    }
    const explained = await run(bin("json-site"), ["explain", "unknown-section-type"], site);
    expect(explained.code, explained.out).toBe(0);
    expect(explained.out).toMatch(/^unknown-section-type: /);
  }, 120_000);

  it("builds the site made from this clone as docs/getting-started.md says, the generator copied in", async () => {
    expect(realpathSync(path.join(fromClone, "node_modules/json-site"))).toBe(path.join(realpathSync(fromClone), "node_modules/json-site"));
    const built = await run(bin("json-site", fromClone), ["build"], fromClone);
    expect(built.code, built.out).toBe(0);
    expect(readFileSync(path.join(fromClone, "dist/index.html"), "utf8")).toContain("Hello, world");
  }, 120_000);

  it("says so when run outside a site, and names its commands", async () => {
    const outside = await run(bin("json-site"), ["build"], parent);
    expect(outside.code).toBe(2);
    expect(outside.out).toContain("is not in a site: no folder here or above holds content/, schemas/ and templates/");
    const help = await run(bin("json-site"), ["--help"], parent);
    expect(help.code).toBe(0);
    for (const name of ["new", "dev", "build", "check", "studio", "types"]) expect(help.out).toMatch(new RegExp(`^  ${name}\\b`, "m"));
    const unknown = await run(bin("json-site"), ["biuld"], parent);
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain('json-site has no command "biuld". Did you mean "build"?');
  }, 60_000);
});
