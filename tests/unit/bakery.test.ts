/**
 * The bakery (tests/fixtures/bakery): a site made as the docs say, laid over what `json-site new`
 * writes. A collection of breads, section types in kebab case, a date field, a blog index that
 * lists its posts with useEntries (no list kept by hand: a new post shows there), and an island
 * that posts an order to the site's receiver. Built, type-checked and served from the outside,
 * as its developer would run it.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { writeStarter } from "../../scripts/new-site.ts";

let parent: string;
let site: string;

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, out }));
  });
}
const jsonSite = (...args: string[]) => run([path.join(ROOT, "scripts/cli.mjs"), ...args, "--project", site]);
const page = (route: string) => readFileSync(path.join(site, "dist", route, "index.html"), "utf8");
const warnings = (out: string) => [...out.matchAll(/^warning\[([a-z-]+)\]/gm)].map((m) => m[1]);

beforeAll(async () => {
  // In the repository (.test-projects/, ignored by git), so that its templates find the generator and React in its node_modules.
  mkdirSync(path.join(ROOT, ".test-projects"), { recursive: true });
  parent = mkdtempSync(path.join(ROOT, ".test-projects", "bakery-"));
  site = path.join(parent, "bakery");
  writeStarter(site);
  cpSync(path.join(ROOT, "tests/fixtures/bakery"), site, { recursive: true, filter: (src) => path.basename(src) !== "README.md" });
  const types = await jsonSite("types");
  expect(types.code, types.out).toBe(0);
}, 120_000);
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe("the bakery, a site made from the docs", () => {
  it("builds: the breads with their prices, the posts newest first on the blog, a page per post, the order form's island", async () => {
    const { code, out } = await jsonSite("build");
    expect(code, out).toBe(0);
    // The posts are linked from the blog index a template draws, and the breads are used: no warning but the placeholder address.
    expect(warnings(out)).toEqual(["placeholder-address"]);
    const home = page("");
    for (const [id, price] of [["sourdough", "$7.50"], ["rye", "$6.00"], ["baguette", "$3.25"]] as const) expect(home).toMatch(new RegExp(`data-bread="${id}"[^]*?${price.replace("$", "\\$")}`));
    const blog = page("blog");
    expect([...blog.matchAll(/data-post="([a-z-]+)"/g)].map((m) => m[1])).toEqual(["closed-monday", "winter-rye", "starter-care"]);
    expect(blog).toContain('href="/blog/winter-rye"');
    expect(page("blog/winter-rye")).toMatch(/<h1[^>]*>Dark rye is back for the winter<\/h1>/);
    expect(page("order")).toMatch(/<ssg-island data-island="OrderForm">/);
  }, 120_000);

  it("type-checks its templates with its own tsconfig", async () => {
    const { code, out } = await run([path.join(ROOT, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", site]);
    expect(code, out).toBe(0);
  }, 120_000);

  it("lists a new post on the blog with no other edit, and stops at a date that is not one", async () => {
    const post = path.join(site, "content/posts/new-oven.md");
    writeFileSync(post, "---\ntitle: A new oven in the back room\ndescription: The second oven is in, so the baguettes come out an hour earlier from next week on.\ndate: 2026-11-27\n---\n\n## Earlier baguettes\n\nFrom six.\n");
    try {
      const built = await jsonSite("build");
      expect(built.code, built.out).toBe(0);
      expect([...page("blog").matchAll(/data-post="([a-z-]+)"/g)].map((m) => m[1])).toEqual(["new-oven", "closed-monday", "winter-rye", "starter-care"]);
      writeFileSync(post, readFileSync(post, "utf8").replace("date: 2026-11-27", "date: 27/11/2026"));
      const wrong = await jsonSite("build");
      expect(wrong.code).toBe(1);
      expect(wrong.out).toMatch(/error\[invalid-format\]: .*content\/posts\/new-oven\.md:4:7 \/date/);
    } finally {
      rmSync(post, { force: true });
    }
    const back = await jsonSite("build");
    expect(back.code, back.out).toBe(0);
    expect(page("blog")).not.toContain("new-oven");
  }, 180_000);

  it("takes an order at its receiver, and refuses one with a wrong email, saving nothing of it", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const server = spawn(process.execPath, [path.join(ROOT, "scripts/cli.mjs"), "start", "--project", site], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
    try {
      await new Promise<void>((resolve, reject) => {
        let out = "";
        server.stdout!.on("data", (d: Buffer) => ((out += d), out.includes("Serving") && resolve()));
        server.on("exit", (code) => reject(new Error(`the server stopped (${code}): ${out}`)));
      });
      const send = (order: object) => fetch(`http://127.0.0.1:${port}/api/orders`, { method: "POST", headers: { "Content-Type": "application/json", Origin: `http://127.0.0.1:${port}` }, body: JSON.stringify(order) });
      const order = { bread: "rye", pickup: "2026-12-01", name: "Ada Baker", email: "ada@example.org" };
      const taken = await send(order);
      expect(taken.status, await taken.clone().text()).toBe(201);
      const file = path.join(site, "data/orders.jsonl");
      expect(existsSync(file)).toBe(true);
      expect(JSON.parse(readFileSync(file, "utf8").trim())).toMatchObject(order);
      const refused = await send({ ...order, email: "ada at example" });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(1);
    } finally {
      server.kill();
    }
  }, 120_000);
});
