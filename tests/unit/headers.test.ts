/**
 * The response headers: the _headers format (scripts/lib/headers-file.ts) and the
 * policy built from content and output (scripts/pipeline/stages/headers/headers.ts), including the
 * nginx and CloudFront forms, which must say the same as _headers.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { devClientScript, injectDevClient } from "../../scripts/lib/dev-client.ts";
import { formatHeadersFile, headersForPath, HeadersFileError, matchesPattern, parseHeadersFile, type HeaderRule } from "../../scripts/lib/headers-file.ts";
import { projectPaths } from "../../scripts/lib/paths.ts";
import { allowInlineScript } from "../../scripts/lib/csp.ts";
import {
  cloudFrontPolicies,
  contentSecurityPolicy,
  DEPLOY_FILES,
  headerFiles,
  HSTS,
  IMMUTABLE,
  securityHeaders,
  nginxConf,
  overlappingHeaders,
  REVALIDATE,
  type PolicyInput,
  sitePolicy,
} from "../../scripts/pipeline/stages/headers/headers.ts";
import { scanHtml, scanWholePage } from "../../scripts/pipeline/stages/check/check.ts";
import { runPipeline, type BuildResult } from "../../scripts/pipeline/index.ts";
import type { Site } from "../../templates/content-types.ts";
import { DENIED_FEATURES, frameAllowNone } from "../../templates/permissions.ts";
import siteModule from "../../templates/site.ts";

const INPUT: PolicyInput = {
  frames: ["https://cal.example.com/team/demo?x=1"],
  connect: ["https://hooks.example.com/a", "/api/leads", "https://hooks.example.com/b"],
  deniedFeatures: DENIED_FEATURES,
  inlineStyles: [],
  dataImages: false,
};

describe("the _headers file", () => {
  const TEXT = ["# a comment", "/*", "  X-A: 1", "  # another", "", "/assets/*", "  Cache-Control: public, max-age=31536000, immutable", "  X-B: two words: yes", ""].join("\n");

  it("reads paths and their indented headers, skipping comments and blank lines", () => {
    expect(parseHeadersFile(TEXT)).toEqual([
      { pattern: "/*", headers: [["X-A", "1"]] },
      { pattern: "/assets/*", headers: [["Cache-Control", "public, max-age=31536000, immutable"], ["X-B", "two words: yes"]] },
    ]);
  });

  it("writes what it reads", () => {
    const rules = parseHeadersFile(TEXT);
    expect(parseHeadersFile(formatHeadersFile(rules, "made by a test"))).toEqual(rules);
  });

  it.each([
    ["  X-A: 1\n/*\n", 1, "before any path"],
    ["/*\n  X-A 1\n", 2, "is not \"Name: value\""],
    ["/*\n  Bad Name: 1\n", 2, "not a header name"],
    ["pricing\n  X-A: 1\n", 1, "not a path pattern"],
    ["/*\n  ! X-A\n", 2, "not supported"],
  ])("rejects %j at line %i", (text, line, message) => {
    let error: unknown;
    try {
      parseHeadersFile(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HeadersFileError);
    expect((error as HeadersFileError).line).toBe(line);
    expect((error as Error).message).toContain(message);
  });

  it("refuses to write a value that would break the file", () => {
    expect(() => formatHeadersFile([{ pattern: "/*", headers: [["X-A", "1\n/evil"]] }])).toThrow();
  });

  it.each([
    ["/*", "/", true],
    ["/*", "/a/b.html", true],
    ["/", "/", true],
    ["/", "/a", false],
    ["/assets/*", "/assets/x-1234abcd.js", true],
    ["/assets/*", "/assets", false],
    ["/assets/*", "/assetsx/y", false],
    ["/about/*", "/about/", true],
    ["/a.html", "/aXhtml", false],
    ["/blog/:slug", "/blog/first", true],
    ["/blog/:slug", "/blog/first/more", false],
    ["/blog/:slug/edit", "/blog/first/edit", true],
    ["https://www.example.com/*", "/x", true],
  ])("%s matches %s: %s", (pattern, path, expected) => {
    expect(matchesPattern(pattern, path)).toBe(expected);
  });

  it("gives a path the headers of every matching rule, joining a repeated header with a comma", () => {
    const rules: HeaderRule[] = [
      { pattern: "/*", headers: [["X-A", "1"], ["Vary", "a"]] },
      { pattern: "/x/*", headers: [["vary", "b"]] },
      { pattern: "/y", headers: [["X-Y", "y"]] },
    ];
    expect(headersForPath(rules, "/x/1")).toEqual([
      ["X-A", "1"],
      ["Vary", "a, b"],
    ]);
    expect(headersForPath(rules, "/y")).toEqual([
      ["X-A", "1"],
      ["Vary", "a"],
      ["X-Y", "y"],
    ]);
  });

  it("names each path that would get one header from two rules (which the build refuses), and no other", () => {
    const rules: HeaderRule[] = [
      { pattern: "/*", headers: [["X-A", "1"], ["Vary", "a"]] },
      { pattern: "/x/*", headers: [["vary", "b"], ["X-B", "b"]] },
      { pattern: "/x/:name", headers: [["x-b", "c"], ["X-A", "2"]] },
      { pattern: "/y", headers: [["X-Y", "y"]] },
    ];
    expect(overlappingHeaders(rules, ["/y", "/x/1", "/x/1/2", "/z"])).toEqual(["/x/1: vary, x-b, x-a", "/x/1/2: vary"]);
  });
});

describe("the Content-Security-Policy", () => {
  it("allows this site, the calendar's origin in frames and the webhooks' origins for sending, and nothing inline", () => {
    expect(contentSecurityPolicy(INPUT)).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; connect-src 'self' https://hooks.example.com; " +
        "frame-src https://cal.example.com; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; upgrade-insecure-requests",
    );
  });

  it("adds data: to img-src only while a data: image is used", () => {
    expect(contentSecurityPolicy({ ...INPUT, dataImages: true })).toContain("img-src 'self' data:;");
  });

  it("allows each inline <style> by its sha256 hash, once", () => {
    const empty = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"; // sha256 of ""
    const css = "a{color:red}";
    const hash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
    const csp = contentSecurityPolicy({ ...INPUT, inlineStyles: [css, "", css] });
    expect(csp).toContain(`style-src 'self' ${[empty, hash].sort().join(" ")};`);
  });

  it("lets the dev server add its own script by hash and nothing more", () => {
    const csp = contentSecurityPolicy(INPUT);
    const script = devClientScript(undefined, "b1");
    const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
    expect(allowInlineScript(csp, script)).toBe(csp.replace("script-src 'self';", `script-src 'self' ${hash};`));
    const headers = { "Content-Security-Policy": csp };
    const html = injectDevClient("<body></body>", undefined, "b1", undefined, headers);
    expect(html).toContain(`<script>${script}</script>`);
    expect(headers["Content-Security-Policy"]).toContain(hash);
  });
});

describe("scanning built pages", () => {
  it("finds inline scripts, event handlers, style attributes and script addresses, however they are spelt", () => {
    const scan = scanHtml(
      [
        "<script>alert(1)</script>",
        '<script type="module">import "/x.js"</script>',
        '<img src="/a.svg" onerror="alert(1)">',
        "<p ONCLICK='x()'>",
        '<div style="color:red">',
        '<a href="jav&#x61;script:alert(1)">',
        '<a href=" &#14;javascript:x">',
        '<a href="vbscript:x">',
        // Closed: the text of an <iframe> is raw text, not markup, to a browser and to the tokenizer.
        '<iframe src="data:text/html,x"></iframe>',
        '<form action="javascript:x">',
      ].join("\n"),
    );
    expect(scan.inlineScripts).toEqual(["alert(1)", 'import "/x.js"']);
    expect(scan.blocked).toEqual([
      '<img onerror="…"> (an inline event handler)',
      '<p onclick="…"> (an inline event handler)',
      '<div style="…"> (a style attribute; style-src blocks it)',
      '<a href="javascript:…"> (a javascript: address)',
      '<a href="javascript:…"> (a javascript: address)',
      '<a href="vbscript:…"> (a vbscript: address)',
      '<iframe src="data:…"> (a data: address)',
      '<form action="javascript:…"> (a javascript: address)',
    ]);
  });

  it("lets data blocks, external scripts and escaped text through, and collects inline styles and data: images", () => {
    const scan = scanHtml(
      [
        '<script type="application/json" data-island-props="">{"a":"\\u003cscript>"}</script>',
        '<script type="application/ld+json">{"@type":"Organization"}</script>',
        '<script type="module" src="/assets/islands/x-ABCDEFGH.js"></script>',
        "<p>&lt;img src=x onerror=alert(1)&gt; onclick=&quot;x&quot;</p>",
        '<p title="a onclick=b style=c">javascript:alert(1)</p>',
        '<style>.a{background:url("data:image/png;base64,AA")}</style>',
        '<img src="data:image/png;base64,AA" alt="">',
        '<a href="https://example.com/javascript:x">',
      ].join("\n"),
    );
    expect(scan.inlineScripts).toEqual([]);
    expect(scan.blocked).toEqual([]);
    expect(scan.inlineStyles).toEqual(['.a{background:url("data:image/png;base64,AA")}']);
    expect(scan.dataImages).toBe(true);
  });
});

describe("the build's header files", () => {
  let result: BuildResult;
  let site: Site;
  let rules: HeaderRule[];
  beforeAll(async () => {
    result = await runPipeline(projectPaths(), { mode: "build", write: false });
    expect(result.ok).toBe(true);
    site = JSON.parse(readFileSync(projectPaths().content + "/site.json", "utf8")) as Site;
    rules = parseHeadersFile(result.files.get(DEPLOY_FILES.netlify) as string);
  });

  const urls = () => [...result.files.keys()].filter((f) => !f.startsWith("_headers")).map((f) => `/${f}`).concat(result.routes.filter((r) => r.status === 200).map((r) => r.path));
  const header = (path: string, name: string) => headersForPath(rules, path).filter(([n]) => n.toLowerCase() === name.toLowerCase());

  it("sends every security header with every file and page, from one rule each", () => {
    for (const url of urls()) {
      for (const name of ["Content-Security-Policy", "Strict-Transport-Security", "X-Content-Type-Options", "Referrer-Policy", "Permissions-Policy", "Cross-Origin-Opener-Policy", "X-Frame-Options"])
        expect(header(url, name), `${url} ${name}`).toHaveLength(1);
    }
    expect(header("/", "Strict-Transport-Security")[0]![1]).toMatch(/max-age=(\d+); includeSubDomains/);
    expect(Number(/max-age=(\d+)/.exec(header("/", "Strict-Transport-Security")[0]![1])![1])).toBeGreaterThanOrEqual(31536000);
  });

  it("caches content-hashed files for a year and revalidates everything else", () => {
    const immutable: string[] = [];
    for (const url of urls()) {
      const cache = header(url, "Cache-Control");
      expect(cache, url).toHaveLength(1);
      if (cache[0]![1] === IMMUTABLE) immutable.push(url);
      else expect(cache[0]![1], url).toBe(REVALIDATE);
    }
    expect(immutable.length).toBeGreaterThan(20);
    for (const url of immutable) expect(url).toMatch(/^\/assets\/.*-[A-Za-z0-9]{8,}\.[a-z0-9]+$/);
    expect(immutable).toContain(`/${[...result.files.keys()].find((f) => /^assets\/islands\/SiteHeader-.*\.js$/.test(f))}`);
    expect(urls().filter((u) => u.startsWith("/assets/") && !immutable.includes(u))).toEqual([]);
  });

  it("takes frame-src from links.calendar and connect-src from the lead webhooks (templates/site.ts)", () => {
    const csp = header("/", "Content-Security-Policy")[0]![1];
    expect(csp).toContain(`frame-src ${new URL(site.links.calendar).origin};`);
    expect(csp).toContain(`connect-src 'self' ${new URL(site.leads.live).origin};`);
    expect(csp).toMatch(/(^|; )script-src 'self';/);
  });

  it("denies the same browser features in the header as in the calendar frame's allow list", () => {
    const policy = header("/", "Permissions-Policy")[0]![1];
    expect(policy.split(", ")).toEqual(DENIED_FEATURES.map((f) => `${f}=()`));
    expect(frameAllowNone().split("; ")).toEqual(DENIED_FEATURES.map((f) => `${f} 'none'`));
  });

  it("gives nginx the same headers, on pages and under /assets/", () => {
    const conf = result.files.get(DEPLOY_FILES.nginx) as string;
    expect(conf).toBe(nginxConf(headerFiles(sitePolicy(siteModule, site), result.files, result.routes, scanWholePage).plan));
    const [server, assets] = conf.split(/^location \^~ \/assets\/ \{$/m) as [string, string];
    const addHeaders = (text: string) =>
      [...text.matchAll(/^\s*add_header (\S+) "((?:[^"\\]|\\.)*)" always;$/gm)].map((m) => [m[1]!.toLowerCase(), m[2]!.replace(/\\(.)/g, "$1")]);
    const expected = (path: string) => headersForPath(rules, path).map(([n, v]) => [n.toLowerCase(), v]);
    expect(addHeaders(server)).toEqual(expected("/pricing"));
    expect(addHeaders(assets.slice(0, assets.indexOf("}")))).toEqual(expected("/assets/site-abcdefghij.css"));
  });

  it("gives CloudFront the same headers, as a pages policy and an /assets/* policy", () => {
    const policies = JSON.parse(result.files.get(DEPLOY_FILES.cloudfront) as string) as ReturnType<typeof cloudFrontPolicies>;
    const flatten = (p: (typeof policies)["pages"]) => {
      const s = p.SecurityHeadersConfig as Record<string, Record<string, unknown>>;
      const hsts = s["StrictTransportSecurity"]!;
      return Object.fromEntries([
        ["content-security-policy", s["ContentSecurityPolicy"]!["ContentSecurityPolicy"]],
        ["strict-transport-security", `max-age=${hsts["AccessControlMaxAgeSec"]}${hsts["IncludeSubdomains"] ? "; includeSubDomains" : ""}${hsts["Preload"] ? "; preload" : ""}`],
        ["x-content-type-options", "nosniff"],
        ["x-frame-options", s["FrameOptions"]!["FrameOption"]],
        ["referrer-policy", s["ReferrerPolicy"]!["ReferrerPolicy"]],
        ...p.CustomHeadersConfig.Items.map((i) => [i.Header.toLowerCase(), i.Value]),
      ]);
    };
    const expected = (path: string) => Object.fromEntries(headersForPath(rules, path).map(([n, v]) => [n.toLowerCase(), v]));
    expect(flatten(policies.pages)).toEqual(expected("/pricing"));
    expect(flatten(policies.assets)).toEqual(expected("/assets/site-abcdefghij.css"));
    for (const p of [policies.pages, policies.assets]) expect(p.CustomHeadersConfig.Quantity).toBe(p.CustomHeadersConfig.Items.length);
  });

  it("follows an inline <style> added to a page: its hash joins style-src", () => {
    const files = new Map(result.files);
    const home = files.get("index.html") as string;
    files.set("index.html", home.replace("</head>", "<style>.later{color:red}</style></head>"));
    const csp = headersForPath(parseHeadersFile(headerFiles(sitePolicy(siteModule, site), files, result.routes, scanWholePage).files.get(DEPLOY_FILES.netlify)!), "/")[0]![1];
    // The site's own inlined stylesheet is allowed by its hash; the added one joins it.
    const styles = (html: string) => [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => `'sha256-${createHash("sha256").update(m[1]!).digest("base64")}'`);
    expect(styles(home)).toHaveLength(1);
    const before = headersForPath(parseHeadersFile(headerFiles(sitePolicy(siteModule, site), result.files, result.routes, scanWholePage).files.get(DEPLOY_FILES.netlify)!), "/")[0]![1];
    expect(before).toContain(`style-src 'self' ${styles(home)[0]};`);
    expect(csp).toContain(`style-src 'self' ${[...new Set(styles(files.get("index.html") as string))].sort().join(" ")};`);
  });

  it("fails the build for an inline script or handler in a page, and for an asset without a hash", () => {
    const files = new Map(result.files);
    files.set("pricing/index.html", (files.get("pricing/index.html") as string).replace("</body>", '<script>track()</script><button onclick="x()">x</button></body>'));
    files.set("assets/logo.svg", "<svg/>");
    const { issues } = headerFiles(sitePolicy(siteModule, site), files, result.routes, scanWholePage);
    const errors = issues.filter((i) => i.severity === "error");
    expect(errors).toHaveLength(2);
    expect(errors[0]!.file).toBe("content/pages/pricing.json");
    expect(errors[0]!.message).toContain("The page /pricing has markup the Content-Security-Policy blocks");
    expect(errors[0]!.message).toContain("<script> with inline code");
    expect(errors[0]!.message).toContain('<button onclick="…">');
    expect(errors[1]!.message).toContain("dist/assets/logo.svg has no content hash");
  });

  it("finds nothing to complain about in the real site", () => {
    expect(headerFiles(sitePolicy(siteModule, site), result.files, result.routes, scanWholePage).issues).toEqual([]);
  });
});

describe("DEPLOY.md", () => {
  const doc = readFileSync(new URL("../../DEPLOY.md", import.meta.url), "utf8");
  it("names every deployment file and every header, with the values the module sends", () => {
    for (const file of Object.values(DEPLOY_FILES)) expect(doc).toContain(`\`${file}\``);
    for (const [name, value] of securityHeaders(INPUT)) {
      expect(doc).toContain(`\`${name}\``);
      if (name !== "Content-Security-Policy" && name !== "Permissions-Policy") expect(doc).toContain(`\`${value}\``);
    }
    for (const value of [HSTS, IMMUTABLE, REVALIDATE]) expect(doc).toContain(`\`${value}\``);
    for (const [directive] of cspDirectivesOf(contentSecurityPolicy(INPUT))) expect(doc).toContain(`\`${directive}\``);
  });
  it("is linked from the README", () => {
    expect(readFileSync(new URL("../../README.md", import.meta.url), "utf8")).toContain("(DEPLOY.md)");
  });
});

function cspDirectivesOf(csp: string): string[][] {
  return csp.split("; ").map((d) => d.split(" "));
}
