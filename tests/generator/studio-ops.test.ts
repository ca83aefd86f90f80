/**
 * The Studio's server-side file operations (scripts/studio/): formatting-keeping JSON
 * and Markdown saves, path confinement, upload names and checks, page plans (on a copy
 * of the fixture site, checked by the pipeline) and the git Changes panel (in a
 * temporary repository).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { contentFile, ConfinementError } from "../../scripts/studio/confine.ts";
import { changedFiles, discard, fileDiff, isGitRepo } from "../../scripts/studio/git.ts";
import { editJson, formatNewJson } from "../../scripts/studio/json-edit.ts";
import { editMarkdown } from "../../scripts/studio/md-edit.ts";
import { deletePlan, findLinks, newPage, pageFileFor, renamePage } from "../../scripts/studio/pages.ts";
import { assetFileName, checkUpload, MAX_UPLOAD_BYTES, uniqueAssetName } from "../../scripts/studio/uploads.ts";
import { fixturesRemovedAfterAll, fixtureText } from "./fixture.ts";

const fixtureProject = fixturesRemovedAfterAll(afterAll);
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};

// ------------------------------------------------------------------ editJson

const SAMPLE = `{
  "$schema": "../../schemas/page.schema.json",
  "title": "Kites",
  "tags": ["a", "b"],
  "image": { "src": "assets/mark.svg", "alt": "" },
  "nav": [
    { "label": "Home", "href": "/" },
    { "label": "Team", "href": "/team" }
  ],
  "sections": [
    {
      "type": "banner",
      "heading": "One"
    },
    {
      "type": "shelf",
      "heading": "Two"
    }
  ],
  "empty": []
}
`;

const edit = (f: (v: any) => void) => {
  const v = JSON.parse(SAMPLE);
  f(v);
  const out = editJson(SAMPLE, v);
  expect(JSON.parse(out)).toEqual(v);
  return out;
};
const diffLines = (a: string, b: string) => {
  const x = new Set(a.split("\n"));
  const y = new Set(b.split("\n"));
  return { removed: [...x].filter((l) => !y.has(l)), added: [...y].filter((l) => !x.has(l)) };
};

describe("editJson", () => {
  it("gives back the same text for the same value, and formatNewJson is two-space JSON with a newline", () => {
    expect(editJson(SAMPLE, JSON.parse(SAMPLE))).toBe(SAMPLE);
    // Key order alone is no change.
    const v = JSON.parse(SAMPLE);
    expect(editJson(SAMPLE, Object.fromEntries(Object.entries(v).reverse()))).toBe(SAMPLE);
    expect(formatNewJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });

  it("keeps one-line spots on one line", () => {
    expect(diffLines(SAMPLE, edit((v) => v.tags.push("c")))).toEqual({ removed: ['  "tags": ["a", "b"],'], added: ['  "tags": ["a", "b", "c"],'] });
    expect(diffLines(SAMPLE, edit((v) => v.tags.pop()))).toEqual({ removed: ['  "tags": ["a", "b"],'], added: ['  "tags": ["a"],'] });
    expect(diffLines(SAMPLE, edit((v) => (v.image.alt = "A kite")))).toEqual({ removed: ['  "image": { "src": "assets/mark.svg", "alt": "" },'], added: ['  "image": { "src": "assets/mark.svg", "alt": "A kite" },'] });
    expect(diffLines(SAMPLE, edit((v) => (v.image = { src: "assets/x.svg", decorative: true })))).toEqual({
      removed: ['  "image": { "src": "assets/mark.svg", "alt": "" },'],
      added: ['  "image": { "src": "assets/x.svg", "decorative": true },'],
    });
  });

  it("adds a list item in its siblings' style, touching only its own lines and the comma before", () => {
    expect(diffLines(SAMPLE, edit((v) => v.nav.push({ label: "Shop", href: "/shop" })))).toEqual({
      removed: ['    { "label": "Team", "href": "/team" }'],
      added: ['    { "label": "Team", "href": "/team" },', '    { "label": "Shop", "href": "/shop" }'],
    });
    const out = edit((v) => v.sections.splice(1, 0, { type: "banner", heading: "New" }));
    expect(out).toContain('    {\n      "type": "banner",\n      "heading": "New"\n    },\n    {\n      "type": "shelf"');
  });

  it("moves a section as a block, and removes one without touching the others", () => {
    const moved = edit((v) => v.sections.reverse());
    expect(moved).toContain('"sections": [\n    {\n      "type": "shelf",\n      "heading": "Two"\n    },\n    {\n      "type": "banner",\n      "heading": "One"\n    }\n  ],');
    const removed = edit((v) => v.sections.shift());
    expect(removed).toContain('"sections": [\n    {\n      "type": "shelf",\n      "heading": "Two"\n    }\n  ],');
  });

  it("writes new keys where the new value has them, and drops removed keys", () => {
    const out = edit((v) => {
      const { $schema, title, ...rest } = v;
      for (const k of Object.keys(v)) delete v[k];
      Object.assign(v, { $schema, title, header: "solid", ...rest });
      delete v.empty;
    });
    expect(out.split("\n").slice(0, 5)).toEqual(["{", '  "$schema": "../../schemas/page.schema.json",', '  "title": "Kites",', '  "header": "solid",', '  "tags": ["a", "b"],']);
    expect(out.endsWith('    }\n  ]\n}\n')).toBe(true);
  });

  it("writes a new multi-line value indented to its place, and a changed type anew", () => {
    const out = edit((v) => (v.sections[0].counter = { label: "Flown", start: 3 }));
    expect(out).toContain('      "heading": "One",\n      "counter": {\n        "label": "Flown",\n        "start": 3\n      }\n    },');
    expect(edit((v) => (v.empty = { a: [1, { b: 2 }] }))).toContain('"empty": {\n    "a": [\n      1,\n      {\n        "b": 2\n      }\n    ]\n  }\n}\n');
    expect(edit((v) => (v.title = null))).toContain('  "title": null,\n');
  });

  it("falls back to new formatting for a text that is not JSON, and always ends with one newline", () => {
    expect(editJson("{ not json", { a: 1 })).toBe('{\n  "a": 1\n}\n');
    expect(editJson('{"a":1}', { a: 2 })).toBe('{"a":2}\n');
    expect(editJson('{\n  "a": 1\n}\n\n\n', { a: 2 })).toBe('{\n  "a": 2\n}\n');
  });

  // Random JSON, random edits: the result always parses to what was asked, and an unchanged value changes nothing.
  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.string(), fc.integer(), fc.boolean(), fc.constant(null), tie("array"), tie("object")),
    array: fc.array(tie("value"), { maxLength: 5 }),
    object: fc.dictionary(fc.string({ maxLength: 6 }), tie("value"), { maxKeys: 5 }),
  }));
  /** A random value and a variation of it: some leaves changed, items and keys added, removed or reordered. */
  const mutate = (v: unknown, seed: number): unknown => {
    const pick = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const go = (x: unknown): unknown => {
      const r = pick(10);
      if (r === 0) return "changed";
      if (Array.isArray(x)) {
        const items = x.map(go);
        if (r === 1) items.push({ added: [1, "two"] });
        if (r === 2) items.shift();
        if (r === 3) items.reverse();
        return items;
      }
      if (typeof x === "object" && x !== null) {
        const out: Record<string, unknown> = {};
        for (const [k, val] of Object.entries(x)) if (pick(6) !== 0) out[k] = go(val);
        if (r === 4) out["new key"] = ["x", { y: null }];
        return out;
      }
      return x;
    };
    return go(v);
  };
  /** The same value, written in a mix of one-line and multi-line spots. */
  const mixed = (v: unknown, depth = 0, oneLine = false): string => {
    const indent = "  ".repeat(depth);
    if (Array.isArray(v) || (typeof v === "object" && v !== null)) {
      const entries = Array.isArray(v) ? v.map((x) => [undefined, x] as const) : Object.entries(v);
      const [open, close] = Array.isArray(v) ? ["[", "]"] : ["{", "}"];
      const inline = oneLine || (depth > 0 && JSON.stringify(v).length < 30);
      const member = ([k, x]: readonly [string | undefined, unknown]) => (k === undefined ? "" : JSON.stringify(k) + ": ") + mixed(x, depth + 1, inline);
      if (!entries.length) return open + close;
      if (inline) return open + (Array.isArray(v) ? "" : " ") + entries.map(member).join(", ") + (Array.isArray(v) ? "" : " ") + close;
      return `${open}\n${entries.map((e) => indent + "  " + member(e)).join(",\n")}\n${indent}${close}`;
    }
    return JSON.stringify(v);
  };

  it("parses to exactly the new value for random values and edits (fast-check)", () => {
    fc.assert(
      fc.property(json.object, fc.integer({ min: 1, max: 2 ** 30 }), (value, seed) => {
        for (const text of [JSON.stringify(value, null, 2) + "\n", mixed(value) + "\n"]) {
          expect(editJson(text, JSON.parse(text))).toBe(text);
          const next = mutate(value, seed);
          const out = editJson(text, next);
          expect(JSON.parse(out)).toEqual(next);
          expect(out.endsWith("\n") && !out.endsWith("\n\n")).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});

// ------------------------------------------------------------------ editMarkdown

describe("editMarkdown", () => {
  const NOTE = `---
# The note's own words
title: "The first flight"
description: 'What to take: a kite.' # quoted on purpose
tags: [beach, wind]
readTime: 1
---

## Before you go

Check the wind.
`;
  const data = { title: "The first flight", description: "What to take: a kite.", tags: ["beach", "wind"], readTime: 1 };
  const body = "## Before you go\n\nCheck the wind.";

  it("gives back the same text when nothing changed", () => {
    expect(editMarkdown(NOTE, data, body)).toBe(NOTE);
    expect(editMarkdown(NOTE, data, body + "\n\n")).toBe(NOTE);
  });

  it("changes only the changed field, keeping comments and quoting", () => {
    const out = editMarkdown(NOTE, { ...data, readTime: 2 }, body);
    expect(out).toBe(NOTE.replace("readTime: 1", "readTime: 2"));
    const tags = editMarkdown(NOTE, { ...data, tags: ["beach", "hill"] }, body);
    expect(tags).toBe(NOTE.replace("[beach, wind]", "[beach, hill]"));
    const removed = editMarkdown(NOTE, { title: data.title, description: data.description, readTime: 1 }, body);
    expect(removed).toBe(NOTE.replace("tags: [beach, wind]\n", ""));
    const added = editMarkdown(NOTE, { ...data, level: "Beginner: first steps" }, body);
    expect(added).toBe(NOTE.replace("readTime: 1\n", 'readTime: 1\nlevel: "Beginner: first steps"\n'));
  });

  it("replaces the body after the same blank lines, ending with one newline", () => {
    expect(editMarkdown(NOTE, data, "New body.\n\n\n")).toBe(NOTE.slice(0, NOTE.indexOf("## Before")) + "New body.\n");
    const twoBlank = NOTE.replace("---\n\n##", "---\n\n\n##");
    expect(editMarkdown(twoBlank, data, "New body.")).toBe(NOTE.slice(0, NOTE.indexOf("## Before")) + "\nNew body.\n");
    expect(editMarkdown("no front matter", { title: "T" }, "Body")).toBe("---\ntitle: T\n---\n\nBody\n");
  });
});

// ------------------------------------------------------------------ confinement

describe("contentFile", () => {
  const root = tempDir("studio-confine-");
  mkdirSync(path.join(root, "content/pages"), { recursive: true });
  mkdirSync(path.join(root, "content/assets"), { recursive: true });
  mkdirSync(path.join(root, "outside"), { recursive: true });
  writeFileSync(path.join(root, "outside/secret.json"), "{}");
  writeFileSync(path.join(root, "content/pages/index.json"), "{}");
  symlinkSync(path.join(root, "outside"), path.join(root, "content/pages/linked"));
  symlinkSync(path.join(root, "outside/secret.json"), path.join(root, "content/pages/secret.json"));
  symlinkSync(path.join(root, "outside/nothing-yet.json"), path.join(root, "content/pages/dangling.json"));

  it("accepts content files, new ones included", () => {
    expect(contentFile(root, "content/pages/index.json")).toBe(path.join(root, "content/pages/index.json"));
    expect(contentFile(root, "content/pages/new/deeper.json")).toBe(path.join(root, "content/pages/new/deeper.json"));
    expect(contentFile(root, "content/guides/a.md")).toBe(path.join(root, "content/guides/a.md"));
    expect(contentFile(root, "content/assets/photo.jpg")).toBe(path.join(root, "content/assets/photo.jpg"));
  });

  it.each([
    ["a parent folder", "content/../outside/secret.json"],
    ["a parent folder at the start", "../content/pages/index.json"],
    ["an absolute path", path.join(root, "content/pages/index.json")],
    ["a NUL character", "content/pages/index.json\0.md"],
    ["a backslash", "content\\pages\\index.json"],
    ["a file outside content", "package.json"],
    ["the content folder itself", "content"],
    ["a file that is not .json or .md", "content/pages/script.js"],
    ["the assets folder itself", "content/assets"],
    ["a folder link out of content", "content/pages/linked/secret.json"],
    ["a file link out of content", "content/pages/secret.json"],
    ["a link to nothing", "content/pages/dangling.json"],
    ["an empty part", "content//pages/index.json"],
    ["a dot part", "content/./pages/index.json"],
    ["an empty path", ""],
    ["a folder", "content/pages"],
  ])("refuses %s", (_, relPath) => {
    expect(() => contentFile(root, relPath)).toThrow(ConfinementError);
  });

  it("says plainly why", () => {
    expect(() => contentFile(root, "content/pages/linked/secret.json")).toThrow(/content folder; "content\/pages\/linked\/secret.json" leads out of the content folder/);
  });
});

// ------------------------------------------------------------------ uploads

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const svg = (inner: string) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`);

describe("uploads", () => {
  it("names files as content names images", () => {
    expect(assetFileName("My Lobby Photo (1).PNG")).toBe("my-lobby-photo-1.png");
    expect(assetFileName("Café.jpg")).toBe("cafe.jpg");
    expect(assetFileName("Straße Ærø.webp")).toBe("strasse-aero.webp");
    expect(assetFileName("photo.JPEG")).toBe("photo.jpeg");
    expect(assetFileName("(!).png")).toBe("image.png");
    expect(assetFileName(".png")).toBe("image.png");
    expect(assetFileName("C:\\Users\\me\\Desktop\\Hero Shot.svg")).toBe("hero-shot.svg");
  });

  it("takes images by their content, correcting the extension", () => {
    expect(checkUpload("Lobby.PNG", PNG)).toEqual({ ok: true, name: "lobby.png" });
    expect(checkUpload("Lobby.png", JPEG)).toEqual({ ok: true, name: "lobby.jpg" });
    expect(checkUpload("Lobby.jpeg", JPEG)).toEqual({ ok: true, name: "lobby.jpeg" });
    expect(checkUpload("lobby", PNG)).toEqual({ ok: true, name: "lobby.png" });
    expect(checkUpload("drawing.svg", svg('<path d="M0 0h10v10z"/>'))).toEqual({ ok: true, name: "drawing.svg" });
  });

  it("refuses empty, too large, non-images and unsafe SVGs, saying what it found", () => {
    expect(checkUpload("a.png", new Uint8Array())).toEqual({ ok: false, message: expect.stringMatching(/"a.png" is empty/) });
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(PNG);
    expect(checkUpload("big.png", big)).toEqual({ ok: false, message: expect.stringMatching(/20 MB/) });
    expect(MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024);
    expect(checkUpload("page.png", new TextEncoder().encode("<!doctype html><html></html>"))).toEqual({ ok: false, message: expect.stringMatching(/a web page/) });
    expect(checkUpload("notes.png", new TextEncoder().encode("hello"))).toEqual({ ok: false, message: expect.stringMatching(/text, not an image/) });
    expect(checkUpload("bad.svg", svg("<script>alert(1)</script>"))).toEqual({ ok: false, message: expect.stringMatching(/a script/) });
    expect(checkUpload("bad.svg", svg('<rect onclick="x()"/>'))).toEqual({ ok: false, message: expect.stringMatching(/event handler attribute \(onclick\)/) });
    expect(checkUpload("bad.svg", svg('<image href="https://evil.example/x.png"/>'))).toEqual({ ok: false, message: expect.stringMatching(/another site \(https:\/\/evil.example\/x.png\)/) });
  });

  it("finds a free name, keeping the name for the same bytes", () => {
    const dir = tempDir("studio-assets-");
    expect(uniqueAssetName(dir, "lobby.png")).toBe("lobby.png");
    writeFileSync(path.join(dir, "lobby.png"), PNG);
    writeFileSync(path.join(dir, "lobby-2.png"), JPEG);
    expect(uniqueAssetName(dir, "lobby.png")).toBe("lobby-3.png");
    expect(uniqueAssetName(dir, "lobby.png", PNG)).toBe("lobby.png");
    expect(uniqueAssetName(dir, "lobby.png", JPEG)).toBe("lobby-2.png");
    expect(uniqueAssetName(dir, "lobby.png", Uint8Array.from([1]))).toBe("lobby-3.png");
    expect(existsSync(path.join(dir, "lobby-3.png"))).toBe(false);
  });
});

// ------------------------------------------------------------------ pages

const write = (root: string, writes: Map<string, string>, remove?: string) => {
  for (const [file, text] of writes) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  if (remove) rmSync(path.join(root, remove));
};
const errors = async (project: ReturnType<typeof fixtureProject>) => {
  const result = await runPipeline(project, { mode: "check" });
  return { errors: result.issues.filter((i) => i.severity === "error"), routes: result.routes.map((r) => r.path) };
};

describe("pages", () => {
  it("maps addresses to page files, refusing what cannot be one", () => {
    expect(pageFileFor("/")).toBe("content/pages/index.json");
    expect(pageFileFor("/a/b-c")).toBe("content/pages/a/b-c.json");
    for (const bad of ["", "a", "/A", "/a/", "/a//b", "/a b", "/a/../b", "/-a", "/404", "/a/index", "/é"]) expect(() => pageFileFor(bad), bad).toThrow(/address/);
  });

  it("finds the links to a page in JSON and Markdown, not its aliases", async () => {
    const project = fixtureProject({
      "content/pages/about/team.json": fixtureText("content/pages/about/team.json").replace('"title"', '"aliases": ["/team"],\n  "title"'),
      "content/notes/repairs.md": fixtureText("content/notes/repairs.md") + "\nAsk [the team](/about/team#hours) or [them](/about/teams).\n",
    });
    expect(await findLinks(project.root, "/about/team")).toEqual([
      { file: "content/notes/repairs.md", pointer: "/body" },
      { file: "content/pages/index.json", pointer: "/sections/0/text" },
      { file: "content/site.json", pointer: "/nav/1/href" },
    ]);
    expect(await findLinks(project.root, "/team")).toEqual([]);
    expect(await findLinks(project.root, "/notes/repairs")).toEqual([{ file: "content/notes/first-flight.md", pointer: "/body" }]);
  });

  it("plans a new page from a copy of another, which passes the checks", async () => {
    const project = fixtureProject();
    const page = await newPage(project.root, { address: "/shop/kites", from: "/about/team", title: "Our kites" });
    expect(page.path).toBe("content/pages/shop/kites.json");
    const team = fixtureText("content/pages/about/team.json");
    expect(page.text).toBe(
      team.replace('"title": "Our team"', '"title": "Our kites"').replace(/"description": ".*"/, '"description": "Describe the page \\"Our kites\\" here in a sentence or two: what visitors find on it and why it matters."'),
    );
    expect(existsSync(path.join(project.root, page.path))).toBe(false);
    const fromHome = await newPage(project.root, { address: "/shop", from: "content/pages/index.json", title: "Shop" });
    expect(JSON.parse(fromHome.text).$schema).toBe("../../schemas/page.schema.json");
    write(project.root, new Map([[page.path, page.text], [fromHome.path, fromHome.text]]));
    const { errors: found, routes } = await errors(project);
    expect(found).toEqual([]);
    expect(routes).toContain("/shop/kites");
  });

  it("refuses a new page at an address that is taken, as a file or an alias", async () => {
    const project = fixtureProject({ "content/pages/about/team.json": fixtureText("content/pages/about/team.json").replace('"title"', '"aliases": ["/team"],\n  "title"') });
    await expect(newPage(project.root, { address: "/about/team", title: "Team" })).rejects.toThrow("/about/team is already the address of content/pages/about/team.json");
    await expect(newPage(project.root, { address: "/team", title: "Team" })).rejects.toThrow(/another address of content\/pages\/about\/team.json/);
    await expect(newPage(project.root, { address: "/notes/repairs", title: "Repairs", taken: ["/notes/repairs"] })).rejects.toThrow(/already the address/);
    // The fixture site has no hero section: a blank page is not possible there.
    await expect(newPage(project.root, { address: "/blank", title: "Blank" })).rejects.toThrow(/start the new page from an existing one/);
  });

  it("plans a blank page with a hero where the site has one", async () => {
    const project = fixtureProject({ "schemas/sections/hero.schema.json": "{}", "content/assets/hero-sea.svg": "<svg/>" });
    const page = await newPage(project.root, { address: "/about/history", title: "History" });
    const data = JSON.parse(page.text);
    expect(data).toMatchObject({ $schema: "../../../schemas/page.schema.json", title: "History", sections: [{ type: "hero", heading: "History", images: [{ src: "assets/hero-sea.svg" }] }] });
    expect(data.description.length).toBeGreaterThanOrEqual(50);
    expect(page.text).toBe(formatNewJson(data));
  });

  it("plans a rename that updates every link, which passes the checks", async () => {
    const project = fixtureProject();
    const plan = await renamePage(project.root, { path: "content/pages/about/team.json", address: "/people", keepAlias: false, updateLinks: true });
    expect(plan.newPath).toBe("content/pages/people.json");
    expect(plan.remove).toBe("content/pages/about/team.json");
    expect([...plan.writes.keys()].sort()).toEqual(["content/pages/index.json", "content/pages/people.json", "content/site.json"]);
    expect(plan.writes.get("content/site.json")).toBe(fixtureText("content/site.json").replace('"href": "/about/team"', '"href": "/people"'));
    expect(plan.writes.get("content/pages/people.json")).toBe(fixtureText("content/pages/about/team.json").replace("../../../schemas", "../../schemas"));
    expect(existsSync(path.join(project.root, "content/pages/people.json"))).toBe(false);
    write(project.root, plan.writes, plan.remove);
    const { errors: found, routes } = await errors(project);
    expect(found).toEqual([]);
    expect(routes).toContain("/people");
    expect(routes).not.toContain("/about/team");
    expect(await findLinks(project.root, "/about/team")).toEqual([]);
  });

  it("keeps the old address as an alias, and rewrites Markdown links keeping their fragment", async () => {
    const project = fixtureProject();
    const plan = await renamePage(project.root, { path: "content/pages/index.json", address: "/home", keepAlias: true, updateLinks: false }).catch((e: Error) => e);
    expect(plan).toBeInstanceOf(Error);
    expect((plan as Error).message).toMatch(/home page/);
    const withNote = fixtureProject({ "content/notes/repairs.md": fixtureText("content/notes/repairs.md") + "\nAsk [the team](/about/team#hours).\n" });
    const renamed = await renamePage(withNote.root, { path: "/about/team", address: "/crew", keepAlias: true, updateLinks: true });
    expect(JSON.parse(renamed.writes.get("content/pages/crew.json")!).aliases).toEqual(["/about/team"]);
    expect(renamed.writes.get("content/notes/repairs.md")).toBe(fixtureText("content/notes/repairs.md") + "\nAsk [the team](/crew#hours).\n");
    await expect(renamePage(withNote.root, { path: "/about/team", address: "/", keepAlias: false, updateLinks: false })).rejects.toThrow(/already the address/);
  });

  it("refuses to delete a page something links to, the home page and the not-found page", async () => {
    const project = fixtureProject();
    const plan = await deletePlan(project.root, "content/pages/about/team.json");
    expect(plan).toEqual({
      ok: false,
      linkedFrom: [
        { file: "content/pages/index.json", pointer: "/sections/0/text" },
        { file: "content/site.json", pointer: "/nav/1/href" },
      ],
      message: "content/pages/about/team.json (/about/team) cannot be deleted while 2 files link to it: content/pages/index.json, content/site.json. Change or remove those links first.",
    });
    expect(await deletePlan(project.root, "content/pages/index.json")).toMatchObject({ ok: false, message: expect.stringMatching(/home page/) });
    expect(await deletePlan(project.root, "content/pages/404.json")).toMatchObject({ ok: false, message: expect.stringMatching(/addresses that do not exist/) });
    const lone = await newPage(project.root, { address: "/lone", from: "/about/team", title: "Alone" });
    write(project.root, new Map([[lone.path, lone.text.replace('"title"', '"aliases": ["/alone"],\n  "title"')]]));
    expect(await deletePlan(project.root, lone.path)).toEqual({ ok: true });
    writeFileSync(path.join(project.root, "content/pages/about/team.json"), fixtureText("content/pages/about/team.json").replace("/notes/first-flight", "/alone"));
    expect(await deletePlan(project.root, lone.path)).toMatchObject({ ok: false, linkedFrom: [{ file: "content/pages/about/team.json", pointer: "/sections/0/text" }] });
  });
});

// ------------------------------------------------------------------ git

describe("git", () => {
  const gitIn = (root: string, ...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });

  it("is not a repository outside one, and the other functions say so", async () => {
    const root = tempDir("studio-nogit-");
    mkdirSync(path.join(root, "content"));
    expect(await isGitRepo(root)).toBe(false);
    await expect(changedFiles(root)).rejects.toThrow(/not a git repository/);
    await expect(fileDiff(root, "content/a.json")).rejects.toThrow(/not a git repository/);
    await expect(discard(root, "content/a.json")).rejects.toThrow(/not a git repository/);
  });

  it("lists, diffs and discards the changes in content", async () => {
    const root = tempDir("studio-git-");
    mkdirSync(path.join(root, "content/pages"), { recursive: true });
    writeFileSync(path.join(root, "content/pages/index.json"), '{\n  "title": "Home"\n}\n');
    writeFileSync(path.join(root, "content/site.json"), "{}\n");
    writeFileSync(path.join(root, "README.md"), "readme\n");
    gitIn(root, "init", "-q");
    gitIn(root, "config", "user.email", "studio@example.com");
    gitIn(root, "config", "user.name", "Studio test");
    gitIn(root, "add", "-A");
    gitIn(root, "commit", "-qm", "start");
    expect(await isGitRepo(root)).toBe(true);
    expect(await changedFiles(root)).toEqual([]);

    writeFileSync(path.join(root, "content/pages/index.json"), '{\n  "title": "Welcome"\n}\n');
    rmSync(path.join(root, "content/site.json"));
    mkdirSync(path.join(root, "content/pages/new"));
    writeFileSync(path.join(root, "content/pages/new/a b.json"), '{ "x": 1 }\n');
    writeFileSync(path.join(root, "content/pages/staged.json"), "{}\n");
    gitIn(root, "add", "content/pages/staged.json");
    writeFileSync(path.join(root, "README.md"), "changed outside content\n");
    expect(await changedFiles(root)).toEqual([
      { path: "content/pages/index.json", status: "modified" },
      { path: "content/pages/new/a b.json", status: "untracked" },
      { path: "content/pages/staged.json", status: "added" },
      { path: "content/site.json", status: "deleted" },
    ]);

    const diff = await fileDiff(root, "content/pages/index.json");
    expect(diff).toContain('-  "title": "Home"\n+  "title": "Welcome"');
    const added = await fileDiff(root, "content/pages/new/a b.json");
    expect(added).toContain('+{ "x": 1 }');
    await expect(fileDiff(root, "../README.md")).rejects.toThrow(ConfinementError);

    await discard(root, "content/pages/index.json");
    expect(readFileSync(path.join(root, "content/pages/index.json"), "utf8")).toBe('{\n  "title": "Home"\n}\n');
    await discard(root, "content/site.json");
    expect(readFileSync(path.join(root, "content/site.json"), "utf8")).toBe("{}\n");
    await discard(root, "content/pages/new/a b.json");
    expect(existsSync(path.join(root, "content/pages/new/a b.json"))).toBe(false);
    await discard(root, "content/pages/staged.json");
    expect(existsSync(path.join(root, "content/pages/staged.json"))).toBe(false);
    expect(await changedFiles(root)).toEqual([]);
    await expect(discard(root, "README.md")).rejects.toThrow(ConfinementError);
    expect(readFileSync(path.join(root, "README.md"), "utf8")).toBe("changed outside content\n");
  });

  it("lists paths from the project's folder when it is inside a larger repository", async () => {
    const top = tempDir("studio-gitsub-");
    const root = path.join(top, "site");
    mkdirSync(path.join(root, "content"), { recursive: true });
    gitIn(top, "init", "-q");
    writeFileSync(path.join(root, "content/a.json"), "{}\n");
    expect(await changedFiles(root)).toEqual([{ path: "content/a.json", status: "untracked" }]);
    expect(await fileDiff(root, "content/a.json")).toContain("+{}");
  });
});
