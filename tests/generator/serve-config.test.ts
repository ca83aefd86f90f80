/**
 * dist/_headers as serve-handler's configuration (scripts/lib/serve-config.ts): the
 * pattern translation, and, on the fixture site's build, that every page, asset and the
 * 404 page are served with exactly the headers the _headers rules give their URL, and an
 * unknown address gets the not-found page with status 404. (The Building OS site's own
 * pages: tests/unit/serve-config.test.ts.)
 */
import { afterAll, describe, expect, it } from "vitest";
import { fileGlob } from "../../scripts/lib/serve-config.ts";
import { fixturesRemovedAfterAll } from "./fixture.ts";
import { builtAndServed, expectAssetCaching, GENERATED_FILES, servedHeaders } from "./support/served-headers.ts";

describe("fileGlob", () => {
  it.each([
    ["/", "/index.html"],
    ["/*", "/**"],
    ["/assets/*", "/assets/**"],
    ["/pricing", "/pricing{,/index.html}"],
    ["/pricing/", "/pricing/index.html"],
    ["/guides/:slug", "/guides/*{,/index.html}"],
    ["/404.html", "/404.html{,/index.html}"],
    ["/foo*", "/foo*{,/**}"],
    ["https://www.example.com/pricing", "/pricing{,/index.html}"],
    ["/a(b)", "/a\\(b\\){,/index.html}"],
  ])("%s -> %s", (pattern, glob) => {
    expect(fileGlob(pattern)).toBe(glob);
  });
});

describe("the fixture site's _headers, served by serve-handler", () => {
  const served = builtAndServed(fixturesRemovedAfterAll(afterAll), 60_000);

  it("gives every page (at /x and /x/), asset and the 404 page the headers of its URL's rules", async () => {
    const { urls, mismatches, compared } = await servedHeaders(served.base, served.dist);
    expect(urls).toEqual(["/", "/about/team", "/about/team/", "/notes/first-flight", "/notes/first-flight/", "/notes/repairs", "/notes/repairs/"]);
    expect(mismatches).toEqual([]);
    // Eight headers for every URL: seven security headers (the site module's Permissions-Policy among them) and Cache-Control.
    expect(compared).toBe(8 * (urls.length + GENERATED_FILES.length + 1));
  });

  it("answers an unknown address with the not-found page and status 404, and a note at its address", async () => {
    const missing = await fetch(`${served.base}/notes/no-such-note`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("<title>Page not found | Northwind Kites</title>");
    const note = await fetch(`${served.base}/notes/first-flight`);
    expect(note.status).toBe(200);
    expect(await note.text()).toContain("<title>The first flight | Northwind Kites</title>");
  });

  it("caches hashed assets for a year and never a 404", () => expectAssetCaching(served.base));
});
