/**
 * The one HTML tokenizer (scripts/lib/html-scan.ts) and the checks that read built
 * pages with it: template links (links.ts), the Content-Security-Policy scan
 * (headers.ts), what a page loads (sizes.ts) and the budgets (budgets.ts). The cases
 * under "fixed" are markup the regular expressions these checks used before read
 * differently from a browser; the others keep what already worked.
 */
import { describe, expect, it } from "vitest";
import { pageBytes } from "../../scripts/lib/budgets.ts";
import { htmlElements } from "../../scripts/lib/html-scan.ts";
import { pageRefs } from "../../scripts/lib/sizes.ts";
import { internalRefsInHtml, readPiece, scanHtml, templateLinkIssues } from "../../scripts/pipeline/stages/check/check.ts";

const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
const none = () => undefined;

describe("htmlElements", () => {
  it("gives each element its lower-cased name, decoded attributes (first of a name wins) and its start tag as written", () => {
    const html = `<A HREF=/x Title='a > b' href="/second"><IMG/src="j&#x61;v&Tab;a"><svg><clipPath id=c /></svg>`;
    const elements = htmlElements(html);
    expect(elements.map((e) => e.name)).toEqual(["a", "img", "svg", "clippath"]);
    expect([...elements[0]!.attrs]).toEqual([
      ["href", "/x"],
      ["title", "a > b"],
    ]);
    expect(elements[1]!.attrs.get("src")).toBe("jav\ta");
    expect(elements.map((e) => html.slice(e.start, e.end))).toEqual([`<A HREF=/x Title='a > b' href="/second">`, `<IMG/src="j&#x61;v&Tab;a">`, "<svg>", "<clipPath id=c />"]);
  });

  it("keeps the text of <style> and <script> exactly as written, and ends them at their end tag however it is spelt", () => {
    const css = `a>b{content:"&amp; </styles> <p onclick=x>"}`;
    const elements = htmlElements(`<style>${css}</style ><script>if (a<b) x("</scrip")</SCRIPT foo><style-card>x</style-card>`);
    expect(elements.map((e) => [e.name, e.text])).toEqual([
      ["style", css],
      ["script", 'if (a<b) x("</scrip")'],
      ["style-card", undefined],
    ]);
  });

  it("reads <style> inside <svg> as markup, as browsers do: its text is the decoded text", () => {
    expect(htmlElements("<svg><style>a&amp;b</style></svg>").find((e) => e.name === "style")!.text).toBe("a&b");
  });

  it("finds no elements in comments, in <title> or <textarea> text, or in a tag cut off by the end", () => {
    const html = "<!-- <img src=a> --><!--><i></i><!-- x --!><b></b><title><img src=b></title><textarea><img src=c></textarea><img src=d";
    expect(htmlElements(html).map((e) => e.name)).toEqual(["i", "b", "title", "textarea"]);
  });

  it("knows the head as a browser does: up to the first element or text only a body may hold", () => {
    const inHead = (html: string) =>
      htmlElements(html)
        .filter((e) => e.inHead)
        .map((e) => e.attrs.get("id") ?? e.name);
    expect(inHead(page('<meta content="<body>"><link id=a><noscript><link id=b></noscript>', "<link id=c>"))).toEqual(["head", "meta", "a", "noscript", "b"]);
    expect(inHead('<html><link id=a><style id=s>p{}</style></head><link id=b>text<link id=c>')).toEqual(["a", "s", "b"]);
    expect(inHead("<link id=a><div><link id=b></div>")).toEqual(["a"]);
  });
});

describe("internalRefsInHtml", () => {
  it("fixed: reads href and src however they are quoted or spelt", () => {
    expect(internalRefsInHtml(`<a href='/single'></a><a href=/bare>x</a><A HREF="/upper"></A><img src="&#x2F;encoded">`)).toEqual(["/single", "/bare", "/upper", "/encoded"]);
  });

  it("fixed: takes nothing from text, comments or other attributes' values", () => {
    expect(internalRefsInHtml(`<p> href="/in-text"</p><!-- <a href="/commented"> --><a title=' href="/in-title"' href="/real">`)).toEqual(["/real"]);
  });

  it("keeps the path, without query and fragment, and leaves other addresses out", () => {
    expect(internalRefsInHtml(`<a href="/a?x=1&amp;y=2#top"></a><a href="https://example.com/b"></a><a href="#c"></a><a href="//cdn.example/d"></a><a title=">" href="/e">`)).toEqual(["/a", "/e"]);
  });
});

describe("the Content-Security-Policy scan", () => {
  it("fixed: finds a handler after a '>' inside quotes, and attributes after '/'", () => {
    expect(scanHtml(`<a title=">" onclick="x()">a</a><a title='>' href="javascript:x">b</a><a/href="javascript:y">c</a>`).blocked).toEqual([
      '<a onclick="…"> (an inline event handler)',
      '<a href="javascript:…"> (a javascript: address)',
      '<a href="javascript:…"> (a javascript: address)',
    ]);
  });

  it("fixed: a comment ends at '--!>', so what follows it is read", () => {
    expect(scanHtml("<!-- a --!><img src=x onerror=alert(1)><!-- b -->").blocked).toEqual(['<img onerror="…"> (an inline event handler)']);
  });

  it("fixed: an inline script whose end tag carries junk still counts; one in a comment or in <textarea> text does not", () => {
    expect(scanHtml("<script>alert(1)</script foo>").inlineScripts).toEqual(["alert(1)"]);
    expect(scanHtml("<!-- <script>alert(1)</script> --><textarea><script>alert(2)</script></textarea>").inlineScripts).toEqual([]);
  });

  it("fixed: hashes <style> texts as the browser sees them: end tag with junk, <style-card> not a style, SVG text decoded", () => {
    expect(scanHtml("<style>a{}</style x>").inlineStyles).toEqual(["a{}"]);
    expect(scanHtml("<style-card>x</style-card><style>b{}</style>").inlineStyles).toEqual(["b{}"]);
    expect(scanHtml("<svg><style>i::after{content:'&amp;'}</style></svg>").inlineStyles).toEqual(["i::after{content:'&'}"]);
  });

  it("fixed: a reference past U+10FFFF is U+FFFD, not an exception", () => {
    expect(scanHtml('<a href="&#x110000;javascript:x">').blocked).toEqual([]);
  });

  it("finds unquoted, upper-case and entity-spelt handlers and addresses", () => {
    const scan = scanHtml(
      ['<img src=x onerror=alert(1)>', "<P ONCLICK=x>", '<a href="java&Tab;script:x">', '<a href="&#x6A;avascript&colon;x">', '<a href="&NewLine;vbscript:x">', '<svg><a xlink:href="javascript:x"></a></svg>'].join(""),
    );
    expect(scan.blocked).toEqual([
      '<img onerror="…"> (an inline event handler)',
      '<p onclick="…"> (an inline event handler)',
      '<a href="javascript:…"> (a javascript: address)',
      '<a href="javascript:…"> (a javascript: address)',
      '<a href="vbscript:…"> (a vbscript: address)',
      '<a xlink:href="javascript:…"> (a javascript: address)',
    ]);
  });
});

describe("pageRefs", () => {
  it("fixed: reads past a comment ending in '--!>', and takes no <link> from <style> text or <script> from <title> text", () => {
    const refs = pageRefs(
      page(
        '<!-- a --!><script type="module" src="/a.js"></script><!-- b --><style>/* <link rel="stylesheet" href="/in-css.css"> */</style><title><script src="/in-title.js"></script></title>',
        "",
      ),
    );
    expect(refs).toEqual({ stylesheets: [], modules: ["/a.js"], classicScripts: [], inlineModules: [] });
  });

  it("fixed: a script end tag with junk ends the script", () => {
    expect(pageRefs('<script type="module">import "/m.js"</script x><link rel=stylesheet href=/after.css>')).toEqual({
      stylesheets: ["/after.css"],
      modules: [],
      classicScripts: [],
      inlineModules: ['import "/m.js"'],
    });
  });
});

describe("pageBytes", () => {
  it("fixed: reads an island's name after a '>' inside quotes", () => {
    expect(pageBytes("/x", page("", '<ssg-island data-note=">" data-island="Carousel"></ssg-island>'), none).islands).toEqual(["Carousel"]);
  });

  it("fixed: '<body' in an attribute does not end the head", () => {
    const p = pageBytes("/x", page('<meta name="x" content="<body>"><link rel="stylesheet" href="/a.css">', ""), (f) => (f === "/a.css" ? "a{}" : undefined));
    expect(p.blocking).toEqual(["/a.css"]);
  });

  it("fixed: an image with a '>' in its alt text and both dimensions is sized", () => {
    const p = pageBytes("/x", page("", '<img alt="a > b" src="/x.png" width="10" height="10"><img alt="c > d" src="/y.png" width="10">'), none);
    expect(p.unsized).toEqual(['<img alt="c > d" src="/y.png" width="10">']);
  });
});

describe("templateLinkIssues", () => {
  it("names each address a page links to that is not built once, in the order the page first writes it, its shared parts' included", () => {
    const piece = (html: string) => readPiece(html);
    const parts = new Map([
      ["header", piece(`<a href="/gone">x</a><a href="/">home</a><a href="/missing">y</a>`)],
      ["footer", piece(`<a href="/missing">y</a><a href="/about">about</a>`)],
    ]);
    const built = new Set(["/", "/about", "/guides"]);
    const routes = [
      { path: "/", page: { file: "content/pages/index.json" } },
      { path: "/guides", page: { file: "content/pages/guides.json" } },
    ] as unknown as Parameters<typeof templateLinkIssues>[0];
    const read = {
      ownReads: [[piece(`<a href="/missing">m</a><a href="/guides">g</a><img src="/nowhere.png" alt="">`)], [piece(`<a href="/guides">g</a>`)]],
      parts,
      pages: [{ keys: ["header", "footer"] }, { keys: ["footer"] }],
    };
    const issues = templateLinkIssues(routes, read, (ref) => built.has(ref));
    const named = (message: string) => ["/missing", "/nowhere.png", "/gone"].filter((ref) => message.includes(ref)).join();
    expect(issues.every((i) => i.code === "template-broken-link")).toBe(true);
    expect(issues.map((i) => [i.file, named(i.message)])).toEqual([
      ["content/pages/index.json", "/missing"],
      ["content/pages/index.json", "/nowhere.png"],
      ["content/pages/index.json", "/gone"],
      ["content/pages/guides.json", "/missing"],
    ]);
  });
});
