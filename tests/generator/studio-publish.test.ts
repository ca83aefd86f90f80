/**
 * Publish and History in git (scripts/studio/git.ts), on a copy of the fixture site in a git
 * repository: each step is reported in a sentence, a push that fails says so and keeps the
 * version, a copy with no shared one says where the version stays, and History reads back
 * each earlier version of a file.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { history, publish, textAt } from "../../scripts/studio/git.ts";
import type { PageOpReply } from "../../scripts/studio/protocol.ts";
import { startStudio } from "../../scripts/studio/server.ts";
import { fixturesRemovedAfterAll } from "./fixture.ts";

const project = fixturesRemovedAfterAll(afterAll);
const remotes: string[] = [];
afterAll(() => remotes.forEach((r) => rmSync(r, { recursive: true, force: true })));
const HOME = "content/pages/index.json";

function repo() {
  const site = project();
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=Fixture", "-c", "user.email=fixture@example.com", ...args], { cwd: site.root, encoding: "utf8" });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-q", "-m", "The fixture as copied");
  const edit = (from: string, to: string) => writeFileSync(path.join(site.root, HOME), readFileSync(path.join(site.root, HOME), "utf8").replace(from, to));
  return { site, git, edit };
}

/** A shared copy (a bare repository) as the site's origin, its branch pushed there. */
function sharedCopy(git: (...args: string[]) => string): string {
  const remote = mkdtempSync(path.join(os.tmpdir(), "fixture-remote-"));
  remotes.push(remote);
  git("init", "-q", "--bare", remote);
  git("remote", "add", "origin", remote);
  git("push", "-q", "-u", "origin", "HEAD");
  return remote;
}

describe("publishing from the Studio", () => {
  it("commits the content with the message, pushes it, and History reads back every version", async () => {
    const { site, git, edit } = repo();
    const remote = sharedCopy(git);
    // Something outside content/ is never published by the Studio.
    writeFileSync(path.join(site.root, "notes.txt"), "not content\n");
    edit("Kites for windy days", "Kites for gusty days");
    const steps = await publish(site.root, "Gusty, not windy");
    expect(steps.map((s) => s.ok)).toEqual([true, true]);
    expect(steps[0]!.text).toMatch(/^Saved 1 file as a new version \([0-9a-f]+\)[.;]/);
    expect(steps[1]!.text).toMatch(/^Sent to origin\/\w+: the site is published from there\.$/);
    expect(git("--git-dir", remote, "log", "-1", "--format=%s").trim()).toBe("Gusty, not windy");
    expect(git("status", "--porcelain").trim()).toBe("?? notes.txt");
    expect(await publish(site.root, "Again")).toEqual([{ ok: true, text: "Nothing to publish: the content is as it was last published." }]);

    const versions = await history(site.root, HOME);
    expect(versions.map((v) => v.message)).toEqual(["Gusty, not windy", "The fixture as copied"]);
    expect(versions[1]!.author).toBe("Fixture");
    expect(await textAt(site.root, versions[1]!.commit, HOME)).toContain("Kites for windy days");
    expect(await textAt(site.root, versions[0]!.commit, HOME)).toContain("Kites for gusty days");
    await expect(textAt(site.root, "HEAD; rm -rf /", HOME)).rejects.toThrow("is not a version of this site");
  });

  it("keeps the version and says so when the push fails, or when there is no shared copy", async () => {
    const { site, git, edit } = repo();
    edit("Kites for windy days", "Kites for calm days");
    const alone = await publish(site.root, "Calm");
    expect(alone).toHaveLength(2);
    expect(alone[1]).toEqual({ ok: true, text: expect.stringContaining("the version stays on this computer") });

    // A shared copy that is gone by the time of the push (a network down, a repository moved).
    const remote = sharedCopy(git);
    rmSync(remote, { recursive: true, force: true });
    edit("Kites for calm days", "Kites for any day");
    const failed = await publish(site.root, "Any day");
    expect(failed[0]!.ok).toBe(true);
    expect(failed[1]).toEqual({ ok: false, text: expect.stringMatching(/^The version was saved here but could not be sent to origin\/\w+: .+\. Try Publish again later; nothing is lost\.$/) });
    expect(git("log", "-1", "--format=%s").trim()).toBe("Any day");
  });

  it("sends each version to the site's review branch, leaving the published branch as it was", async () => {
    const { site, git, edit } = repo();
    const remote = sharedCopy(git);
    const published = git("--git-dir", remote, "rev-parse", "HEAD").trim();
    edit("Kites for windy days", "Kites for breezy days");
    const steps = await publish(site.root, "Breezy", { reviewBranch: "content-review" });
    expect(steps.map((s) => s.ok)).toEqual([true, true]);
    expect(steps[1]!.text).toBe("Sent to origin/content-review for review: the site is published once someone merges it.");
    expect(git("--git-dir", remote, "log", "-1", "--format=%s", "content-review").trim()).toBe("Breezy");
    expect(git("--git-dir", remote, "rev-parse", "HEAD").trim()).toBe(published);
    // The next version goes to the same branch, on top of the first.
    edit("Kites for breezy days", "Kites for stormy days");
    expect((await publish(site.root, "Stormy", { reviewBranch: "content-review" })).map((s) => s.ok)).toEqual([true, true]);
    expect(git("--git-dir", remote, "log", "--format=%s", "-2", "content-review").trim().split("\n")).toEqual(["Stormy", "Breezy"]);
    // A name git refuses keeps the version and says what to fix.
    edit("Kites for stormy days", "Kites for still days");
    const refused = await publish(site.root, "Still", { reviewBranch: "review..branch" });
    expect(refused[1]).toEqual({ ok: false, text: expect.stringContaining("“review..branch”, the review branch the site names (templates/site.ts, studio.reviewBranch), is not a name git accepts") });
    expect(git("log", "-1", "--format=%s").trim()).toBe("Still");
  });

  it("refuses to discard half of a rename, naming the page it would break", async () => {
    const { site, git } = repo();
    const studio = await startStudio({ paths: site, port: 0, app: { js: "", css: "" } });
    try {
      const post = async (p: string, body: unknown) => (await fetch(`${studio.url}${p}`, { method: "POST", headers: { "x-studio-token": studio.token, origin: studio.url, "content-type": "application/json" }, body: JSON.stringify(body) })).json() as Promise<PageOpReply>;
      const renamed = await post("/api/pages/rename", { path: "content/pages/about/team.json", address: "/about/people", keepAlias: false, updateLinks: true });
      expect(renamed).toMatchObject({ ok: true, path: "content/pages/about/people.json" });
      const status = git("status", "--porcelain", "-uall", "--", "content");
      // Discarding the new page alone would leave the home page's link going nowhere.
      const refused = await post("/api/discard", { path: "content/pages/about/people.json" });
      expect(refused.ok).toBe(false);
      // The rename updated the links of the home page and of the site's menu.
      const linking = ["content/pages/index.json", "content/site.json"];
      expect(!refused.ok && refused.message).toMatch(/^The changes to content\/pages\/about\/people\.json cannot be discarded alone: 2 other files would then have 2 problems and the site would not build \(content\/pages\/index\.json, content\/site\.json\)\. Change them first\.$/);
      expect(!refused.ok && [...new Set(refused.linkedFrom?.map((l) => l.file))].sort()).toEqual(linking);
      expect(git("status", "--porcelain", "-uall", "--", "content")).toBe(status);
      // The link first, then the page: each discard leaves a site that builds.
      for (const file of linking) expect(await post("/api/discard", { path: file })).toEqual({ ok: true });
      expect(await post("/api/discard", { path: "content/pages/about/people.json" })).toEqual({ ok: true });
      expect(await post("/api/discard", { path: "content/pages/about/team.json" })).toEqual({ ok: true });
      expect(git("status", "--porcelain", "-uall", "--", "content")).toBe("");
    } finally {
      await studio.close();
    }
  });

  it("moves a renamed page back, with its links, as Undo the move does, leaving the content as it was", async () => {
    const { site, git } = repo();
    const studio = await startStudio({ paths: site, port: 0, app: { js: "", css: "" } });
    try {
      const post = async (p: string, body: unknown) => (await fetch(`${studio.url}${p}`, { method: "POST", headers: { "x-studio-token": studio.token, origin: studio.url, "content-type": "application/json" }, body: JSON.stringify(body) })).json() as Promise<PageOpReply>;
      for (const keepAlias of [false, true]) {
        const moved = await post("/api/pages/rename", { path: "content/pages/about/team.json", address: "/about/people", keepAlias, updateLinks: true });
        expect(moved).toMatchObject({ ok: true, path: "content/pages/about/people.json" });
        expect(git("status", "--porcelain", "-uall", "--", "content")).not.toBe("");
        const back = await post("/api/pages/rename", { path: "content/pages/about/people.json", address: "/about/team", keepAlias: false, updateLinks: true });
        expect(back).toMatchObject({ ok: true, path: "content/pages/about/team.json" });
        expect(git("status", "--porcelain", "-uall", "--", "content"), `keepAlias: ${keepAlias}`).toBe("");
      }
    } finally {
      await studio.close();
    }
  });
});
