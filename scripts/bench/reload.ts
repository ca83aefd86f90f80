/**
 * Section 4, reload: the dev server's save-to-reload time. Starts `node --import tsx
 * scripts/dev.ts` (npm run dev) on a free port, waits until it serves / and subscribes to
 * its reload events (/__dev/events) like an open page, then lets the builder warm up for
 * 4 s. The page saved is the project's own (savedFile): content/pages/index.json, or the
 * largest page file when there is none. In it, the first text the built page shows
 * (a JSON string of a few words that its HTML's <body> contains) gets its first letter's case
 * toggled: a visible change of the same length, which the schema's lengths and patterns
 * still accept. RUNS times: the page file is saved with the change (then without it, in
 * turn) and the time until the reload event arrives is taken; after each, the page the dev
 * server serves is fetched (outside the timing) to make sure the rebuild shows the edit
 * (or no longer shows it), and the next save comes `gapMs` later (0.5 s; 2 s at scale, where the
 * whole build that follows each save's own page takes ~0.5 s). A build error or no reload within
 * 60 s stops the section.
 * The file's original text is written back afterwards.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import http from "node:http";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { rel, ROOT, type ProjectPaths } from "../lib/paths.ts";
import { freePort, paths, round, RUNS, sleep } from "./shared.ts";

/** The page file the reload section saves: content/pages/index.json, else the largest page file. */
export function savedFile(project: ProjectPaths = paths): string {
  const pages = path.join(project.content, "pages");
  const home = path.join(pages, "index.json");
  if (existsSync(home)) return home;
  const files = existsSync(pages)
    ? readdirSync(pages, { recursive: true })
        .map((f) => path.join(pages, String(f)))
        .filter((f) => f.endsWith(".json") && statSync(f).isFile())
    : [];
  if (!files.length) throw new Error(`reload: ${rel(project.root, pages)}/ has no page file to save`);
  return files.sort((a, b) => statSync(b).size - statSync(a).size || a.localeCompare(b))[0]!;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const toggleFirst = (s: string) => (s[0] === s[0]!.toUpperCase() ? s[0]!.toLowerCase() : s[0]!.toUpperCase()) + s.slice(1);

/** JSON strings of the file, in order: the texts it could hold. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** The first text of the page file that the built page shows in its <body>, whose first letter has two cases, and that is written in the file as JSON.stringify writes it. */
function visibleText(fileText: string, page: string): string | undefined {
  const html = page.slice(Math.max(0, page.search(/<body[\s>]/)));
  return strings(JSON.parse(fileText)).find(
    (s) => /^\p{L}/u.test(s) && s.includes(" ") && s.length >= 12 && !/["'&<>]/.test(s) && toggleFirst(s) !== s && fileText.includes(JSON.stringify(s)) && html.includes(escapeHtml(s)) && !html.includes(escapeHtml(toggleFirst(s))),
  );
}

/**
 * The save-to-reload times of the project (by default this one; the scale section passes a
 * copy with thousands of entries, `env` pointing the dev server at it, and a longer warm-up).
 */
export async function saveToReload(project: ProjectPaths = paths, env: NodeJS.ProcessEnv = {}, warmupMs = 4000, gapMs = 500): Promise<{ file: string; text: string; times: number[] }> {
  const file = savedFile(project);
  const source = rel(project.root, file);
  const port = await freePort();
  const dev = spawn(process.execPath, ["--import", "tsx", "scripts/dev.ts"], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: "ignore" });
  const original = await readFile(file, "utf8");
  let onEvent: ((event: "reload" | "error") => void) | undefined;
  try {
    for (let waited = 0; ; waited += 200) {
      if (waited > 180_000) throw new Error("the dev server did not start within 180 s");
      const up = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false);
      if (up) break;
      await sleep(200);
    }
    // The page the file builds, as the first build's dist/routes.json says.
    const routes = JSON.parse(await readFile(path.join(project.dist, "routes.json"), "utf8")) as { path: string; source?: string; alias?: boolean }[];
    const page = routes.find((r) => r.source === source && !r.alias)?.path;
    if (!page) throw new Error(`reload: no page of ${source} in dist/routes.json`);
    const served = () => fetch(`http://127.0.0.1:${port}${page}`).then((r) => r.text());
    const text = visibleText(original, await served());
    if (!text) throw new Error(`reload: ${source} has no text of a few words that its page ${page} shows, to change`);
    const edited = original.replace(JSON.stringify(text), JSON.stringify(toggleFirst(text)));
    await new Promise<void>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}/__dev/events`, (res) => {
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            if (chunk.includes("event: reload")) onEvent?.("reload");
            else if (chunk.includes("event: error")) onEvent?.("error");
          });
          resolve();
        })
        .on("error", reject);
    });
    await sleep(warmupMs); // the builder warms its cache after the first build
    const times: number[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const changed = i % 2 === 1;
      const reloaded = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`reload: no reload event within 60 s of saving ${source}`)), 60_000);
        onEvent = (event) => {
          clearTimeout(timer);
          if (event === "reload") resolve();
          else reject(new Error(`reload: the dev server's build of the edited ${source} failed`));
        };
      });
      const started = performance.now();
      await writeFile(file, changed ? edited : original);
      await reloaded;
      times.push(round(performance.now() - started));
      const edit = escapeHtml(toggleFirst(text));
      if ((await served()).includes(edit) !== changed) throw new Error(`reload: the reload came, but ${page} does not show the ${changed ? "edit" : "original text"} of ${source} ("${escapeHtml(changed ? toggleFirst(text) : text)}")`);
      // Saves some time apart, as a person makes them: after the page, the dev server builds the whole site.
      await sleep(gapMs);
    }
    return { file, text, times };
  } finally {
    await writeFile(file, original);
    dev.kill("SIGTERM");
  }
}
