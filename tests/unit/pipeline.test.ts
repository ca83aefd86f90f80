import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { PLACEHOLDER_GROUP } from "../../scripts/pipeline/stages/validate/placeholders.ts";
import { tempProject } from "./project.ts";
import { besideDist } from "../generator/support/versions.ts";
import { outputBytes } from "../../scripts/pipeline/stages/write/write.ts";

const projects: { cleanup(): void }[] = [];
afterAll(() => projects.forEach((p) => p.cleanup()));
function project(files: Record<string, string | null> = {}) {
  const p = tempProject(files);
  projects.push(p);
  return p;
}

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) out[path.relative(dir, path.join(e.parentPath, e.name))] = readFileSync(path.join(e.parentPath, e.name), "base64");
  return out;
}

const page = (extra: string) => `{
  "$schema": "../../schemas/page.schema.json",
  "title": "Test page",
  "description": "A page written by a test to check one behaviour of the generator end to end.",
  ${extra}
  "sections": [{ "type": "notFound", "heading": "Test heading", "link": { "label": "Home", "href": "/" } }]
}`;

describe("build", () => {
  it("writes a page per route, 404.html, the sitemap, robots.txt and hashed assets, with the CSS inlined", async () => {
    const p = project();
    const result = await runPipeline(p, { mode: "build" });
    // The site's placeholder addresses aside (placeholders.test.ts).
    expect(result.issues.filter((i) => i.group !== PLACEHOLDER_GROUP)).toEqual([]);
    const files = Object.keys(snapshot(p.dist)).sort();
    expect(files).toContain("index.html");
    expect(files).toContain("404.html");
    expect(files).toContain("sitemap.xml");
    expect(files).toContain("robots.txt");
    // The stylesheet is inlined in every page, not a file of its own.
    expect(files.some((f) => f.endsWith(".css"))).toBe(false);
    expect(readFileSync(path.join(p.dist, "index.html"), "utf8")).toMatch(/<head>.*<style>.*\.site-header.*<\/style>.*<\/head>/s);
    expect(files.some((f) => /^assets\/islands\/SiteHeader-\w+\.js$/.test(f))).toBe(true);
    expect(files.some((f) => /^assets\/hero-skyline-[a-z0-9]{10}\.svg$/.test(f))).toBe(true);
    const sitemap = readFileSync(path.join(p.dist, "sitemap.xml"), "utf8");
    expect(sitemap).toContain("<loc>https://www.example.com/</loc>");
    expect(sitemap).not.toContain("404");
  });

  it("gives byte-identical output for the same input", async () => {
    const a = await runPipeline(project(), { mode: "build", write: false });
    const b = await runPipeline(project(), { mode: "build", write: false });
    expect([...a.files.keys()]).toEqual([...b.files.keys()]);
    for (const [file, data] of a.files) expect(outputBytes(b.files.get(file)!).equals(outputBytes(data)), file).toBe(true);
  });

  it("serves aliases with the same content and a canonical link to the primary route", async () => {
    const p = project({ "content/pages/products/kore.json": page('"aliases": ["/kore"],').replace("../../schemas", "../../../schemas") });
    const result = await runPipeline(p, { mode: "build" });
    expect(result.ok).toBe(true);
    const primary = readFileSync(path.join(p.dist, "products/kore/index.html"), "utf8");
    const alias = readFileSync(path.join(p.dist, "kore/index.html"), "utf8");
    expect(alias).toBe(primary);
    expect(alias).toContain('<link rel="canonical" href="https://www.example.com/products/kore"/>');
    const sitemap = readFileSync(path.join(p.dist, "sitemap.xml"), "utf8");
    expect(sitemap).toContain("/products/kore</loc>");
    expect(sitemap).not.toContain("example.com/kore<");
  });

  it("leaves the previous dist/ untouched when content is broken", async () => {
    const p = project();
    expect((await runPipeline(p, { mode: "build" })).ok).toBe(true);
    const before = snapshot(p.dist);
    const broken = tempProject({ "content/pages/index.json": '{ "title": ' });
    projects.push(broken);
    const result = await runPipeline({ ...broken, dist: p.dist }, { mode: "build" });
    expect(result.ok).toBe(false);
    expect(snapshot(p.dist)).toEqual(before);
    expect((await besideDist(p.dist)).leftovers).toEqual([]);
  });

  it("escapes island props so that </script> in content cannot break out", async () => {
    const site = JSON.parse(readFileSync(path.join(process.cwd(), "content/site.json"), "utf8"));
    // The demo dialog's props are serialized into every page that can open it.
    site.dialogs.demo.title = "Book </script><script>alert(1)</script> now";
    const p = project({ "content/site.json": JSON.stringify(site, null, 2) });
    const result = await runPipeline(p, { mode: "build", write: false });
    expect(result.ok).toBe(true);
    const html = String(result.files.get("index.html"));
    expect(html).not.toContain("<script>alert(1)");
    const props = [...html.matchAll(/<script type="application\/json" data-island-props="">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(props.map((p) => p.title)).toContain("Book </script><script>alert(1)</script> now");
  });

  it("loads only the islands a page uses", async () => {
    const result = await runPipeline(project(), { mode: "build", write: false });
    const home = String(result.files.get("index.html"));
    const notFound = String(result.files.get("404.html"));
    expect(home).toMatch(/SiteHeader-\w+\.js/);
    expect(home).not.toMatch(/PathLogger-\w+\.js/);
    expect(notFound).toMatch(/PathLogger-\w+\.js/);
  });

  it("puts the assessment wizard only on pages whose buttons open it", async () => {
    const result = await runPipeline(project(), { mode: "build", write: false });
    const home = String(result.files.get("index.html"));
    const notFound = String(result.files.get("404.html"));
    expect(home).toContain('data-open="assessment"');
    expect(home).toContain('data-island="AssessmentDialog"');
    expect(notFound).not.toContain('data-open="assessment"');
    expect(notFound).not.toContain('data-island="AssessmentDialog"');
    expect(notFound).toContain('data-island="DemoDialog"');
  });

  it("ships no React to the browser", async () => {
    const result = await runPipeline(project(), { mode: "build", write: false });
    const js = [...result.files].filter(([f]) => f.endsWith(".js")).map(([, d]) => outputBytes(d).toString("utf8")).join("\n");
    expect(js).not.toMatch(/react\.(production|development)|__SECRET_INTERNALS|ReactCurrentDispatcher/);
    expect(js.length).toBeGreaterThan(0);
  });

  it("check mode validates without writing anything", async () => {
    const p = project();
    const result = await runPipeline(p, { mode: "check" });
    expect(result.ok).toBe(true);
    const paths = result.routes.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(["/", "/404", "/products/urbi-kore", "/urbi-kore"]));
    expect(paths).toEqual([...paths].sort());
    expect(existsSync(p.dist)).toBe(false);
  });

  it("reports every error of a run, across files", async () => {
    const p = project({
      "content/pages/a.json": page('"header": "dark",'),
      "content/pages/b.json": page('"demoTitle": 3,'),
    });
    const result = await runPipeline(p, { mode: "check" });
    expect(result.issues.map((i) => `${i.file} ${i.pointer}`)).toEqual(["content/pages/a.json /header", "content/pages/b.json /demoTitle"]);
  });

  it("rejects file names that cannot become addresses", async () => {
    const result = await runPipeline(project({ "content/pages/About Us.json": page("") }), { mode: "check" });
    expect(result.issues.map((i) => i.message)).toEqual(['The file name "About Us.json" cannot become an address.']);
  });
});
