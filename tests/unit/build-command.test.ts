/**
 * `npm run build` as a person runs it, from the outside: a process per build on a copy of the
 * site, nothing known of how it keeps its memo. After each edit (content, templates, a schema), the default (incremental)
 * build leaves dist/ byte for byte as `npm run build -- --full` then leaves it; a build with
 * nothing changed exits and changes nothing; dist/ is a link to a complete version.
 */
import { spawn } from "node:child_process";
import { lstatSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { besideDist } from "../generator/support/versions.ts";
import { fingerprint } from "./support/fingerprint.ts";
import { projectsRemovedAfterAll } from "./project.ts";

/** A copy with its own templates/ too, inside the repository so that templates find their packages (react, json-site/api). */
const project = projectsRemovedAfterAll(afterAll, { templates: true });

function npmRunBuild(root: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/build.mjs", ...args], { cwd: ROOT, env: { ...process.env, SSG_PROJECT_ROOT: root, SSG_PROJECT_TEMPLATES: path.join(root, "templates"), SSG_CACHE_DIR: path.join(root, ".cache") }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d));
    child.stderr.on("data", (d: Buffer) => (output += d));
    // A build that never exits (once: a writer thread left open) fails here rather than at the test's time limit.
    const stuck = setTimeout(() => {
      output += "\n(the build had not exited after 150 s: stopped)";
      child.kill("SIGKILL");
    }, 150_000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(stuck);
      resolve({ code, output });
    });
  });
}

describe("npm run build, from the outside", () => {
  it("writes after each edit what npm run build -- --full writes, and a build with nothing changed exits leaving dist/ as it was", async () => {
    const p = project();
    const site = path.join(p.content, "site.json");
    const page = path.join(p.content, "pages/about/about-us.json");
    const built = async (...args: string[]) => {
      const r = await npmRunBuild(p.root, ...args);
      expect(r.code, r.output).toBe(0);
      expect(lstatSync(p.dist).isSymbolicLink()).toBe(true);
      expect((await besideDist(p.dist)).leftovers).toEqual([]);
      return fingerprint(p.dist);
    };
    /** What is edited, the file, the edit, and whether dist/ changes (default: it does). */
    const edits: [string, string, (t: string) => string, boolean?][] = [
      ["a header label in site.json", site, (t) => t.replace('"For iPhone and iPad"', '"For iPhone, iPad and more"')],
      ["a photo's focal point", page, (t) => t.replace(/"src": "assets\/lobby\.jpg"/, '"src": "assets/lobby.jpg", "focus": "bottom right"')],
      ["the label back as it was", site, (t) => t.replace('"For iPhone, iPad and more"', '"For iPhone and iPad"')],
      // What a build is made with: a template's classes (a new rule in the stylesheet every page inlines), an island's
      // markup (its browser bundle too), a schema's description (the build's code, nothing on the pages).
      ["a section template's spacing", path.join(p.root, "templates/sections/Stats.tsx"), (t) => t.replace('className="py-16 sm:py-20"', 'className="py-14 sm:py-20"')],
      ["an island's label", path.join(p.root, "templates/islands/AssessmentDialog.tsx"), (t) => t.replace(">Website</label>", ">Web site</label>")],
      ["a schema's description", path.join(p.root, "schemas/site.schema.json"), (t) => t.replace('"description": "', '"description": "(edited) '), false],
    ];
    const first = await built("--full");
    expect(await built(), "a build with nothing changed after --full").toBe(first);
    let previous = first;
    for (const [what, file, change, shows = true] of edits) {
      const before = readFileSync(file, "utf8");
      expect(change(before), `the edit "${what}" changes ${path.basename(file)}`).not.toBe(before);
      writeFileSync(file, change(before));
      const incremental = await built();
      if (shows) expect(incremental, `"${what}" changes what dist/ holds`).not.toBe(previous);
      previous = incremental;
      expect(await built(), `a second build after "${what}", with nothing changed`).toBe(incremental);
      expect(await built("--full"), `after "${what}"`).toBe(incremental);
    }
  }, 300_000);
});
