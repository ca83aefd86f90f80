/**
 * A site of one's own, by the docs alone (docs/getting-started.md, docs/developing.md): the starter (`npm run new-site`), plus the
 * section type and island that "Adding a section type and an island" (docs/developing.md) shows,
 * applied exactly as written there (its `file=` blocks written, its `add-to=` blocks
 * added), built with `--project` and opened in Chromium: both islands run, with Preact.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ROOT } from "../../scripts/lib/paths.ts";
import { writeStarter } from "../../scripts/new-site.ts";
import { startServer } from "../../scripts/lib/server.ts";

let parent: string;
let site: string;
let server: Server;
let base: string;

/** The code blocks of docs/getting-started.md and docs/developing.md, in order, with their file= or add-to= instruction. */
function readmeSteps(): Array<{ file?: string; addTo?: string; code: string }> {
  const part = ["docs/getting-started.md", "docs/developing.md"].map((f) => readFileSync(path.join(ROOT, f), "utf8")).join("\n");
  return [...part.matchAll(/```\w+ (file|add-to)=(\S+)\n([\s\S]*?)```/g)].map((m) => (m[1] === "file" ? { file: m[2]!, code: m[3]! } : { addTo: m[2]!, code: m[3]! }));
}

test.beforeAll(async () => {
  // In the repository (.test-projects/, ignored by git): the site finds the generator and React in the repository's node_modules,
  // as an installed site finds them in its own (tests/unit/package.test.ts installs one for real).
  mkdirSync(path.join(ROOT, ".test-projects"), { recursive: true });
  parent = mkdtempSync(path.join(ROOT, ".test-projects", "own-site-"));
  site = path.join(parent, "my-site");
  writeStarter(site);
  const steps = readmeSteps();
  expect(steps.map((s) => s.file ?? s.addTo)).toEqual([
    "schemas/sections/note.schema.json",
    "schemas/page.schema.json#/properties/sections/items/oneOf",
    "templates/sections/Note.tsx",
    "templates/islands/Toggle.tsx",
    "content/pages/index.json#/sections",
  ]);
  for (const step of steps) {
    if (step.file) {
      const abs = path.join(site, step.file);
      mkdirSync(path.dirname(abs), { recursive: true });
      // Written as the docs show it: the generator's API by name ("json-site/api"), as the starter's own files import it.
      writeFileSync(abs, step.code);
    } else {
      const [file, pointer] = step.addTo!.split("#") as [string, string];
      const abs = path.join(site, file);
      const json = JSON.parse(readFileSync(abs, "utf8")) as Record<string, unknown>;
      const list = pointer.split("/").slice(1).reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], json) as unknown[];
      list.push(JSON.parse(step.code));
      writeFileSync(abs, JSON.stringify(json, null, 2) + "\n");
    }
  }
  execFileSync(process.execPath, ["scripts/build.mjs", "--project", site], { cwd: ROOT, stdio: "pipe" });
  server = await startServer({ dist: path.join(site, "dist"), port: 0 });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => {
  server?.close();
  rmSync(parent, { recursive: true, force: true });
});

test("the starter's island and the docs' new section type and island run in the browser, with Preact", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
  await page.goto(`${base}/`);
  await expect(page.getByRole("heading", { level: 1, name: "Hello, world" })).toBeVisible();

  await page.getByRole("button", { name: "Clicked: 0" }).click();
  await expect(page.getByRole("button", { name: "Clicked: 1" })).toBeVisible();

  await expect(page.getByRole("heading", { level: 2, name: "A note" })).toBeVisible();
  const toggle = page.getByRole("button", { name: "Show the note" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(page.getByText("Islands are hydrated with Preact.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Hide the note" })).toHaveAttribute("aria-expanded", "true");

  expect(scripts.some((u) => /\/assets\/islands\/Toggle-/.test(u))).toBe(true);
  const code = (await Promise.all(scripts.map(async (u) => (await page.request.get(u)).text()))).join("\n");
  expect(code).not.toMatch(/react-dom|__SECRET_INTERNALS|ReactCurrentDispatcher/);
  expect(errors).toEqual([]);
});
