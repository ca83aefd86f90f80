/**
 * Script cannot enter through a link: javascript:, data: and vbscript: addresses
 * (however they are spelt) are refused by the build with the file, line and field,
 * wherever a link can be written: link fields of pages and site.json, Markdown links
 * in text fields and in guides. Raw HTML in Markdown is refused too. (The browser
 * side, payloads in every text field, is tests/e2e/content-injection.spec.ts.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { tempProject } from "./project.ts";

const UNSAFE = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.domain)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "javascript&colon;alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "\u0000javascript:alert(1)",
];

function setAt(data: unknown, pointer: string, value: unknown): void {
  const keys = pointer.split("/").slice(1);
  let node = data as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) node = node[k] as Record<string, unknown>;
  node[keys[keys.length - 1]!] = value;
}

function getAt(data: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .reduce((node, k) => (node as Record<string, unknown>)[k], data);
}

/** Builds (check mode) with one field of one JSON file changed; returns the errors and the written text. */
async function checkWith(file: string, pointer: string, value: (old: string) => string) {
  const data = JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as unknown;
  setAt(data, pointer, value(getAt(data, pointer) as string));
  const text = JSON.stringify(data, null, 2);
  const project = tempProject({ [file]: text });
  try {
    const result = await runPipeline(project, { mode: "check" });
    return { errors: result.issues.filter((i) => i.severity === "error"), text };
  } finally {
    project.cleanup();
  }
}

/** The 1-based line of a pointer's value in pretty-printed JSON (the line holding its key). */
function lineOf(text: string, pointer: string): number {
  const key = pointer.split("/").pop()!;
  const value = JSON.stringify(getAt(JSON.parse(text), pointer));
  return text.split("\n").findIndex((l) => l.includes(`"${key}": ${value}`)) + 1;
}

const LINK_FIELDS: Array<[file: string, pointer: string]> = [
  ["content/pages/index.json", "/sections/0/actions/1/href"],
  ["content/site.json", "/footer/groups/0/links/0/href"],
  ["content/site.json", "/header/nav/0/links/0/href"],
  ["content/site.json", "/appStores/0/href"],
  ["content/site.json", "/footer/social/0/href"],
  ["content/site.json", "/links/calendar"],
  ["content/site.json", "/links/help"],
];

describe("unsafe addresses in link fields", () => {
  for (const [file, pointer] of LINK_FIELDS) {
    it.each(UNSAFE)(`${file} ${pointer} = %j stops the build at that field`, async (href) => {
      const { errors, text } = await checkWith(file, pointer, () => href);
      const here = errors.filter((e) => e.file === file && e.pointer === pointer);
      expect(here.length, JSON.stringify(errors)).toBeGreaterThan(0);
      expect(here[0]!.line).toBe(lineOf(text, pointer));
      expect(here[0]!.message).toMatch(/not allowed|neither a page of this site nor a full address|starts or ends with spaces|is not/i);
    });
  }
});

describe("unsafe addresses in Markdown", () => {
  it.each(UNSAFE.filter((u) => !/[\s\u0000]/.test(u)))("a text field's [link](%s) stops the build at that field", async (href) => {
    const pointer = "/sections/0/text";
    const { errors, text } = await checkWith("content/pages/index.json", pointer, (old) => `${old} [Click](${href})`);
    const here = errors.filter((e) => e.file === "content/pages/index.json" && e.pointer === pointer);
    expect(here.length, JSON.stringify(errors)).toBeGreaterThan(0);
    expect(here[0]!.line).toBe(lineOf(text, pointer));
  });

  it("an autolink <javascript:…> stops the build", async () => {
    const { errors } = await checkWith("content/pages/index.json", "/sections/0/text", (old) => `${old} <javascript:alert(1)>`);
    expect(errors.map((e) => e.message).join("\n")).toMatch(/"javascript:" are not allowed/);
  });

  it("raw HTML stops the build", async () => {
    const { errors } = await checkWith("content/pages/index.json", "/sections/0/text", (old) => `${old} <img src=x onerror=alert(1)>`);
    expect(errors.map((e) => e.message).join("\n")).toContain("HTML is not allowed in text fields");
  });

  it.each([
    ["a link", "[Open](javascript:alert(1))", /"javascript:" are not allowed/],
    ["a data: link", "[Open](data:text/html,x)", /"data:" are not allowed/],
    ["raw HTML", "<script>alert(1)</script>", /HTML is not allowed/],
    ["an event handler", '<p onclick="alert(1)">x</p>', /HTML is not allowed/],
  ])("%s in a guide's body stops the build at its line", async (_, markdown, message) => {
    const file = "content/guides/analytics.md";
    const original = readFileSync(path.join(ROOT, file), "utf8");
    const text = `${original.trimEnd()}\n\nOne more line: ${markdown}\n`;
    const project = tempProject({ [file]: text });
    try {
      const result = await runPipeline(project, { mode: "check" });
      const here = result.issues.filter((i) => i.severity === "error" && i.file === file && message.test(i.message));
      expect(here.length, JSON.stringify(result.issues)).toBeGreaterThan(0);
      expect(here[0]!.line).toBe(text.split("\n").findIndex((l) => l.includes(markdown)) + 1);
    } finally {
      project.cleanup();
    }
  });
});
