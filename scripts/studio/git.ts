/**
 * The Studio's Changes panel: where the project is a git repository, the content files
 * changed since the last commit, a readable diff of each, and "discard changes".
 * Publish commits content/ (and .generated/) and pushes it; History lists a file's versions
 * and reads one back. Git is run as a program with
 * its arguments (execFile, never a shell), in the project folder, on paths confined to
 * content/ (confine.ts). Nothing else in the Studio needs git: without it, or outside
 * a repository, isGitRepo is false and the other functions throw a plain Error.
 */
import { execFile } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
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

export interface PublishStep {
  ok: boolean;
  /** What happened, in a sentence. */
  text: string;
}

/** The branch's upstream ("origin/main"), or undefined when it has none. */
async function upstream(root: string): Promise<string | undefined> {
  const run = await git(root, ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"]);
  return run.code === 0 ? run.stdout.trim() || undefined : undefined;
}

const firstLine = (text: string) => text.trim().split("\n").find((l) => l.trim() && !/^hint:/.test(l))?.replace(/^(fatal|error): /, "") ?? "";

/**
 * Publishes the content: commits content/ (and .generated/, the files a build makes from it,
 * when the project keeps them) with the editor's message, then pushes to the branch's remote
 * branch when it has one, or, when the site names a review branch (SiteDefinition.studio),
 * to that branch of the shared copy, for someone to merge. Each step is reported in a sentence; a step that fails stops there.
 * Git's own identity is used; where none is set, the commit is signed "Studio".
 */
export async function publish(root: string, message: string, options: { reviewBranch?: string } = {}): Promise<PublishStep[]> {
  await requireRepo(root);
  const steps: PublishStep[] = [];
  const paths = ["content", ...(existsSync(path.join(root, ".generated")) ? [".generated"] : [])];
  await ok(root, ["add", "-A", "--", ...paths]);
  const staged = (await ok(root, ["diff", "--cached", "--name-only", "-z", "--", ...paths])).split("\0").filter(Boolean);
  if (!staged.length) return [{ ok: true, text: "Nothing to publish: the content is as it was last published." }];
  const named = (await git(root, ["config", "user.name"])).code === 0 && (await git(root, ["config", "user.email"])).code === 0;
  const identity = named ? [] : ["-c", "user.name=Studio", "-c", "user.email=studio@localhost"];
  const commit = await git(root, [...identity, "commit", "--quiet", "--no-verify", "-m", message, "--", ...paths]);
  if (commit.code !== 0) return [{ ok: false, text: `The changes could not be saved as a version: ${firstLine(commit.stderr) || `git exited with ${commit.code}`}.` }];
  const id = (await ok(root, ["rev-parse", "--short", "HEAD"])).trim();
  const content = staged.filter((f) => !f.startsWith(".generated/") && !f.includes("/.generated/")).length;
  const made = content < staged.length ? ", with the images and files the build makes from them" : "";
  steps.push({ ok: true, text: `Saved ${content} ${content === 1 ? "file" : "files"} as a new version (${id})${made}${named ? "" : `; signed “Studio”, as git has no name set on this computer`}.` });
  const notLinked = { ok: true, text: "This copy of the site is not linked to a shared one, so the version stays on this computer. A developer can link it (git push -u) to publish from here." };
  if (options.reviewBranch) {
    const branch = options.reviewBranch;
    const remote = await remoteOf(root);
    if (!remote) return [...steps, notLinked];
    if ((await git(root, ["check-ref-format", "--branch", branch])).code !== 0)
      return [...steps, { ok: false, text: `The version was saved here but not sent for review: “${branch}”, the review branch the site names (templates/site.ts, studio.reviewBranch), is not a name git accepts. A developer can fix it; nothing is lost.` }];
    const push = await git(root, ["push", "--quiet", remote, `HEAD:refs/heads/${branch}`]);
    steps.push(push.code === 0 ? { ok: true, text: `Sent to ${remote}/${branch} for review: the site is published once someone merges it.` } : { ok: false, text: `The version was saved here but could not be sent to ${remote}/${branch} for review: ${firstLine(push.stderr) || `git exited with ${push.code}`}. Try Publish again later; nothing is lost.` });
    return steps;
  }
  const target = await upstream(root);
  if (!target) return [...steps, notLinked];
  const push = await git(root, ["push", "--quiet"]);
  steps.push(push.code === 0 ? { ok: true, text: `Sent to ${target}: the site is published from there.` } : { ok: false, text: `The version was saved here but could not be sent to ${target}: ${firstLine(push.stderr) || `git exited with ${push.code}`}. Try Publish again later; nothing is lost.` });
  return steps;
}

/** The shared copy a review branch goes to: the current branch's remote, else "origin", else the only remote; undefined when there is none. */
async function remoteOf(root: string): Promise<string | undefined> {
  const branch = (await git(root, ["symbolic-ref", "--quiet", "--short", "HEAD"])).stdout.trim();
  const configured = branch ? (await git(root, ["config", `branch.${branch}.remote`])).stdout.trim() : "";
  if (configured && configured !== ".") return configured;
  const remotes = (await git(root, ["remote"])).stdout.split("\n").map((r) => r.trim()).filter(Boolean);
  return remotes.includes("origin") ? "origin" : remotes.length === 1 ? remotes[0] : undefined;
}

export interface Version {
  commit: string;
  author: string;
  /** ISO 8601. */
  date: string;
  message: string;
}

/** The versions of one content file, newest first (following renames), up to `limit`. */
export async function history(root: string, file: string, limit = 50): Promise<Version[]> {
  contentFile(root, file);
  await requireRepo(root);
  if (!(await hasHead(root))) return [];
  const out = await ok(root, ["log", "--follow", `-n${limit}`, "--format=%H%x1f%an%x1f%aI%x1f%s%x1e", "--", file]);
  return out
    .split("\x1e")
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => {
      const [commit, author, date, message] = r.split("\x1f");
      return { commit: commit!, author: author!, date: date!, message: message! };
    });
}

/** A content file's text in an earlier version (a commit from history()), or undefined if it was not there. */
export async function textAt(root: string, commit: string, file: string): Promise<string | undefined> {
  contentFile(root, file);
  if (!/^[0-9a-f]{7,64}$/.test(commit)) throw new Error(`“${commit}” is not a version of this site.`);
  await requireRepo(root);
  const run = await git(root, ["show", `${commit}:./${file}`]);
  return run.code === 0 ? run.stdout : undefined;
}

/** The file's text as last committed, or undefined for a new file. */
export async function committedText(root: string, file: string): Promise<string | undefined> {
  contentFile(root, file);
  await requireRepo(root);
  return (await inHead(root, file)) ? ok(root, ["show", `HEAD:./${file}`]) : undefined;
}
