/**
 * A clean build of the fixture site (tests/fixtures/site): every route at its file, the
 * not-found page, the sitemap and robots.txt, dist/_headers with the hash of the inlined
 * stylesheet, the Markdown kind's pages with their table of contents, records resolved
 * from their ids, a hashed content image with its size, and an island rendered on the
 * server and shipped to the browser without React.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, utimesSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFiles } from "../../scripts/lib/fs.ts";
import { headersForPath, parseHeadersFile } from "../../scripts/lib/headers-file.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { runPipeline, type BuildResult } from "../../scripts/pipeline/index.ts";
import { FIXTURE_TEMPLATES, fixturesRemovedAfterAll, type FixtureProject } from "./fixture.ts";

const project = fixturesRemovedAfterAll(afterAll);
let p: FixtureProject;
let result: BuildResult;
const read = (file: string) => readFileSync(path.join(p.dist, file), "utf8");
const day = (d: string) => new Date(`${d}T12:00:00Z`);

beforeAll(async () => {
  p = project();
  // The sitemap's dates: outside git, each file's modification time; a page's is the latest of the files it shows.
  for (const file of await listFiles(p.content)) utimesSync(file, day("2024-05-01"), day("2024-05-01"));
  utimesSync(path.join(p.content, "collections/kites.json"), day("2024-05-20"), day("2024-05-20"));
  utimesSync(path.join(p.content, "notes/repairs.md"), day("2024-06-02"), day("2024-06-02"));
  result = await runPipeline(p, { mode: "build" });
}, 60_000);

describe("a clean build of the fixture site", () => {
  it("succeeds with no issue at all, and writes each route to its file", () => {
    expect(result.issues).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.routes.map((r) => [r.path, r.output, r.status, r.page.file])).toEqual([
      ["/", "index.html", 200, "content/pages/index.json"],
      ["/404", "404.html", 404, "content/pages/404.json"],
      ["/about/team", "about/team/index.html", 200, "content/pages/about/team.json"],
      ["/notes/first-flight", "notes/first-flight/index.html", 200, "content/notes/first-flight.md"],
      ["/notes/repairs", "notes/repairs/index.html", 200, "content/notes/repairs.md"],
    ]);
    const written = readdirSync(p.dist, { recursive: true }).map(String).filter((f) => f.endsWith(".html")).sort();
    expect(written).toEqual(["404.html", "about/team/index.html", "index.html", "notes/first-flight/index.html", "notes/repairs/index.html"]);
    expect(read("about/team/index.html")).toContain('<title>Our team | Northwind Kites</title>');
    expect(read("about/team/index.html")).toContain('<link rel="canonical" href="https://northwind-kites.org/about/team"/>');
    expect(JSON.parse(read("routes.json"))).toContainEqual({ path: "/404", output: "404.html", canonical: "/404", status: 404, alias: false, source: "content/pages/404.json" });
  });

  it("makes 404.html the not-found page: not indexed, no canonical link", () => {
    const html = read("404.html");
    expect(html).toContain("<title>Page not found | Northwind Kites</title>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
    expect(read("index.html")).not.toContain('content="noindex"');
  });

  it("lists every page but the not-found page in the sitemap, dated by the latest file each shows, and points robots.txt at it", () => {
    expect(read("sitemap.xml")).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        // The home page shows the kites and both notes: its date is the newest of them (repairs.md).
        "  <url><loc>https://northwind-kites.org/</loc><lastmod>2024-06-02</lastmod></url>",
        "  <url><loc>https://northwind-kites.org/about/team</loc><lastmod>2024-05-01</lastmod></url>",
        "  <url><loc>https://northwind-kites.org/notes/first-flight</loc><lastmod>2024-05-01</lastmod></url>",
        "  <url><loc>https://northwind-kites.org/notes/repairs</loc><lastmod>2024-06-02</lastmod></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
    expect(read("robots.txt")).toBe("User-agent: *\nAllow: /\n\nSitemap: https://northwind-kites.org/sitemap.xml\n");
  });

  it("writes _headers with the inlined stylesheet's hash and the site module's sources and denied features", () => {
    const html = read("index.html");
    const style = /<style>(.*?)<\/style>/s.exec(html)![1]!;
    expect(style).toContain(".bg-sea{"); // Tailwind compiled the fixture's own classes
    const hash = `'sha256-${createHash("sha256").update(style, "utf8").digest("base64")}'`;
    const headers = new Map(headersForPath(parseHeadersFile(read("_headers")), "/").map(([n, v]) => [n.toLowerCase(), v]));
    const csp = headers.get("content-security-policy")!;
    expect(csp).toContain(`style-src 'self' ${hash};`);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' https://api.northwind-kites.org;");
    expect(csp).toContain("frame-src 'none';");
    expect(headers.get("permissions-policy")).toBe("camera=()");
    expect(headers.get("cache-control")).toBe("no-cache");
    expect(headersForPath(parseHeadersFile(read("_headers")), "/assets/mark-x.svg")).toContainEqual(["Cache-Control", "public, max-age=31536000, immutable"]);
    expect(JSON.parse(read("_headers.cloudfront.json")).pages.Name).toBe("kites-pages");
  });

  it("gives each note its page at the kind's route: the title as the only h1, a table of contents of its ## headings, anchors on them", () => {
    const html = read("notes/first-flight/index.html");
    expect(html).toContain("<title>The first flight | Northwind Kites</title>");
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('<h1 class="text-4xl font-bold">The first flight</h1>');
    expect(html).toContain('<nav aria-label="Contents"><ol class="list-decimal pl-6"><li><a href="#before-you-go">Before you go</a></li><li><a href="#on-the-beach">On the beach</a></li></ol></nav>');
    expect(html).toContain('<h2 id="before-you-go">Before you go</h2>');
    expect(html).toContain('<h2 id="on-the-beach">On the beach</h2>');
    expect(html).toContain('<h3 id="if-it-dives">If it dives</h3>');
    expect(html).toContain('Read <a href="/notes/repairs">how we mend a torn sail</a> afterwards.');
    // The site module's structured data, from the facts the generator gives it.
    expect(html).toContain('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","url":"https://northwind-kites.org/notes/first-flight"}</script>');
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(read("notes/repairs/index.html")).toContain("<ul><li><p>a patch of ripstop</p></li><li><p>a needle and strong thread</p></li></ul>");
  });

  it("resolves records from their ids (x-ref), notes included, and Markdown in fields", () => {
    const html = read("index.html");
    expect(html).toContain('<ul class="kites"><li data-kite="delta"><strong>Delta</strong>: A triangle that climbs in light wind.</li><li data-kite="box"><strong>Box</strong>: Four cells, steady in strong wind.</li></ul>');
    expect(html).toContain('<ul class="notes"><li><a href="/notes/first-flight">The first flight</a> (1 min)</li><li><a href="/notes/repairs">Mending a torn sail</a> (1 min)</li></ul>');
    expect(html).toContain('<p class="text-lg">Sewn by hand by <a href="/about/team">our team</a>, flown on every beach we can reach.</p>');
  });

  it("serves the site module's font under its own family name, preloaded, cut from the file it names, with fallbacks named after it", () => {
    const html = read("index.html");
    const file = /<link rel="preload" href="\/(assets\/kite-sans-[a-z0-9]{10}\.woff2)" as="font" type="font\/woff2" crossorigin=""\/>/.exec(html);
    expect(file).not.toBeNull();
    const woff2 = readFileSync(path.join(p.dist, file![1]!));
    expect(woff2.subarray(0, 4).toString("latin1")).toBe("wOF2");
    // Cut to what the site uses: smaller than the variable file it comes from.
    expect(woff2.length).toBeLessThan(readFileSync(path.join(ROOT, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2")).length);
    expect(html).toContain(`@font-face{font-family:Kite Sans;font-style:normal;font-weight:400 700;font-display:swap;src:url(/${file![1]})format("woff2")}`);
    expect(html).toContain("@font-face{font-family:Kite Sans Fallback;font-weight:400;src:local(Arial)");
    expect(html).not.toMatch(/font-family:Inter|inter-[a-z0-9]{10}\.woff2/);
  });

  it("copies the content image under a hashed name with its size, and draws icons and a share image from the mark", () => {
    const mark = /<img src="\/(assets\/mark-[a-z0-9]{10}\.svg)" width="32" height="32" alt=""\/>/.exec(read("index.html"));
    expect(mark).not.toBeNull();
    expect(read(mark![1]!)).toBe(readFileSync(path.join(p.content, "assets/mark.svg"), "utf8"));
    expect(read("index.html")).toContain(`<link rel="icon" href="/${mark![1]}" type="image/svg+xml"/>`);
    const manifest = JSON.parse(read("site.webmanifest"));
    expect(manifest).toMatchObject({ name: "Northwind Kites", short_name: "Northwind", description: "Hand-made kites, and notes from the people who fly them.", theme_color: "#0f766e" });
    expect(read("index.html")).toMatch(/<meta property="og:image" content="https:\/\/northwind-kites\.org\/assets\/share-home-[a-z0-9]{10}\.png"\/>/);
    const png = readFileSync(path.join(p.dist, /\/(assets\/share-home-[a-z0-9]{10}\.png)/.exec(read("index.html"))![1]!));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it("renders the island on the server with its props, loads its script only where it is used, and ships no React", () => {
    const html = read("index.html");
    expect(html).toContain(
      '<ssg-island data-island="Counter"><button type="button" class="rounded-md bg-sea px-4 py-2 font-semibold text-white">Kites flown today: 3</button></ssg-island><script type="application/json" data-island-props="">{"label":"Kites flown today","start":3}</script>',
    );
    const script = /<script type="module" src="\/(assets\/islands\/Counter-[A-Z0-9]{8}\.js)"><\/script>/.exec(html);
    expect(script).not.toBeNull();
    expect(read("about/team/index.html")).not.toContain("/assets/islands/Counter-");
    const js = readdirSync(path.join(p.dist, "assets/islands")).map((f) => read(`assets/islands/${f}`)).join("\n");
    // The entry hydrates the island by its name, with Preact.
    expect(read(script![1]!)).toContain('"Counter"');
    expect(js).not.toMatch(/react-dom|__SECRET_INTERNALS|ReactCurrentDispatcher/);
    // Its chunks are preloaded.
    for (const chunk of html.matchAll(/<link rel="modulepreload" href="\/([^"]+)"\/>/g)) expect(readdirSync(path.join(p.dist, "assets/islands"))).toContain(path.basename(chunk[1]!));
  });

  it("is the fixture's own site: nothing of the Building OS content in the output", () => {
    const text = readdirSync(p.dist, { recursive: true })
      .map(String)
      .filter((f) => /\.(html|js|json|xml|txt|webmanifest)$/.test(f))
      .map((f) => read(f))
      .join("\n");
    expect(text).not.toMatch(/building.?os|urbi|kore|konnect|hero ai/i);
  });
});

/** The repository's own folders, or the helpers of tests/unit/project.ts that copy them (spelt in parts, so that this file does not match). */
const BUILDING_OS_PROJECT = new RegExp(['ROOT,\\s*"(content|schemas|templates)\\b', "projectPaths\\((ROOT)?\\)", "temp" + "Project", "projectsRemoved" + "AfterAll"].join("|"), "g");

describe("the generator's tests", () => {
  it("never reach for the Building OS site: no import of templates/ or tests/unit/, no content/, schemas/ or templates/ of the repository", async () => {
    const found: string[] = [];
    for (const file of await listFiles(path.join(ROOT, "tests/generator"))) {
      if (!/\.tsx?$/.test(file)) continue;
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/from\s+"([^"]+)"|import\("([^"]+)"\)/g)) {
        const spec = m[1] ?? m[2]!;
        const target = spec.startsWith(".") ? path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep).join("/") : spec;
        if (/^(templates|content|schemas|tests\/unit)\//.test(target)) found.push(`${path.relative(ROOT, file)} imports ${target}`);
      }
      for (const m of text.matchAll(BUILDING_OS_PROJECT)) found.push(`${path.relative(ROOT, file)}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});

describe("the fixture's templates", () => {
  it("use the generator only through its public API, as a stranger's site would", async () => {
    const outside: string[] = [];
    for (const file of await listFiles(FIXTURE_TEMPLATES)) {
      if (!/\.tsx?$/.test(file)) continue;
      for (const m of readFileSync(file, "utf8").matchAll(/from\s+"([^"]+)"/g)) {
        const spec = m[1]!;
        // The public API by name ("json-site/api", "json-site/islands-api", "json-site/forms-api"), React's types, and its own files: nothing else.
        if (!spec.startsWith(".")) {
          if (!["react", "json-site/api", "json-site/islands-api", "json-site/forms-api"].includes(spec)) outside.push(`${path.relative(ROOT, file)}: ${spec}`);
          continue;
        }
        const target = path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep).join("/");
        if (!target.startsWith("tests/fixtures/site/templates/")) outside.push(`${path.relative(ROOT, file)}: ${target}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
