/**
 * npm run dev on a throw-away copy of the content (SSG_PROJECT_ROOT): a saved
 * mistake reaches open pages as an "error" event naming file, line and column, pages
 * served meanwhile carry it, and saving the fix sends "reload"; a photo dropped into
 * content/assets and used is on the page, as its copies, after the next build. Timing is measured
 * by npm run bench (save-to-reload), not here.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, lstatSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it, onTestFailed } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { makePhoto } from "../../scripts/lib/synthetic-photos.ts";
import { tempProject } from "./project.ts";
import { fileTree, treeDifference } from "./support/fingerprint.ts";

const project = tempProject();
const children: (() => void | Promise<unknown>)[] = [];
/** Run once every dev server has stopped: a server watching a project that is being removed would rebuild from what is left. */
const cleanups: (() => void)[] = [project.cleanup];
afterAll(async () => {
  await Promise.all(children.map((stop) => stop()));
  cleanups.forEach((cleanup) => cleanup());
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/**
 * npm run dev on `root`: its content with this repository's templates, or (`ownTemplates`) a whole site, as
 * `npm run dev -- --project <root>` runs it; with its events as they arrive. `onOutput` gets what it prints, and
 * `beforeEachTry` runs before each request that asks whether it answers yet.
 */
async function startDev(root: string, ownTemplates = false, { onOutput, beforeEachTry }: { onOutput?: (text: string) => void; beforeEachTry?: () => void } = {}) {
  const port = await freePort();
  const dev = spawn(process.execPath, ["--import", "tsx", "scripts/dev.ts", ...(ownTemplates ? ["--project", root] : [])], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ...(ownTemplates ? {} : { SSG_PROJECT_ROOT: root }) },
    stdio: ["ignore", onOutput ? "pipe" : "ignore", "ignore"],
  });
  dev.stdout?.setEncoding("utf8").on("data", (text: string) => onOutput?.(text));
  children.push(() => (dev.exitCode !== null || dev.signalCode !== null ? undefined : new Promise((resolve) => (dev.once("exit", resolve), dev.kill("SIGTERM")))));
  const base = `http://127.0.0.1:${port}`;
  // Waits as long as the test may run: how soon is measured by npm run bench, not here.
  while ((beforeEachTry?.(), !(await fetch(`${base}/`).then((r) => r.ok, () => false)))) await new Promise((r) => setTimeout(r, beforeEachTry ? 20 : 200));
  const events: { event: string; data: string }[] = [];
  let buffer = "";
  await new Promise<void>((resolve, reject) => {
    const req = http.get(`${base}/__dev/events`, (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: [...block.matchAll(/^data: (.*)$/gm)].map((m) => m[1]).join("\n") });
        }
      });
      resolve();
    });
    req.on("error", reject);
    children.push(() => {
      req.destroy();
    });
  });
  const next = async (event: string) => {
    for (;;) {
      const found = events.findIndex((e) => e.event === event);
      if (found >= 0) return events.splice(0, found + 1).at(-1)!;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { base, next };
}

describe("the dev server", () => {
  it("shows a saved mistake on open pages and reloads them when it is fixed", async () => {
    const { base, next } = await startDev(project.root);
    await next("ok");

    // Only for this machine's browser: a page whose name was made to resolve here (DNS rebinding) reads nothing.
    for (const target of ["/pricing", "/__dev/events"]) {
      const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        http.get(`${base}${target}`, { headers: { Host: "rebound.example" } }, (res) => {
          let body = "";
          res.setEncoding("utf8").on("data", (c: string) => (body += c)).on("end", () => resolve({ status: res.statusCode!, body }));
        }).on("error", reject);
      });
      expect(refused.status, target).toBe(403);
      expect(refused.body).toContain("only answers on its own address");
      expect(refused.body).not.toContain(project.root);
    }

    const file = path.join(project.content, "pages/pricing.json");
    const good = readFileSync(file, "utf8");
    const line = good.slice(0, good.indexOf('"type": "pageHeader"')).split("\n").length;
    writeFileSync(file, good.replace('"type": "pageHeader"', '"type": "pageHeadr"'));
    const error = JSON.parse((await next("error")).data) as string;
    expect(error).toContain(`error[unknown-section-type]: content/pages/pricing.json:${line}:`);
    expect(error).toContain('Did you mean "pageHeader"?');
    const served = await (await fetch(`${base}/pricing`)).text();
    // A page opened now shows the overlay at once: the error is embedded in it.
    expect(served).toMatch(/var initialError = "error\[unknown-section-type\]: content\/pages\/pricing\.json:\d+:\d+/);

    writeFileSync(file, good);
    await next("reload");
    const fixed = await (await fetch(`${base}/pricing`)).text();
    expect(fixed).toContain("var initialError = null;");

    // A new photo, dropped in and used: the page shows its copies after the next build.
    writeFileSync(path.join(project.content, "assets/new-lobby.jpg"), await makePhoto(1600, 1000, { seed: 9 }));
    const careers = path.join(project.content, "pages/about/careers.json");
    const text = readFileSync(careers, "utf8");
    expect(text).toContain('"src": "assets/video-poster.svg"');
    writeFileSync(careers, text.replace('"src": "assets/video-poster.svg"', '"src": "assets/new-lobby.jpg"'));
    await next("reload");
    let page = "";
    while (!(page = await (await fetch(`${base}/about/careers`)).text()).includes("new-lobby")) await new Promise((r) => setTimeout(r, 100));
    const avif = /srcSet="(\/assets\/new-lobby-\d+-[a-z0-9]{10}\.avif) \d+w/.exec(page)?.[1];
    expect(avif, "the page names an AVIF copy of the new photo").toBeDefined();
    // The page may come first from the one-page answer; the copies are in dist/ once the whole build has written them.
    let copy = await fetch(`${base}${avif}`);
    while (copy.status === 404) (await new Promise((r) => setTimeout(r, 100)), (copy = await fetch(`${base}${avif}`)));
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("image/avif");

    // A page saved in place, then saved as editors that write a new file and rename it over the old one do:
    // each time the open page reloads and is served with the edit (first from the one-page rebuild, then from
    // the whole build), and dist/ stays a link to a complete version of the site.
    const pricing = path.join(project.content, "pages/pricing.json");
    const original = readFileSync(pricing, "utf8");
    expect(original).toContain("Plans that Grow with Your Building");
    for (const [heading, save] of [
      ["Plans Saved in Place", (text: string) => writeFileSync(pricing, text)],
      ["Plans Saved by Rename", (text: string) => (writeFileSync(`${pricing}.tmp-save`, text), renameSync(`${pricing}.tmp-save`, pricing))],
    ] as const) {
      save(original.replace("Plans that Grow with Your Building", heading));
      await next("reload");
      // The reload may be the previous save's second one (its whole build wrote more than the page): the page follows.
      while (!(await (await fetch(`${base}/pricing`)).text()).includes(heading)) await new Promise((r) => setTimeout(r, 100));
    }
    // Until the whole build has written the page into dist/.
    while (!readFileSync(path.join(project.dist, "pricing/index.html"), "utf8").includes("Plans Saved by Rename")) await new Promise((r) => setTimeout(r, 200));
    expect(lstatSync(project.dist).isSymbolicLink()).toBe(true);
  }, 300_000);

  it("serves every save, however the editor or tool saves, again and again", async () => {
    const p = tempProject();
    // Removed after the dev server has stopped (afterAll stops them first).
    cleanups.push(p.cleanup);
    const git = (...args: string[]) => {
      const r = spawnSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], { cwd: p.root, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
    };
    git("init", "-q");
    git("add", "content");
    git("commit", "-q", "-m", "the content as copied");
    const { base, next } = await startDev(p.root);
    await next("ok");
    const pages = path.join(p.content, "pages");
    const pricing = path.join(pages, "pricing.json");
    const original = readFileSync(pricing, "utf8");
    const HEADING = "Plans that Grow with Your Building";
    expect(original).toContain(HEADING);
    const saves: [how: string, save: (text: string) => void][] = [
      ["in place", (text) => writeFileSync(pricing, text)],
      // vim, JetBrains' safe write, sed -i: a new file renamed over the old one.
      ["by rename", (text) => (writeFileSync(`${pricing}.tmp-save`, text), renameSync(`${pricing}.tmp-save`, pricing))],
      ["deleted and created again", (text) => (rmSync(pricing), writeFileSync(pricing, text))],
      // git checkout, git stash: the folder's files written anew by git.
      ["by git checkout of the folder", (text) => {
        writeFileSync(pricing, text);
        git("commit", "-q", "-am", "a heading");
        writeFileSync(pricing, original);
        git("checkout", "-q", "HEAD", "--", "content/pages");
      }],
      // A folder moved aside and a new one put in its place.
      ["with its whole folder replaced", (text) => {
        cpSync(pages, `${pages}.new`, { recursive: true });
        writeFileSync(path.join(`${pages}.new`, "pricing.json"), text);
        renameSync(pages, `${pages}.old`);
        renameSync(`${pages}.new`, pages);
        rmSync(`${pages}.old`, { recursive: true });
      }],
    ];
    let n = 0;
    let waiting = "";
    onTestFailed(() => console.error(`The dev server never served ${waiting}.`));
    for (let round = 1; round <= 2; round++) {
      for (const [how, save] of saves) {
        const heading = `Plans Saved ${++n} Times`;
        save(original.replace(HEADING, heading));
        // Waits as long as the test may run: a save never seen times the test out, and the failure names it.
        waiting = `round ${round}: the page saved ${how}`;
        let page = "";
        while (!(page = await (await fetch(`${base}/pricing`)).text()).includes(heading)) await new Promise((r) => setTimeout(r, 100));
        expect(page, `round ${round}, saved ${how}`).toContain(heading);
      }
    }
    // The whole build that follows the last save is in dist/.
    waiting = "the whole build's pricing/index.html in dist/";
    while (!readFileSync(path.join(p.dist, "pricing/index.html"), "utf8").includes(`Plans Saved ${n} Times`)) await new Promise((r) => setTimeout(r, 200));
  }, 300_000);

  it("serves what was saved while it started: during its first build and up to the moment it answers", async () => {
    const p = tempProject();
    cleanups.push(p.cleanup);
    const pricing = path.join(p.content, "pages/pricing.json");
    const original = readFileSync(pricing, "utf8");
    expect(original).toContain("Plans that Grow with Your Building");
    // Saved again and again from the moment it says it is building until it first answers: the last save comes
    // after the first build has read the page, and as the server starts, so only a watcher already armed sees it.
    let n = 0;
    let building = false;
    const { base } = await startDev(p.root, false, {
      onOutput: (text) => (building ||= text.includes("Building...")),
      beforeEachTry: () => {
        if (building) writeFileSync(pricing, original.replace("Plans that Grow with Your Building", `Plans Saved ${++n} Times at Start`));
      },
    });
    expect(n, "saved while the dev server started").toBeGreaterThan(0);
    const last = `Plans Saved ${n} Times at Start`;
    // Waits as long as the test may run: a save never seen times the test out.
    while (!(await (await fetch(`${base}/pricing`)).text()).includes(last)) await new Promise((r) => setTimeout(r, 100));
  }, 300_000);

  it("rebuilds after a template is saved, in place or by rename, writing what a build from scratch writes", async () => {
    const p = tempProject({}, { templates: true });
    cleanups.push(p.cleanup);
    const { next } = await startDev(p.root, true);
    await next("ok");
    const stats = path.join(p.templates, "sections/Stats.tsx");
    const island = path.join(p.templates, "islands/AssessmentDialog.tsx");
    const edits: [string, string, (t: string) => string, "in place" | "by rename"][] = [
      ["a section's class", stats, (t) => t.replace('className="py-16 sm:py-20"', 'className="py-[3.3rem] sm:py-20"'), "in place"],
      ["an island's label", island, (t) => t.replace(">Website</label>", ">Web site</label>"), "by rename"],
    ];
    for (const [what, file, change, how] of edits) {
      const before = readFileSync(file, "utf8");
      expect(change(before), `${what} is an edit`).not.toBe(before);
      if (how === "in place") writeFileSync(file, change(before));
      else (writeFileSync(`${file}.tmp-save`, change(before)), renameSync(`${file}.tmp-save`, file));
      await next("reload");
      // The same project, copied now, built from scratch by npm run build -- --full.
      const copy = tempProject({}, { templates: true });
      cleanups.push(copy.cleanup);
      cpSync(p.templates, copy.templates, { recursive: true });
      const full = spawnSync(process.execPath, ["scripts/build.mjs", "--full"], { cwd: ROOT, env: { ...process.env, SSG_PROJECT_ROOT: copy.root, SSG_PROJECT_TEMPLATES: copy.templates }, encoding: "utf8" });
      expect(full.status, full.stdout + full.stderr).toBe(0);
      expect(treeDifference(fileTree(copy.dist), fileTree(p.dist), { reference: "npm run build -- --full", actual: "the dev server" }), `after ${what} saved ${how}`).toBeUndefined();
    }
  }, 400_000);
});
