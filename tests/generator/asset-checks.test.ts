/**
 * The files of content/assets/ themselves (scripts/pipeline/stages/validate/asset-checks.ts):
 * what their first bytes say they are, SVGs that run scripts or load other files, and
 * images heavier or larger than a page needs. The corpus (tests/fixtures/broken/asset-*)
 * has a case for each through the whole pipeline; here are the edges. (The Building OS
 * site's own SVGs pass: every corpus case and `npm run check` read them.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { assetIssues, externalCssUrls, imageUses, LIMITS, sniff, svgDangers } from "../../scripts/pipeline/stages/validate/asset-checks.ts";
import { catalogueEntry } from "../../scripts/problems/errors.ts";
import { location, type Issue } from "../../scripts/problems/issues.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import type { SourceFile } from "../../scripts/pipeline/stages/load/load.ts";
import type { Annotation } from "../../scripts/pipeline/stages/validate/validate.ts";
import { fixturesRemovedAfterAll } from "./fixture.ts";

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
/** A PNG's signature and header: all the size reader reads, so it may claim any size. */
const png = (w: number, h: number, bytes = 33) => {
  const head = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), u32(13), Buffer.from("IHDR"), u32(w), u32(h), Buffer.from([8, 6, 0, 0, 0]), u32(0)]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length))]);
};
const JPEG = Buffer.from("ffd8ffe000104a46494600010100000100010000ffc0001108000a001003012200021101031101ffd9", "hex");
const line = (i: Issue) => `${i.severity} ${i.code} ${location(i)}`;
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n${body}\n</svg>\n`;
const found = (text: string) => svgDangers(text).map((d) => `${d.line}:${d.column} ${d.found}${d.detail === undefined ? "" : ` ${d.detail}`}`);

describe("what a file's first bytes say it is", () => {
  it("knows the image formats browsers show", () => {
    expect(sniff(png(1, 1))).toBe("png");
    expect(sniff(JPEG)).toBe("jpg");
    expect(sniff(Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"))).toBe("gif");
    expect(sniff(Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBPVP8 ")]))).toBe("webp");
    expect(sniff(Buffer.concat([u32(24), Buffer.from("ftypavif"), u32(0), Buffer.from("avifmif1")]))).toBe("avif");
    // An AVIF whose major brand is the generic mif1 is still an AVIF (its compatible brands say so).
    expect(sniff(Buffer.concat([u32(24), Buffer.from("ftypmif1"), u32(0), Buffer.from("mif1avif")]))).toBe("avif");
  });

  it("knows an SVG after its XML declaration, comments and doctype, with or without a byte order mark", () => {
    expect(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("svg");
    expect(sniff(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- Generator: Illustrator -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [\n<!ENTITY a "b">\n]>\n<svg>'))).toBe("svg");
  });

  it("tells formats browsers do not show, and files that are no image at all", () => {
    expect(sniff(Buffer.concat([u32(24), Buffer.from("ftypheic"), u32(0), Buffer.from("mif1heic")]))).toBe("heic");
    expect(sniff(Buffer.from([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0]))).toBe("tiff");
    expect(sniff(Buffer.from("8BPS\x00\x01", "latin1"))).toBe("psd");
    expect(sniff(Buffer.from("%PDF-1.7\n"))).toBe("pdf");
    expect(sniff(Buffer.from("<!DOCTYPE html>\n<html lang=en>"))).toBe("html");
    expect(sniff(Buffer.from("  <html><body>Not found</body></html>"))).toBe("html");
    expect(sniff(Buffer.from("version https://git-lfs.github.com/spec/v1\n"))).toBe("text");
    expect(sniff(Buffer.alloc(0))).toBe("empty");
    expect(sniff(Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]))).toBe("unknown");
  });

  it("reads text cut in the middle of a character at 4 KB as text", () => {
    expect(sniff(Buffer.from(`${"a".repeat(4095)}é and more`))).toBe("text");
  });
});

describe("unsafe SVG", () => {
  it("passes what drawing programs write: namespaces, metadata, a public doctype, embedded images, references inside the file", () => {
    const text = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" sodipodi:docname="logo.svg">
  <metadata><rdf:RDF><rdf:Description rdf:about="http://example.com/"/></rdf:RDF></metadata>
  <defs><linearGradient id="g"/><path id="p" d="M0 0h10"/><style>.a{fill:url(#g)} @font-face{src:url(data:font/woff2;base64,AAAA)}</style></defs>
  <use xlink:href="#p"/><use href="#p"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <rect fill="url(#g)" style="fill: url('#g')"/>
  <text>javascript: is just a word here, onclick too</text>
</svg>`;
    expect(found(text)).toEqual([]);
  });

  it("finds scripts, however written, at the element or attribute", () => {
    expect(found(svg('<script href="x.js"/>'))).toEqual(["2:1 script"]);
    expect(found(svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'))).toEqual(["2:1 script"]);
    expect(found(svg('<g><rect ONLOAD="x()"/></g>'))).toEqual(["2:10 handler ONLOAD"]);
    expect(found(svg('<a href="\tjava&#x09;script&colon;x">'.replace("&colon;", "&#58;") + "</a>"))).toEqual(["2:4 javascript href"]);
    expect(found(svg('<a xlink:href="JAVASCRIPT:x()"></a>'))).toEqual(["2:4 javascript xlink:href"]);
    // An animation that sets a link to a script, among other values.
    expect(found(svg('<a><animate attributeName="href" values="#a; javascript:x()"/></a>'))).toEqual(["2:34 javascript values"]);
  });

  it("finds HTML: <foreignObject>, and elements in the XHTML namespace anywhere", () => {
    expect(found(svg("<foreignObject><p>x</p></foreignObject>"))).toEqual(["2:1 foreign-object"]);
    expect(found(svg('<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" h:src="x"/>'))).toEqual(["2:11 html xmlns:h"]);
  });

  it("finds references to other sites: href, url(), @import, <?xml-stylesheet?>, and <use> of another file", () => {
    expect(found(svg('<image href=" https://x.example/a.png"/>'))).toEqual(["2:8 external https://x.example/a.png"]);
    expect(found(svg('<image xlink:href="//x.example/a.png"/>'))).toEqual(["2:8 external //x.example/a.png"]);
    expect(found(svg('<image href="\\\\x.example/a.png"/>'))).toEqual(["2:8 external \\\\x.example/a.png"]);
    expect(found(svg('<rect fill="url(http://x.example/p.svg#p)"/>'))).toEqual(["2:7 external http://x.example/p.svg#p"]);
    expect(found(svg("<style>\n.a { background: url( 'https://x.example/b.png' ) }\n@import url(https://x.example/c.css);\n</style>"))).toEqual([
      "3:18 external https://x.example/b.png",
      "4:9 external https://x.example/c.css",
    ]);
    expect(found(svg("<style><![CDATA[\n@import '//x.example/d.css';\n]]></style>"))).toEqual(["3:1 external //x.example/d.css"]);
    expect(found(`<?xml-stylesheet href="s.css"?>\n${svg("")}`)).toEqual(["1:1 stylesheet"]);
    expect(found(svg('<use href="sprite.svg#icon"/>'))).toEqual(["2:6 external-use sprite.svg#icon"]);
    // A link loads nothing until followed: it may lead to another site (but not to a script).
    expect(found(svg('<a href="https://x.example/"><text>x</text></a>'))).toEqual([]);
    expect(found(svg('<set attributeName="xlink:href" to="https://x.example/"/>'))).toEqual(["2:33 external https://x.example/"]);
  });

  it("reads CSS as a browser does: escapes decoded, comments removed", () => {
    expect(externalCssUrls("a { b: url(\\68ttps://x.example/) }").map((u) => u.url)).toEqual(["https://x.example/"]);
    expect(externalCssUrls("@import/**/'https://x.example/a.css';").map((u) => u.url)).toEqual(["https://x.example/a.css"]);
    expect(externalCssUrls("a { b: u\\72l(https://x.example/) }")).toEqual([{ url: "https://x.example/", index: 0 }]);
    expect(externalCssUrls("a { b: url(#local) } /* url(https://x.example/) */")).toEqual([]);
  });

  it("refuses entity declarations, which a browser expands and this check does not", () => {
    expect(found(`<!DOCTYPE svg [\n  <!ENTITY s "&#60;script>x()&#60;/script>">\n]>\n${svg("&s;")}`)).toEqual(["2:3 entity s"]);
  });
});

describe("the asset checks", () => {
  const files: SourceFile[] = [
    { file: "content/pages/index.json", kind: "page", name: "index", data: {}, positions: new Map() },
    { file: "content/pages/customers.json", kind: "page", name: "customers", data: {}, positions: new Map() },
    { file: "content/collections/caseStudies.json", kind: "collection", name: "caseStudies", data: { items: [{ id: "calgary" }, { id: "unlisted" }] }, positions: new Map() },
  ];
  const annotations: Annotation[] = [
    { kind: "asset", file: "content/pages/index.json", pointer: "/sections/0/image/src", value: "assets/a.png" },
    { kind: "asset", file: "content/collections/caseStudies.json", pointer: "/items/0/image/src", value: "assets/a.png" },
    { kind: "asset", file: "content/collections/caseStudies.json", pointer: "/items/1/image/src", value: "assets/b.png" },
    { kind: "ref", file: "content/pages/customers.json", pointer: "/sections/1/items/0", value: "calgary", arg: "caseStudies" },
    { kind: "ref", file: "content/pages/index.json", pointer: "/sections/2/items/0", value: "calgary", arg: "caseStudies" },
  ];

  it("names the pages that show an image: directly, or through a record they list (else the record's file)", () => {
    expect(Object.fromEntries(imageUses(files, annotations))).toEqual({
      "assets/a.png": ["content/pages/customers.json", "content/pages/index.json"],
      "assets/b.png": ["content/collections/caseStudies.json"],
    });
  });

  const check = (assets: Record<string, Buffer>, templateAssets: string[] = []) => assetIssues(new Map(Object.entries(assets)), files, annotations, templateAssets);

  it("warns of a photo published as it is (one the templates name) above 1 MB or 4,000 px on the longer side, not at them, with the pages that use it", () => {
    expect(check({ "assets/a.png": png(4000, 4000, LIMITS.warnBytes) }, ["assets/a.png"])).toEqual([]);
    // Content's photos are resized by the build (images.ts): a phone's original is what it expects.
    expect(check({ "assets/a.png": png(3000, 4001, LIMITS.warnBytes * 12) })).toEqual([]);
    const [byPixels] = check({ "assets/a.png": png(3000, 4001) }, ["assets/a.png"]);
    expect(line(byPixels!)).toBe("warning large-image content/assets/a.png:1:1");
    expect(byPixels!.message).toBe(
      "This image is 3,000 × 4,001 px; an image on a page should be at most 1 MB and 4,000 px on its longer side. It is used in content/pages/customers.json and content/pages/index.json and by the site's templates.",
    );
    const [byBytes] = check({ "assets/b.png": png(800, 600, LIMITS.warnBytes + 1) }, ["assets/b.png"]);
    expect(byBytes!.message).toBe(
      "This image is 1.1 MB; an image on a page should be at most 1 MB and 4,000 px on its longer side. It is used in content/collections/caseStudies.json and by the site's templates.",
    );
    expect(check({ "assets/c.png": png(5000, 10) }, ["assets/a.png"])).toEqual([]);
  });

  it("refuses above 20 MB or 12,000 px, with no warning besides", () => {
    expect(check({ "assets/a.png": png(12_001, 10) }).map(line)).toEqual(["error image-too-large content/assets/a.png:1:1"]);
    const heavy = check({ "assets/a.png": png(100, 100, LIMITS.maxBytes + 1) });
    expect(heavy.map(line)).toEqual(["error image-too-large content/assets/a.png:1:1"]);
    expect(heavy[0]!.message).toMatch(/^This image is 20\.1 MB: /);
    expect(check({ "assets/a.png": png(12_000, 12_000, LIMITS.maxBytes) }).map(line)).toEqual([]);
    expect(check({ "assets/a.png": png(12_000, 12_000, LIMITS.maxBytes) }, ["assets/a.png"]).map(line)).toEqual(["warning large-image content/assets/a.png:1:1"]);
  });

  it("counts no pixels for an SVG (its size is not pixels it carries), only its bytes", () => {
    const big = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"/>');
    expect(check({ "assets/a.svg": big })).toEqual([]);
    expect(check({ "assets/a.svg": Buffer.concat([big, Buffer.alloc(LIMITS.warnBytes, 0x20)]) }).map(line)).toEqual(["warning large-image content/assets/a.svg:1:1"]);
  });

  it("names what a misnamed image is, and what to rename it to", () => {
    const [jpeg] = check({ "assets/a.PNG": JPEG });
    expect(jpeg!.message).toBe("content/assets/a.PNG is not a PNG image: it is a JPEG image.");
    expect(jpeg!.hint).toBe('Rename it to a.jpg, and write "assets/a.jpg" where pages use it.');
    expect(check({ "assets/a.jpeg": JPEG, "assets/b.jpg": JPEG })).toEqual([]);
    expect(check({ "assets/a.png": Buffer.from(svg("")) })[0]!.hint).toBe('Rename it to a.svg, and write "assets/a.svg" where pages use it.');
    const [heic] = check({ "assets/a.jpg": Buffer.concat([u32(24), Buffer.from("ftypheic"), u32(0), Buffer.from("mif1heic")]) });
    expect(heic!.message).toBe("content/assets/a.jpg is not a JPEG image: it is a HEIC photo (the format of iPhone photos), which most browsers do not show.");
    expect(check({ "assets/a.webp": Buffer.alloc(0) })[0]!.message).toBe("content/assets/a.webp is not a WebP image: it is empty.");
    // Files not named as images are published as they are.
    expect(check({ "assets/brochure.pdf": Buffer.from("%PDF-1.7") })).toEqual([]);
  });

  it("reports an unsafe SVG at its place in the file, and only an SVG that is one", () => {
    expect(check({ "assets/a.svg": Buffer.from(svg("<script>x()</script>")) }).map(line)).toEqual(["error unsafe-svg content/assets/a.svg:2:1"]);
    expect(check({ "assets/a.svg": Buffer.from("<html><script>x()</script></html>") }).map(line)).toEqual(["error misnamed-image content/assets/a.svg:1:1"]);
  });

  it("states the limits in the catalogue as the check applies them", () => {
    const text = (code: "large-image" | "image-too-large") => catalogueEntry(code).means;
    expect(text("large-image")).toContain(`1 MB (${LIMITS.warnBytes.toLocaleString("en")} bytes)`);
    expect(text("large-image")).toContain(`${LIMITS.warnPixels.toLocaleString("en")} pixels`);
    expect(text("image-too-large")).toContain(`${LIMITS.maxBytes / 1e6} MB or ${LIMITS.maxPixels.toLocaleString("en")} pixels`);
  });
});

describe("in a build", () => {
  const project = fixturesRemovedAfterAll(afterAll);

  it("a heavy image the templates and a page use is a warning naming both; the build goes on", async () => {
    const mark = readFileSync(path.join(ROOT, "tests/fixtures/site/content/assets/mark.svg"), "utf8");
    const heavy = mark.replace("</svg>", `<!--${" ".repeat(LIMITS.warnBytes)}--></svg>`);
    const result = await runPipeline(project({ "content/assets/mark.svg": heavy }), { mode: "check" });
    expect(result.ok).toBe(true);
    const warning = result.issues.find((i) => i.code === "large-image");
    expect(warning && line(warning)).toBe("warning large-image content/assets/mark.svg:1:1");
    expect(warning!.message).toMatch(/It is used in content\/pages\/index\.json and by the site's templates\.$/);
  });
});
