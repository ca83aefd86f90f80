import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { addSizes, median, pageLoad, pageRefs, resolveRef, sizeOf, spread, staticImports } from "../../scripts/lib/sizes.ts";

describe("median", () => {
  it("takes the middle of an odd count, whatever the order", () => {
    expect(median([5, 1, 9, 3, 7])).toBe(5);
  });
  it("averages the two middle values of an even count", () => {
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });
  it("sorts numerically, not as strings", () => {
    expect(median([100, 9, 20])).toBe(20);
  });
  it("refuses an empty list", () => {
    expect(() => median([])).toThrow();
  });
  it("spread gives median, min and max", () => {
    expect(spread([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3 });
  });
});

describe("sizeOf", () => {
  it("counts UTF-8 bytes of strings", () => {
    expect(sizeOf("é").raw).toBe(2);
  });
  it("gives the size of a level-9 gzip that round-trips", () => {
    const text = "abc ".repeat(1000);
    const size = sizeOf(text);
    expect(size.raw).toBe(4000);
    expect(size.gzip).toBe(gzipSync(text, { level: 9 }).byteLength);
    expect(size.gzip).toBeLessThan(100);
    expect(gunzipSync(gzipSync(text, { level: 9 })).toString()).toBe(text);
  });
  it("adds sizes", () => {
    expect(addSizes([{ raw: 1, gzip: 2 }, { raw: 10, gzip: 20 }])).toEqual({ raw: 11, gzip: 22 });
  });
});

describe("resolveRef", () => {
  it.each([
    ["/assets/a.js", "/", "/assets/a.js"],
    ["./chunk-x.js", "/assets/islands/A.js", "/assets/islands/chunk-x.js"],
    ["../b.js", "/assets/islands/A.js", "/assets/b.js"],
    ["assets/site.css?v=2#x", "/blog/", "/blog/assets/site.css"],
    ["/assets/a%20b.css", "/", "/assets/a b.css"],
  ])("%s from %s is %s", (ref, from, expected) => {
    expect(resolveRef(ref, from)).toBe(expected);
  });
  it("leaves other origins out", () => {
    expect(resolveRef("https://cdn.example.com/x.js", "/")).toBeUndefined();
    expect(resolveRef("//cdn.example.com/x.js", "/")).toBeUndefined();
    expect(resolveRef("data:text/css,a{}", "/")).toBeUndefined();
  });
});

describe("staticImports", () => {
  it("finds minified static imports and re-exports", () => {
    const code = `import{a as d,b as f}from"./chunk-A.js";import"./side.js";import * as ns from './ns.js';export*from"./re.js";export{x}from"./rx.js";d(f)`;
    expect(staticImports(code)).toEqual(["./chunk-A.js", "./side.js", "./ns.js", "./re.js", "./rx.js"]);
  });
  it("leaves dynamic imports, strings and look-alike identifiers out", () => {
    const code = `const l=()=>import("./lazy.js");var e="import",t="./not.js";var import_x=1;a.import("./m.js");export default "./d.js";export const q="./q.js";`;
    expect(staticImports(code)).toEqual([]);
  });
});

describe("pageRefs", () => {
  it("reads stylesheets, module scripts, modulepreloads and classic scripts in order", () => {
    const html = `<!doctype html><html><head>
      <link href="/a.css" rel="stylesheet">
      <link rel="preload stylesheet" href='/b.css'/>
      <link rel="icon" href="/favicon.svg">
      <link rel=modulepreload href=/m/chunk.js>
      <!-- <link rel="stylesheet" href="/commented.css"> -->
      <script type="application/ld+json">{"a":"<link rel=\\"stylesheet\\" href=\\"/json.css\\">"}</script>
      <script type="module" src="/m/entry.js?x=1&amp;y=2"></script>
      <script src="/classic.js" defer></script>
      <script type="module">import "/m/inline-dep.js";</script>
    </head></html>`;
    const refs = pageRefs(html);
    expect(refs.stylesheets).toEqual(["/a.css", "/b.css"]);
    expect(refs.modules).toEqual(["/m/chunk.js", "/m/entry.js?x=1&y=2"]);
    expect(refs.classicScripts).toEqual(["/classic.js"]);
    expect(refs.inlineModules).toEqual(['import "/m/inline-dep.js";']);
  });
});

describe("pageLoad", () => {
  const files = new Map<string, string>([
    ["/assets/site.css", "body{color:red}"],
    ["/assets/islands/Menu-1.js", `import{a as b}from"./chunk-A.js";b()`],
    ["/assets/islands/chunk-A.js", `import"./chunk-B.js";export function a(){}`],
    ["/assets/islands/chunk-B.js", `import{a}from"./chunk-A.js";console.log(1)`],
    ["/assets/islands/Lazy.js", `export const z=1`],
  ]);
  const read = (p: string) => files.get(p);

  it("follows a script to a chunk that imports another chunk, counting all three once", () => {
    const html = `<link rel="stylesheet" href="/assets/site.css"><script type="module" src="/assets/islands/Menu-1.js"></script>`;
    const load = pageLoad(html, "/", read);
    expect(load.css.map((f) => f.path)).toEqual(["/assets/site.css"]);
    expect(load.js.map((f) => f.path)).toEqual(["/assets/islands/Menu-1.js", "/assets/islands/chunk-A.js", "/assets/islands/chunk-B.js"]);
    expect(load.js[0]).toEqual({ path: "/assets/islands/Menu-1.js", ...sizeOf(files.get("/assets/islands/Menu-1.js")!) });
    expect(load.unresolved).toEqual([]);
  });

  it("counts a chunk once when it is both preloaded and imported, and by two entries", () => {
    const html = `<link rel="modulepreload" href="/assets/islands/chunk-A.js">
      <script type="module" src="/assets/islands/Menu-1.js"></script>
      <script type="module" src="./assets/islands/Menu-1.js"></script>`;
    const load = pageLoad(html, "/", read);
    expect(load.js.map((f) => f.path).sort()).toEqual(["/assets/islands/Menu-1.js", "/assets/islands/chunk-A.js", "/assets/islands/chunk-B.js"]);
  });

  it("does not count files nothing loads before interaction", () => {
    const load = pageLoad(`<p>no scripts</p><a href="/assets/islands/Lazy.js">x</a>`, "/", read);
    expect(load).toEqual({ css: [], js: [], unresolved: [] });
  });

  it("names references no file answers, without failing", () => {
    const html = `<link rel="stylesheet" href="/missing.css"><script type="module" src="https://cdn.example.com/x.js"></script>`;
    const load = pageLoad(html, "/", read);
    expect(load.css).toEqual([]);
    expect(load.unresolved).toEqual(["/missing.css", "https://cdn.example.com/x.js"]);
  });
});
