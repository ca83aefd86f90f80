/**
 * The Studio for browser tests: `npm run studio` (scripts/studio.ts) run on a scratch
 * copy of this repository's content/ and schemas/ (the templates stay this
 * repository's), in a temporary git repository with one commit, so a test can edit,
 * save, diff and build without touching the checkout.
 *
 * - `studio` (per test): a Studio of its own, for tests that save or upload.
 * - `sharedStudio` (per worker): one Studio for tests that only read, or whose
 *   writes must be refused anyway.
 */
import { copyGenerated } from "../../../scripts/lib/generated.ts";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, promises as fs, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { test as base, expect, type FrameLocator, type Page } from "@playwright/test";

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, "../../..");

export interface RunningStudio {
  /** The app, e.g. http://localhost:40123 */
  url: string;
  /** The scratch project (content/, schemas/, a git repository). */
  root: string;
  /** The text of a file of the scratch project, e.g. "content/pages/index.json". */
  read(file: string): string;
  /** Its bytes. */
  bytes(file: string): Buffer;
  git(...args: string[]): Promise<string>;
  /** `npm run build` of the scratch project (into its dist/): exit code and output. */
  build(): Promise<{ code: number; output: string }>;
  /** `npm run check` of the scratch project. */
  check(): Promise<{ code: number; output: string }>;
  close(): Promise<void>;
}

/** Runs one of scripts/ (from the repository root) on the project at `root`: exit code and output. */
export async function scriptIn(script: string, root: string): Promise<{ code: number; output: string }> {
  try {
    // As npm's scripts run them: scripts/build.mjs by node (the bundled build.ts, `npm run build`), the others through tsx.
    const { stdout, stderr } = await run(process.execPath, script.endsWith(".mjs") ? [script] : ["--import", "tsx", script], { cwd: REPO, env: { ...process.env, SSG_PROJECT_ROOT: root }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

/** A scratch copy of content/ and schemas/ committed in a new git repository. */
export async function scratchProject(): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), "studio-e2e-"));
  cpSync(path.join(REPO, "content"), path.join(root, "content"), { recursive: true });
  cpSync(path.join(REPO, "schemas"), path.join(root, "schemas"), { recursive: true });
  copyGenerated(REPO, root);
  const git = (...args: string[]) => run("git", ["-c", "user.email=studio-e2e@example.com", "-c", "user.name=Studio E2E", "-c", "commit.gpgsign=false", ...args], { cwd: root });
  await git("init", "-q");
  await git("add", "-A");
  await git("commit", "-q", "-m", "scratch copy");
  return root;
}

export async function startStudio(): Promise<RunningStudio> {
  const root = await scratchProject();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/studio.ts"], {
    cwd: REPO,
    env: { ...process.env, SSG_PROJECT_ROOT: root, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  // Until it says it is ready or exits: a slow start on a busy machine is not a failure (the test's own timeout bounds it).
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Studio ready on (http:\/\/localhost:\d+)/.exec(output);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      reject(new Error(`The Studio exited (${code}) before it was ready:\n${output}`));
    });
  });
  // Keep draining its output, or a chatty Studio would block on a full pipe.
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url,
    root,
    read: (file) => readFileSync(path.join(root, file), "utf8"),
    bytes: (file) => readFileSync(path.join(root, file)),
    git: async (...args) => (await run("git", args, { cwd: root })).stdout,
    build: () => scriptIn("scripts/build.mjs", root),
    check: () => scriptIn("scripts/check.ts", root),
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      await fs.rm(root, { recursive: true, force: true }).catch(() => rmSync(root, { recursive: true, force: true }));
    },
  };
}

export const test = base.extend<{ studio: RunningStudio }, { sharedStudio: RunningStudio }>({
  studio: async ({}, use) => {
    const studio = await startStudio();
    try {
      await use(studio);
    } finally {
      await studio.close();
    }
  },
  sharedStudio: [
    async ({}, use) => {
      const studio = await startStudio();
      try {
        await use(studio);
      } finally {
        await studio.close();
      }
    },
    { scope: "worker" },
  ],
});

export { expect };

/** Opens the Studio and waits until the home page's form is there (as long as the test may run: timeout 0). */
export async function openStudio(page: Page, studio: RunningStudio): Promise<void> {
  await page.goto(studio.url);
  await expect(page.getByRole("navigation", { name: "Content" })).toBeVisible({ timeout: 0 });
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeVisible({ timeout: 0 });
}

/** Opens a file by its button in the Content list (its name includes the page's title and address). */
export async function openFile(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole("navigation", { name: "Content" }).getByRole("button", { name }).first().click();
}

export const preview = (page: Page): FrameLocator => page.frameLocator('iframe[title="Preview"]');

/** The status line under the editor's buttons. */
export const status = (page: Page) => page.getByRole("main").getByRole("status").first();

/** A string matched literally in a RegExp. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
