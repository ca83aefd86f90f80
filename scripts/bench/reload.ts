/**
 * Section 4, reload: the dev server's save-to-reload time. Starts `node --import tsx
 * scripts/dev.ts` (npm run dev) on a free port, waits until it serves / and subscribes to
 * its reload events (/__dev/events) like an open page, then lets the builder warm up for
 * 4 s. RUNS times: SAVED_FILE is saved with extra newlines at its end and the time until
 * the reload event arrives is taken. The file's original text is written back afterwards.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { ROOT } from "../lib/paths.ts";
import { freePort, round, RUNS, sleep } from "./shared.ts";

export const SAVED_FILE = path.join(ROOT, "content/pages/pricing.json");

export async function saveToReload(): Promise<number[]> {
  const port = await freePort();
  const dev = spawn(process.execPath, ["--import", "tsx", "scripts/dev.ts"], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: "ignore" });
  const original = await readFile(SAVED_FILE, "utf8");
  let onReload: (() => void) | undefined;
  try {
    for (let waited = 0; ; waited += 200) {
      if (waited > 60_000) throw new Error("the dev server did not start within 60 s");
      const up = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false);
      if (up) break;
      await sleep(200);
    }
    await new Promise<void>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}/__dev/events`, (res) => {
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            if (chunk.includes("event: reload")) onReload?.();
          });
          resolve();
        })
        .on("error", reject);
    });
    await sleep(4000); // the builder warms its cache after the first build
    const times: number[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const reloaded = new Promise<void>((resolve) => (onReload = resolve));
      const started = performance.now();
      await writeFile(SAVED_FILE, original + "\n".repeat(i));
      await reloaded;
      times.push(round(performance.now() - started));
      await sleep(500);
    }
    return times;
  } finally {
    await writeFile(SAVED_FILE, original);
    dev.kill("SIGTERM");
  }
}
