/**
 * Section 8, studio: how quickly the Studio (npm run studio) starts and follows typing.
 * Works on a scratch copy of the project's content/ and schemas/ in a temp folder
 * (SSG_PROJECT_ROOT; the templates stay the project's), removed afterwards.
 *
 * - Cold start, STUDIO_RUNS fresh processes: `node --import tsx scripts/studio.ts` with
 *   PORT=0, timed from the spawn to its "Studio ready on http://localhost:NNNN in N ms"
 *   line (that N is the process's own measure, without Node's and tsx's start-up); then a
 *   fresh Chromium page (playwright-core) opens the app, timed until the frame titled
 *   "Preview" shows the home page's h1 ("painted"; from the spawn, and from "ready").
 * - Keystroke to preview, KEYSTROKES edits, in the last run's page: the first page with a
 *   "heading" text field in its first section (the home page's hero) is open; its field gets
 *   the focus, the cursor at its end, and each edit types one letter (page.keyboard.type).
 *   Timed in the app's own clock (performance.now()): from the keydown (a capturing
 *   listener) to the "studio-preview-shown" event (Preview.tsx: the frame posts it from
 *   its first animation frame, with the render's version) of the render the frame shows
 *   once its h1 holds the text typed so far. The bench looks at the frame for that text once
 *   per such event (no polling, which would take CPU from the page measured), then takes
 *   the event of that frame's version. EDIT_GAP_MS between edits, so that they do not pile up. Also the server's own
 *   time per draft (the /api/draft reply's `ms`: the site checked and the page rendered), from
 *   the app's "studio-draft" event.
 * Measures, never asserts. A Studio that does not start stops the section with a message;
 * edits the preview never shows (within 30 s, or a draft the server finds an error in)
 * leave the keystroke part with a message why, the cold start still reported.
 */
import { copyGenerated } from "../lib/generated.ts";
import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Frame, type Page } from "playwright-core";
import { chromiumPath, CHROMIUM_ARGS } from "../lib/browser.ts";
import { ROOT } from "../lib/paths.ts";
import { spread, type Spread } from "../lib/sizes.ts";
import { paths, round, sleep } from "./shared.ts";

export const STUDIO_RUNS = 3;
export const KEYSTROKES = 50;
const EDIT_GAP_MS = 400;
const START_TIMEOUT_MS = 120_000;
const SHOW_TIMEOUT_MS = 30_000;

export interface StudioColdRun {
  /** Spawn to the "Studio ready" line, wall time. */
  readyMs: number;
  /** What the process printed: its own time from its first line to ready. */
  ownMs: number;
  /** Spawn to the preview frame showing the home page's h1 in a fresh page. */
  paintedMs: number;
  /** "Studio ready" to that paint: the app's load, its first draft and the preview's load. */
  paintAfterReadyMs: number;
}

export interface Percentiles {
  median: number;
  p95: number;
  max: number;
  min: number;
}

export interface StudioBench {
  command: string;
  runs: StudioColdRun[];
  readyMs: Spread;
  ownMs: Spread;
  paintedMs: Spread;
  paintAfterReadyMs: Spread;
  /** Or, when the edits could not be measured, why (the cold start is kept). */
  keystroke:
    | { failed: string }
    | {
        file: string;
        field: string;
        edits: number;
        gapMs: number;
        /** Keydown to the preview showing the edit, per edit, ms. */
        times: number[];
        ms: Percentiles;
        /** The server's own time per /api/draft answered during the edits (superseded ones excluded). */
        serverMs: Percentiles & { drafts: number; superseded: number };
        /**
         * Where each edit's time went, in the app's clock: keydown to the first /api/draft request
         * sent after it (the form's update), that request's round trip (the server's work, the reply's
         * transfer and parse), and its reply to the preview shown (the frame's update and paint).
         */
        phases: { toRequest: Percentiles; roundTrip: Percentiles; toShown: Percentiles };
      };
}

/** Nearest-rank percentiles of a list. */
export function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[
      Math.min(
        sorted.length - 1,
        Math.max(0, Math.ceil((p / 100) * sorted.length) - 1),
      )
    ] ?? 0;
  return {
    median: round(spread(sorted).median),
    p95: round(at(95)),
    max: round(sorted.at(-1) ?? 0),
    min: round(sorted[0] ?? 0),
  };
}

/** A scratch copy of the project's content/ and schemas/ in a temp folder. */
export async function scratchProject(
  prefix = "bench-studio-",
): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), prefix));
  await cp(paths.content, path.join(root, "content"), { recursive: true });
  await cp(paths.schemas, path.join(root, "schemas"), { recursive: true });
  copyGenerated(paths.root, root);
  return root;
}

export interface RunningStudio {
  child: ChildProcess;
  url: string;
  /** Spawn to the ready line, ms (this process's clock). */
  readyMs: number;
  ownMs: number;
  /** performance.now() of this process at the ready line. */
  readyAt: number;
  startedAt: number;
  stop(): Promise<void>;
}

/** Starts the Studio on `root` as npm run studio does (PORT=0: a free port) and waits for its ready line. */
export function startStudioProcess(root: string): Promise<RunningStudio> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/studio.ts"],
      {
        cwd: ROOT,
        env: { ...process.env, SSG_PROJECT_ROOT: root, PORT: "0" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      });
    const timer = setTimeout(() => {
      void stop();
      reject(
        new Error(
          `studio: the Studio did not print "Studio ready" within ${START_TIMEOUT_MS / 1000} s${err ? `: ${err.trim().slice(-400)}` : ""}`,
        ),
      );
    }, START_TIMEOUT_MS);
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /Studio ready on (http:\/\/\S+) in (\d+) ms/.exec(out);
      if (!m) return;
      const readyAt = performance.now();
      clearTimeout(timer);
      child.stdout!.removeAllListeners("data");
      child.stdout!.resume();
      resolve({
        child,
        url: m[1]!,
        readyMs: round(readyAt - startedAt),
        ownMs: Number(m[2]),
        readyAt,
        startedAt,
        stop,
      });
    });
    child.on("error", (e) => (clearTimeout(timer), reject(e)));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `studio: the Studio stopped (exit code ${code}) before it was ready${err ? `: ${err.trim().slice(-400)}` : ""}`,
        ),
      );
    });
  });
}

/** The frame titled "Preview" in the app's page. */
async function previewFrame(page: Page): Promise<Frame | null> {
  const handle = await page.$('iframe[title="Preview"]');
  return (await handle?.contentFrame()) ?? null;
}

/**
 * Waits until the preview's h1 contains `text`; returns the render version the frame shows. It
 * looks at the frame once per "studio-preview-shown" event (or every 250 ms, to see an error or a
 * frame between renders), never polling it meanwhile: on two cores, polling every few ms takes
 * the time it measures from the page it measures.
 */
async function waitForPreviewText(
  page: Page,
  text: string,
  failed: () => string | undefined,
  timeoutMs = SHOW_TIMEOUT_MS,
): Promise<number> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    const error = failed();
    if (error)
      throw new Error(
        `studio: after typing in the form, the Studio's draft has an error, so the preview cannot show the edit: ${error}`,
      );
    const next = page
      .evaluate(
        (ms) =>
          new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              resolve();
            };
            const timer = setTimeout(done, ms);
            document.addEventListener("studio-preview-shown", done, { once: true });
          }),
        250,
      )
      .catch(() => undefined);
    const frame = await previewFrame(page);
    if (frame) {
      const seen = await frame
        .evaluate(() => ({
          h1: document.querySelector("h1")?.textContent ?? "",
          v: Number(new URLSearchParams(location.search).get("v")),
        }))
        .catch(() => undefined); // the frame is between two renders
      if (seen && seen.h1.replace(/\s+/g, " ").includes(text)) return seen.v;
    }
    await next;
  }
  throw new Error(
    `studio: the preview did not show "${text.length > 60 ? `…${text.slice(-60)}` : text}" within ${timeoutMs / 1000} s`,
  );
}

/** Opens the app in a fresh page and waits until the preview frame shows an h1. */
async function openApp(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: 1440, height: 900 },
  });
  await page.goto(url);
  await page
    .frameLocator('iframe[title="Preview"]')
    .locator("h1")
    .first()
    .waitFor({ timeout: START_TIMEOUT_MS });
  return page;
}

export async function studioBench(
  runs = STUDIO_RUNS,
  edits = KEYSTROKES,
): Promise<StudioBench> {
  const root = await scratchProject();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
  let studio: RunningStudio | undefined;
  try {
    const cold: StudioColdRun[] = [];
    let page: Page | undefined;
    for (let i = 0; i < runs; i++) {
      await page?.close();
      await studio?.stop();
      studio = await startStudioProcess(root);
      page = await openApp(browser, studio.url);
      const paintedAt = performance.now();
      cold.push({
        readyMs: studio.readyMs,
        ownMs: studio.ownMs,
        paintedMs: round(paintedAt - studio.startedAt),
        paintAfterReadyMs: round(paintedAt - studio.readyAt),
      });
    }
    const keystroke = await keystrokes(page!, edits).catch((err: unknown) => ({
      failed: err instanceof Error ? err.message : String(err),
    }));
    return {
      command:
        "node --import tsx scripts/studio.ts (SSG_PROJECT_ROOT=<scratch copy>, PORT=0)",
      runs: cold,
      readyMs: spread(cold.map((r) => r.readyMs)),
      ownMs: spread(cold.map((r) => r.ownMs)),
      paintedMs: spread(cold.map((r) => r.paintedMs)),
      paintAfterReadyMs: spread(cold.map((r) => r.paintAfterReadyMs)),
      keystroke,
    };
  } finally {
    await browser.close();
    await studio?.stop();
    await rm(root, { recursive: true, force: true });
  }
}

async function keystrokes(
  page: Page,
  edits: number,
): Promise<Exclude<StudioBench["keystroke"], { failed: string }>> {
  // The open file (the app opens the home page first) and its first section's "heading" field.
  const file =
    (await page.locator(".st-path").first().textContent())
      ?.split("·")
      .pop()
      ?.trim() ?? "?";
  const field = page.locator("#root_sections_0_heading");
  if (!(await field.count()))
    throw new Error(
      `studio: ${file} has no text field "heading" in its first section (#root_sections_0_heading) to type into`,
    );
  const serverMs: number[] = [];
  let superseded = 0;
  let counting = false;
  /** An error the server found in a draft of the edited file during the edits: the preview will not show it. */
  let draftError: string | undefined;
  // The app's "studio-draft" event (App.tsx) carries each draft reply's time and issues, without the page's HTML the reply also carries.
  await page.exposeBinding(
    "__benchDraft",
    (
      _source,
      body: {
        ms?: number;
        superseded?: boolean;
        issues?: { severity: string; file: string; pointer: string; message: string }[];
      },
    ) => {
      if (!counting) return;
      const error = body.issues?.find((i) => i.severity === "error" && i.file === file);
      if (error) draftError ??= `${error.file} ${error.pointer}: ${error.message}`;
      if (body.superseded) superseded++;
      else if (typeof body.ms === "number") serverMs.push(body.ms);
    },
  );
  await page.evaluate(() =>
    document.addEventListener("studio-draft", (e) =>
      (window as unknown as { __benchDraft: (d: unknown) => void }).__benchDraft((e as CustomEvent).detail),
    ),
  );
  await page.evaluate(() => {
    const w = window as unknown as {
      __keydowns: number[];
      __shown: { version: number; at: number }[];
    };
    w.__keydowns = [];
    w.__shown = [];
    // Each /api/draft request's start and the moment its reply's body is read (the app awaits it).
    const ww = window as unknown as { __drafts: { start: number; end?: number }[] };
    ww.__drafts = [];
    const fetch0 = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      if (!String(input instanceof Request ? input.url : input).includes("/api/draft")) return fetch0(input, init);
      const d: { start: number; end?: number } = { start: performance.now() };
      ww.__drafts.push(d);
      const res = await fetch0(input, init);
      const body = await res.clone().arrayBuffer();
      d.end = performance.now();
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    };
    addEventListener("keydown", () => w.__keydowns.push(performance.now()), {
      capture: true,
    });
    document.addEventListener("studio-preview-shown", (e) =>
      w.__shown.push(
        (e as CustomEvent<{ version: number; at: number }>).detail,
      ),
    );
  });
  await field.click();
  await page.keyboard.press("End");
  let text = (await field.inputValue()).replace(/\s+/g, " ").trim();
  await sleep(1000); // the first draft of the opened page settles
  counting = true;
  const times: number[] = [];
  const phases = { toRequest: [] as number[], roundTrip: [] as number[], toShown: [] as number[] };
  const letters = "abcdefghijklmnopqrstuvwxyz";
  for (let i = 0; i < edits; i++) {
    const ch = letters[i % letters.length]!;
    text += ch;
    await page.keyboard.type(ch);
    const version = await waitForPreviewText(page, text, () => draftError);
    // The frame posts its event from its first animation frame: it may arrive just after the text is seen.
    const t = await page
      .waitForFunction(
        (v) => {
          const w = window as unknown as {
            __keydowns: number[];
            __shown: { version: number; at: number }[];
          };
          const down = w.__keydowns.at(-1);
          const shown = w.__shown.find((s) => s.version === v);
          if (down === undefined || !shown) return false;
          const drafts = (window as unknown as { __drafts: { start: number; end?: number }[] }).__drafts;
          const d = drafts.find((x) => x.start >= down && x.end !== undefined);
          return { total: shown.at - down, ...(d ? { toRequest: d.start - down, roundTrip: d.end! - d.start, toShown: shown.at - d.end! } : {}) };
        },
        version,
        { timeout: 5000, polling: 5 },
      )
      .then((h) => h.jsonValue() as Promise<{ total: number; toRequest?: number; roundTrip?: number; toShown?: number }>)
      .catch(() => {
        throw new Error(
          `studio: the preview showed render ${version} without its "studio-preview-shown" event`,
        );
      });
    times.push(round(t.total));
    if (t.toRequest !== undefined) {
      phases.toRequest.push(round(t.toRequest));
      phases.roundTrip.push(round(t.roundTrip!));
      phases.toShown.push(round(t.toShown!));
    }
    await sleep(EDIT_GAP_MS);
  }
  counting = false;
  return {
    file,
    field: "sections/0/heading",
    edits,
    gapMs: EDIT_GAP_MS,
    times,
    ms: percentiles(times),
    serverMs: { ...percentiles(serverMs), drafts: serverMs.length, superseded },
    phases: { toRequest: percentiles(phases.toRequest), roundTrip: percentiles(phases.roundTrip), toShown: percentiles(phases.toShown) },
  };
}
