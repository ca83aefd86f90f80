/**
 * The Building OS site's dist/_headers, served by serve-handler (scripts/lib/serve-config.ts):
 * every page, asset and the 404 page are served with exactly the headers the _headers
 * rules give their URL. (The pattern translation, and the same on the fixture site:
 * tests/generator/serve-config.test.ts.)
 */
import { afterAll, describe, expect, it } from "vitest";
import { builtAndServed, expectAssetCaching, servedHeaders } from "../generator/support/served-headers.ts";
import { projectsRemovedAfterAll } from "./project.ts";

describe("the real site's _headers, served by serve-handler", () => {
  const served = builtAndServed(projectsRemovedAfterAll(afterAll), 120_000);

  it("gives every page (at /x and /x/), asset and the 404 page the headers of its URL's rules", async () => {
    const { urls, mismatches, compared } = await servedHeaders(served.base, served.dist);
    expect(mismatches).toEqual([]);
    expect(urls.length).toBeGreaterThan(30);
    expect(compared).toBeGreaterThan(urls.length * 5);
  });

  it("caches hashed assets for a year and never a 404", () => expectAssetCaching(served.base));
});
