/**
 * useEntries (scripts/runtime/entries.ts): a list's entries kept, sorted and cut as a template
 * asks, and the page noted as reading it (that the build then renders a page again when a list
 * it read changes, and only then, is the oracle's: tests/unit/oracle.test.ts "useEntries").
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useEntries, type EntriesOptions } from "../../scripts/api.ts";
import { Ctx, type RenderContext } from "../../scripts/runtime/context.ts";

interface Post {
  id: string;
  title: string;
  date: string;
  part?: number;
  draft?: boolean;
}
const POSTS: Post[] = [
  { id: "b", title: "Part 10", date: "2026-03-01", part: 10 },
  { id: "a", title: "part 2", date: "2026-01-15", part: 2, draft: true },
  { id: "c", title: "Part 1", date: "2026-03-01", part: 1 },
];

function listed(options?: EntriesOptions<Post>, name = "posts"): { ids: string; read: string[] } {
  const read: string[] = [];
  const ctx = { entries: (n: string) => (read.push(n), n === "posts" ? POSTS : []) } as unknown as RenderContext;
  const List = () => <>{useEntries<Post>(name, options).map((p) => p.id).join(",")}</>;
  return { ids: renderToStaticMarkup(<Ctx.Provider value={ctx}><List /></Ctx.Provider>), read };
}

describe("useEntries", () => {
  it("gives the list as it is, and notes it read", () => {
    expect(listed()).toEqual({ ids: "b,a,c", read: ["posts"] });
  });

  it("keeps, sorts (text with numbers by value, equal ones in their order), turns round and cuts", () => {
    expect(listed({ where: (p) => !p.draft }).ids).toBe("b,c");
    expect(listed({ sort: "title" }).ids).toBe("c,a,b");
    expect(listed({ sort: "part" }).ids).toBe("c,a,b");
    expect(listed({ sort: "date" }).ids).toBe("a,b,c");
    expect(listed({ sort: "date", order: "descending" }).ids).toBe("b,c,a");
    expect(listed({ order: "descending" }).ids).toBe("c,a,b");
    expect(listed({ sort: (x, y) => x.id.localeCompare(y.id), limit: 2 }).ids).toBe("a,b");
    expect(listed({ limit: 0 }).ids).toBe("");
  });

  it("never changes the list it was given", () => {
    listed({ sort: "title", order: "descending" });
    expect(POSTS.map((p) => p.id)).toEqual(["b", "a", "c"]);
  });

  it("says where it can be used when the render gives no lists (an island)", () => {
    const List = () => <>{useEntries("posts").length}</>;
    expect(() => renderToStaticMarkup(<Ctx.Provider value={{} as RenderContext}><List /></Ctx.Provider>)).toThrow('useEntries("posts") is for templates the build renders');
  });
});
