/**
 * Section 6, lighthouse: Lighthouse (mobile defaults: simulated slow 4G and CPU slowdown) on
 * a few pages of the dist/ that is there (nothing is built): the home page and the largest
 * others by bytes, from its routes.json (lighthousePages), or the pages named by
 * --lighthouse-pages=/,/pricing (scripts/bench.ts), served by
 * scripts/lib/server.ts as npm start serves them, LIGHTHOUSE_RUNS runs per page (or
 * --lighthouse-runs=N, scripts/bench.ts), each in a
 * fresh headless Chromium: each category score, FCP, LCP, TBT and CLS and the weighted audits
 * that did not pass, per run and as medians. Reported, never gated on (it is noisy).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumPath, CHROMIUM_ARGS } from "../lib/browser.ts";
import { ROOT } from "../lib/paths.ts";
import { startServer } from "../lib/server.ts";
import { median } from "../lib/sizes.ts";
import { freePort, paths, sleep } from "./shared.ts";

export const LIGHTHOUSE_RUNS = 3;
/** Pages Lighthouse runs on: the home page and the largest others. */
export const LIGHTHOUSE_PAGE_COUNT = 4;

/**
 * The pages of the dist/ that is there, from its routes.json: / (when it is a page) and the
 * largest other HTML pages by bytes, LIGHTHOUSE_PAGE_COUNT in all. Pages served with
 * status 200 only, no aliases (the same page at another address).
 */
export function lighthousePages(): string[] {
  const routes = JSON.parse(readFileSync(path.join(paths.dist, "routes.json"), "utf8")) as { path: string; output: string; status: number; alias?: boolean }[];
  const pages = routes
    .filter((r) => r.status === 200 && !r.alias && r.output.endsWith(".html") && existsSync(path.join(paths.dist, r.output)))
    .map((r) => ({ path: r.path, bytes: statSync(path.join(paths.dist, r.output)).size }));
  const home = pages.filter((p) => p.path === "/");
  const others = pages.filter((p) => p.path !== "/").sort((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path));
  return [...home, ...others].slice(0, LIGHTHOUSE_PAGE_COUNT).map((p) => p.path);
}

export interface LighthouseRun {
  scores: Record<string, number | null>;
  metrics: Record<string, number | null>;
  /** Weighted audits that did not pass, as "category: audit id (score)". */
  failing?: string[];
}

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = { FCP: "first-contentful-paint", LCP: "largest-contentful-paint", TBT: "total-blocking-time", CLS: "cumulative-layout-shift" } as const;

/** A fresh headless Chromium with its DevTools port, for one Lighthouse run. */
async function launchChromium(): Promise<{ port: number; close(): Promise<void> }> {
  const exe = chromiumPath({ full: true });
  if (!exe) throw new Error("Lighthouse needs Chromium: set CHROMIUM_PATH or install /usr/bin/chromium");
  const profile = mkdtempSync(path.join(os.tmpdir(), "bench-lh-profile-"));
  const child = spawn(exe, ["--headless", ...CHROMIUM_ARGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
  const port = await new Promise<number>((resolve, reject) => {
    let err = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${err.slice(-500)}`)), 30_000);
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on("exit", (code) => reject(new Error(`Chromium exited (${code}): ${err.slice(-500)}`)));
  });
  return {
    port,
    close: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5000)]);
      // Chromium's helper processes may still be writing their cache for a moment.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        // a leftover in the temp folder is harmless
      }
    },
  };
}

export async function lighthouseRuns(runsPerPage = LIGHTHOUSE_RUNS, only?: string[]): Promise<{ version: string; runs: Record<string, LighthouseRun[]>; median: Record<string, LighthouseRun> }> {
  if (!existsSync(path.join(paths.dist, "routes.json"))) throw new Error("Lighthouse needs a built dist/: run npm run build (or the cold section) first");
  const { default: lighthouse } = await import("lighthouse");
  const version = (JSON.parse(readFileSync(path.join(ROOT, "node_modules", "lighthouse", "package.json"), "utf8")) as { version: string }).version;
  const port = await freePort();
  const server = await startServer({ dist: paths.dist, port });
  const runs: Record<string, LighthouseRun[]> = {};
  try {
    const known = new Set((JSON.parse(readFileSync(path.join(paths.dist, "routes.json"), "utf8")) as { path: string }[]).map((r) => r.path));
    const unknown = only?.filter((p) => !known.has(p)) ?? [];
    if (unknown.length) throw new Error(`--lighthouse-pages: ${unknown.join(", ")} ${unknown.length === 1 ? "is not a page" : "are not pages"} of the built site (dist/routes.json)`);
    for (const page of only?.length ? only : lighthousePages()) {
      runs[page] = [];
      for (let i = 0; i < runsPerPage; i++) {
        const chrome = await launchChromium();
        try {
          const result = await lighthouse(`http://127.0.0.1:${port}${page}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
          if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
          const { lhr } = result;
          if (lhr.runtimeError) throw new Error(`Lighthouse on ${page}: ${lhr.runtimeError.message}`);
          runs[page].push({
            scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c]!.score! * 100)])),
            metrics: Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? null])),
            failing: CATEGORIES.flatMap((c) =>
              (lhr.categories[c]?.auditRefs ?? [])
                .filter((ref) => ref.weight > 0 && typeof lhr.audits[ref.id]?.score === "number" && lhr.audits[ref.id]!.score! < 1)
                .map((ref) => `${c}: ${ref.id} (${lhr.audits[ref.id]!.score})`),
            ),
          });
        } finally {
          await chrome.close();
        }
      }
    }
  } finally {
    server.close();
  }
  const med = (values: (number | null)[]) => {
    const v = values.filter((x): x is number => x !== null);
    return v.length ? median(v) : null;
  };
  const medians = Object.fromEntries(
    Object.entries(runs).map(([page, list]) => [
      page,
      {
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, med(list.map((r) => r.scores[c] ?? null))])),
        metrics: Object.fromEntries(Object.keys(METRICS).map((k) => [k, med(list.map((r) => r.metrics[k] ?? null))])),
        failing: [...new Set(list.flatMap((r) => (r.failing ?? []).map((f) => f.replace(/ \([\d.]+\)$/, ""))))].sort(),
      },
    ]),
  );
  return { version, runs, median: medians };
}
