/**
 * The Studio's saves on this repository's content: opening and saving an unchanged file
 * changes no byte, and changing one text changes one line (what git diff shows).
 * Also a blank new page (with a hero) and a renamed page that keeps its old address
 * as an alias pass the site's checks.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { parseFrontMatter } from "../../scripts/lib/front-matter.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { editJson } from "../../scripts/studio/json-edit.ts";
import { editMarkdown } from "../../scripts/studio/md-edit.ts";
import { findLinks, newPage, renamePage } from "../../scripts/studio/pages.ts";
import { projectsRemovedAfterAll } from "./project.ts";

const tempProject = projectsRemovedAfterAll(afterAll);

const contentFiles = (ext: string) =>
  readdirSync(path.join(ROOT, "content"), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext) && !e.parentPath.includes(`${path.sep}assets`))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();

const jsonFiles = contentFiles(".json");
const mdFiles = contentFiles(".md").filter((f) => f.startsWith("content/guides/"));

/** The first string value in a JSON value, as a path of keys and indexes. */
function firstString(value: unknown, at: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === "string") return at;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = firstString(v, [...at, i]);
      if (found) return found;
    }
  } else if (typeof value === "object" && value !== null)
    for (const [k, v] of Object.entries(value)) {
      // "$schema" is a string too, but the first text an editor changes is after it.
      if (k === "$schema") continue;
      const found = firstString(v, [...at, k]);
      if (found) return found;
    }
  return undefined;
}

const changedLines = (a: string, b: string) => {
  const x = a.split("\n");
  const y = b.split("\n");
  expect(y.length).toBe(x.length);
  return x.filter((line, i) => line !== y[i]).length;
};

describe("saving this repository's JSON content with editJson", () => {
  it("finds the content files", () => {
    expect(jsonFiles.length).toBeGreaterThan(30);
    expect(jsonFiles).toContain("content/site.json");
    expect(mdFiles.length).toBeGreaterThanOrEqual(3);
  });

  it.each(jsonFiles)("%s: unchanged is byte-identical, one changed text is one changed line", (file) => {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    expect(editJson(text, JSON.parse(text))).toBe(text);

    const data = JSON.parse(text);
    const at = firstString(data);
    expect(at).toBeDefined();
    let node = data;
    for (const k of at!.slice(0, -1)) node = node[k];
    node[at!.at(-1)!] = `${node[at!.at(-1)!]} (edited)`;
    const out = editJson(text, data);
    expect(JSON.parse(out)).toEqual(data);
    expect(changedLines(text, out)).toBe(1);
    expect(out.endsWith("\n") && !out.endsWith("\n\n")).toBe(true);
  });
});

describe("saving this repository's guides with editMarkdown", () => {
  it.each(mdFiles)("%s: unchanged is byte-identical; a changed field or body changes only that", (file) => {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    const { body, ...data } = parseFrontMatter(text).data;
    expect(editMarkdown(text, data, body as string)).toBe(text);

    const edited = editMarkdown(text, { ...data, title: `${data["title"]}: again` }, body as string);
    expect(changedLines(text, edited)).toBe(1);
    const reread = parseFrontMatter(edited).data;
    expect(reread).toEqual({ ...data, title: `${data["title"]}: again`, body });

    const newBody = (body as string).replace(/^(.*)$/m, "$1 More.");
    const bodyEdited = editMarkdown(text, data, newBody);
    expect(changedLines(text, bodyEdited)).toBe(1);
    expect(parseFrontMatter(bodyEdited).data["body"]).toBe(newBody);
  });
});

describe("pages on this repository's content", () => {
  it("a blank new page with a hero passes the site's checks", async () => {
    const project = tempProject();
    const page = await newPage(project.root, { address: "/about/press", title: "Press" });
    expect(page.path).toBe("content/pages/about/press.json");
    const data = JSON.parse(page.text);
    expect(data.$schema).toBe("../../../schemas/page.schema.json");
    expect(data.sections[0].images[0].src).toMatch(/^assets\/hero-.*\.svg$/);
    writeFileSync(path.join(project.root, page.path), page.text);
    const result = await runPipeline(project, { mode: "check" });
    expect(result.issues.filter((i) => i.severity === "error")).toEqual([]);
    expect(result.routes.some((r) => r.path === "/about/press")).toBe(true);
  });

  it("a page renamed with its old address as an alias and its links updated passes the site's checks", async () => {
    const project = tempProject();
    const before = await findLinks(project.root, "/pricing");
    expect(before.length).toBeGreaterThan(0);
    const plan = await renamePage(project.root, { path: "content/pages/pricing.json", address: "/plans/pricing", keepAlias: true, updateLinks: true });
    expect(plan.newPath).toBe("content/pages/plans/pricing.json");
    for (const [file, text] of plan.writes) {
      mkdirSync(path.dirname(path.join(project.root, file)), { recursive: true });
      writeFileSync(path.join(project.root, file), text);
    }
    rmSync(path.join(project.root, plan.remove));
    expect(JSON.parse(plan.writes.get(plan.newPath)!).aliases).toContain("/pricing");
    expect(await findLinks(project.root, "/pricing")).toEqual([]);
    expect((await findLinks(project.root, "/plans/pricing")).length).toBe(before.length);
    const result = await runPipeline(project, { mode: "check" });
    expect(result.issues.filter((i) => i.severity === "error")).toEqual([]);
    expect(result.routes.find((r) => r.path === "/pricing")?.alias).toBe(true);
  });
});
