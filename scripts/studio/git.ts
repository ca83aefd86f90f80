/**
 * The Studio's Changes panel: where the project is a git repository, the content files
 * changed since the last commit, a readable diff of each, and "discard changes".
 * Committing stays in git (GitHub Desktop, the web UI). Git is run as a program with
 * its arguments (execFile, never a shell), in the project folder, on paths confined to
 * content/ (confine.ts). Nothing else in the Studio needs git: without it, or outside
 * a repository, isGitRepo is false and the other functions throw a plain Error.
 */
import { execFile } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { contentFile } from "./confine.ts";

export interface ChangedFile {
  /** Project-relative ("content/pages/index.json"). */
  path: string;
  status: "modified" | "added" | "deleted" | "untracked";
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs git in `root`; resolves with its exit code (a missing git rejects). */
function git(root: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      ["-c", "core.quotepath=off", "-c", "color.ui=false", ...args],
      { cwd: root, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GIT_OPTIONAL_LOCKS: "0", GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" } },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") reject(error);
        else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

async function ok(root: string, args: string[], allowed: number[] = [0]): Promise<string> {
  const run = await git(root, args);
  if (!allowed.includes(run.code)) throw new Error(`git ${args[0]} failed in ${root}: ${run.stderr.trim() || `exit code ${run.code}`}`);
  return run.stdout;
}

/** Whether `root` is inside a git work tree (false when git is not installed). */
export async function isGitRepo(root: string): Promise<boolean> {
  try {
    const run = await git(root, ["rev-parse", "--is-inside-work-tree"]);
    return run.code === 0 && run.stdout.trim() === "true";
  } catch {
    return false;
  }
}

async function requireRepo(root: string): Promise<void> {
  if (!(await isGitRepo(root))) throw new Error(`${root} is not a git repository (or git is not installed), so the Studio cannot list or discard changes there. Saving works without it.`);
}

/** The project's folder inside the repository ("" at its top, "site/" in a subfolder), as git status prints paths from the top. */
async function prefix(root: string): Promise<string> {
  return (await ok(root, ["rev-parse", "--show-prefix"])).trim();
}

/** The files under content/ changed since the last commit, untracked ones one by one. */
export async function changedFiles(root: string): Promise<ChangedFile[]> {
  await requireRepo(root);
  const base = await prefix(root);
  const out = await ok(root, ["status", "--porcelain=v1", "-z", "-uall", "--", "content"]);
  const entries = out.split("\0");
  const files: ChangedFile[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.length < 4) continue;
    const x = entry[0]!;
    const y = entry[1]!;
    const file = entry.slice(3);
    // A rename or copy is followed by its source path.
    if (x === "R" || x === "C") i++;
    const status: ChangedFile["status"] = x === "?" ? "untracked" : x === "D" || y === "D" ? "deleted" : x === "A" || x === "R" || x === "C" ? "added" : "modified";
    files.push({ path: file.startsWith(base) ? file.slice(base.length) : file, status });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

async function hasHead(root: string): Promise<boolean> {
  return (await git(root, ["rev-parse", "--verify", "--quiet", "HEAD"])).code === 0;
}

async function inHead(root: string, file: string): Promise<boolean> {
  return (await hasHead(root)) && (await git(root, ["cat-file", "-e", `HEAD:./${file}`])).code === 0;
}

async function tracked(root: string, file: string): Promise<boolean> {
  return (await git(root, ["ls-files", "--error-unmatch", "--", file])).code === 0;
}

/** The diff of one content file against the last commit; an untracked file is all added lines. */
export async function fileDiff(root: string, file: string): Promise<string> {
  contentFile(root, file);
  await requireRepo(root);
  if ((await inHead(root, file)) || ((await hasHead(root)) && (await tracked(root, file)))) return ok(root, ["diff", "--no-ext-diff", "--no-textconv", "HEAD", "--", file]);
  if (!existsSync(contentFile(root, file))) return "";
  // Exit code 1 means "there are differences", which there always are against nothing.
  return ok(root, ["diff", "--no-ext-diff", "--no-index", "--", "/dev/null", file], [0, 1]);
}

/** The file as in the last commit: restored if it was there, removed if it is new. */
export async function discard(root: string, file: string): Promise<void> {
  const abs = contentFile(root, file);
  await requireRepo(root);
  if (await inHead(root, file)) {
    await ok(root, ["checkout", "HEAD", "--", file]);
    return;
  }
  if (await tracked(root, file)) await ok(root, ["rm", "--cached", "--quiet", "--", file]);
  rmSync(abs, { force: true });
}
