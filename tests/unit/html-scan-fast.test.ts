/**
 * The HTML reader's shortcut for markup as React writes it (scripts/lib/html-scan.ts
 * fastElements): whenever it reads a text, it must give exactly the elements htmlparser2
 * gives (parsedElements): names, decoded attributes, where each start tag begins and ends,
 * whether it counts as head, the text of scripts and styles. Checked on every page the site
 * builds, whole and cut between nodes as the check stage reads them, and on random markup
 * that mixes React's way of writing with everything it leaves to htmlparser2. The site's
 * pages must take it: it is what keeps the check stage fast.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { fastElements, htmlElements, parsedElements } from "../../scripts/lib/html-scan.ts";
import { projectPaths } from "../../scripts/lib/paths.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";

let pages: [string, string][] = [];
beforeAll(async () => {
  const result = await runPipeline(projectPaths(), { mode: "build", write: false });
  expect(result.ok).toBe(true);
  pages = [...result.files].filter(([file]) => file.endsWith(".html")).map(([file, data]) => [file, String(data)]);
}, 120_000);

const agree = (html: string, label = html) => {
  const fast = fastElements(html);
  if (fast) expect(fast, label).toEqual(parsedElements(html));
  return fast !== undefined;
};

describe("the HTML reader's shortcut", () => {
  it("reads every page of the site as htmlparser2 does, and takes them all", () => {
    expect(pages.length).toBeGreaterThan(40);
    for (const [file, html] of pages) expect(agree(html, file), `${file} takes the shortcut`).toBe(true);
  });

  it("reads pages cut between nodes (as the check stage reads their pieces) as htmlparser2 does", () => {
    for (const [file, html] of pages) {
      // Cut before every 25th tag: each piece starts and ends between two nodes.
      const starts = [...html.matchAll(/<[a-zA-Z/]/g)].map((m) => m.index).filter((_, k) => k % 25 === 0);
      const bounds = [0, ...starts, html.length];
      for (let k = 0; k + 1 < bounds.length; k++) {
        const piece = html.slice(bounds[k], bounds[k + 1]);
        // A cut inside a script or style is not a piece boundary the renderer makes.
        if (/<(script|style|title)\b[^>]*>(?![\s\S]*<\/\1>)/i.test(piece)) continue;
        agree(piece, `${file} [${bounds[k]}, ${bounds[k + 1]})`);
      }
    }
  });

  it("reads random markup as htmlparser2 does whenever it takes it", () => {
    const name = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("div", "p", "a", "span", "ul", "li", "h1", "svg", "path", "script", "style", "br", "img", "form", "input", "button", "main", "header") },
      { weight: 1, arbitrary: fc.constantFrom("h2", "g", "clipPath", "title", "textarea", "image", "table", "tr", "td", "head", "html", "body", "meta", "link", "iframe", "math", "desc", "DIV", "Script") },
    );
    const attrName = fc.constantFrom("id", "class", "href", "src", "style", "onclick", "onClick", "data-x", "xlink:href", "aria-label", "type", "viewBox", "ID");
    const attrValue = fc.constantFrom("x", "", "/a/b", "javascript:alert(1)", "a &amp; b", "&quot;q&quot;", "it&#x27;s", "&lt;b&gt;", "&copy;", "&#32;", "&amp", "a>b", "a<b", "data:image/png;base64,x", "application/ld+json");
    const attribute = fc.oneof(
      { weight: 8, arbitrary: fc.tuple(attrName, attrValue).map(([n, v]) => ` ${n}="${v}"`) },
      { weight: 1, arbitrary: fc.tuple(attrName, attrValue).map(([n, v]) => ` ${n}='${v}'`) },
      { weight: 1, arbitrary: attrName.map((n) => ` ${n}`) },
      { weight: 1, arbitrary: fc.constantFrom(" x=y", "  id=\"z\"", " /") },
    );
    const text = fc.constantFrom("", "Hello", " ", "\n", "a &amp; b", "&#32;", "&copy;", "x < y", "1 > 0", "{\"a\":1}", "</script>", "</STYLE >", "body{color:red}");
    const token = fc.oneof(
      { weight: 6, arbitrary: fc.tuple(name, fc.array(attribute, { maxLength: 3 }), fc.constantFrom(">", "/>", ">", " >")).map(([n, a, end]) => `<${n}${a.join("")}${end}`) },
      { weight: 4, arbitrary: name.map((n) => `</${n}>`) },
      { weight: 4, arbitrary: text },
      { weight: 1, arbitrary: fc.constantFrom("<!-- c -->", "<!DOCTYPE html>", "<!doctype html>", "<?x?>", "</br>", "</p>", "<", "</ script>", "<a", "</style") },
    );
    // Trees as React writes them (every element closed, void ones as <br/>, React's escapes), with a stray token now and then.
    const voids = new Set(["br", "img", "input", "meta", "link"]);
    const reactAttribute = fc.tuple(attrName, fc.constantFrom("x", "", "/a/b", "a &amp; b", "&quot;q&quot;", "it&#x27;s", "&lt;b&gt;", "javascript:alert(1)")).map(([n, v]) => ` ${n}="${v}"`);
    const reactText = fc.constantFrom("Hello", " ", "\n", "a &amp; b", "x &lt; y", "it&#x27;s");
    const tree = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        { weight: 3, arbitrary: reactText },
        { weight: 1, arbitrary: fc.oneof({ weight: 1, arbitrary: token }, { weight: 9, arbitrary: reactText }) },
        {
          weight: 5,
          arbitrary: fc
            .tuple(name, fc.array(fc.oneof({ weight: 9, arbitrary: reactAttribute }, { weight: 1, arbitrary: attribute }), { maxLength: 3 }), fc.array(tie("node"), { maxLength: 4 }))
            .map(([n, a, kids]) => (voids.has(n.toLowerCase()) ? `<${n}${a.join("")}/>` : `<${n}${a.join("")}>${kids.join("")}</${n}>`)),
        },
      ),
    })).node;
    let taken = 0;
    fc.assert(
      fc.property(fc.array(token, { maxLength: 24 }), (tokens) => {
        if (agree(tokens.join(""))) taken++;
      }),
      { numRuns: 2000, seed: 41 },
    );
    expect(taken).toBeGreaterThan(200);
    taken = 0;
    fc.assert(
      fc.property(fc.array(tree, { maxLength: 4 }), (nodes) => {
        if (agree(nodes.join(""))) taken++;
      }),
      { numRuns: 2000, seed: 41 },
    );
    expect(taken).toBeGreaterThan(200);
  });

  it("leaves to htmlparser2 what React does not write", () => {
    for (const html of ["<!-- c --><p>x</p>", "<a href=x>y</a>", "<a href='x'>y</a>", "<p title=\"&copy;\">", "<svg><style>a{}</style></svg>", "<p><div></div></p>", "<form><form></form></form>", "</p>", "<script>a</SCRIPT></script>", "<iframe></iframe>", "<div/>"]) {
      expect(fastElements(html), html).toBeUndefined();
      expect(htmlElements(html), html).toEqual(parsedElements(html));
    }
  });
});
