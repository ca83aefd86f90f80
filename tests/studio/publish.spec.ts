/**
 * Publishing and restoring without a terminal (issue 35): a marketer saves an edit, reads what
 * changed in words, publishes it with a message (a commit, pushed to the shared copy), then
 * brings back the earlier version from History and publishes that.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, openFile, openStudio, status, test } from "./support/studio.ts";

const PRICING = "content/pages/pricing.json";
const BEFORE = "Plans that Grow with Your Building";
const AFTER = "Plans for every size of building";

test("a marketer publishes an edit, then restores the earlier version from History", async ({ page, studio }) => {
  // The shared copy the site is published from (as a repository on GitHub would be).
  const remote = mkdtempSync(path.join(os.tmpdir(), "studio-remote-"));
  try {
    await studio.git("init", "-q", "--bare", remote);
    await studio.git("remote", "add", "origin", remote);
    await studio.git("push", "-q", "-u", "origin", "HEAD");

    await openStudio(page, studio);
    await openFile(page, /^Pricing/);
    const heading = page.getByRole("group", { name: /^Page header\*?$/ }).getByRole("textbox", { name: "Heading", exact: true });
    await expect(heading).toHaveValue(BEFORE);
    await heading.fill(AFTER);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(status(page)).toHaveText("Saved “Pricing”.");

    // What changed, in words: the field, before and now; no diff unless asked for.
    await page.getByRole("button", { name: "Changes" }).click();
    const changes = page.getByRole("complementary", { name: "Changes not yet published" });
    await changes.getByRole("button", { name: "Show the changes to Pricing" }).click();
    const row = changes.getByRole("row", { name: /Heading/ });
    await expect(row).toContainText(BEFORE);
    await expect(row).toContainText(AFTER);
    await changes.getByRole("button", { name: "Close" }).click();

    await page.getByRole("banner").getByRole("button", { name: "Publish" }).click();
    const dialog = page.getByRole("dialog", { name: "Publish the changes" });
    await expect(dialog.getByRole("listitem")).toHaveText(["Changed Pricing"]);
    await dialog.getByRole("textbox", { name: /What changed/ }).fill("A plainer pricing heading");
    await dialog.getByRole("button", { name: "Publish" }).click();
    const steps = dialog.getByRole("list", { name: "What happened" });
    await expect(steps).toContainText("Saved 1 file as a new version");
    await expect(steps).toContainText("Sent to origin/");
    await expect(steps.getByText(/Failed:/)).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close" }).click();
    expect((await studio.git("--git-dir", remote, "log", "-1", "--format=%s")).trim()).toBe("A plainer pricing heading");
    expect((await studio.git("status", "--porcelain", "--", "content")).trim()).toBe("");

    // History: the earlier version, shown in the form as an unsaved change, then saved and published.
    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("complementary", { name: /Earlier versions of Pricing/ });
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(history.getByRole("listitem").first()).toContainText("A plainer pricing heading");
    await history.getByRole("listitem").nth(1).getByRole("button", { name: /Show the version of/ }).click();
    await expect(heading).toHaveValue(BEFORE);
    await expect(status(page)).toContainText("Save to restore it");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(status(page)).toHaveText("Saved “Pricing”.");
    expect(studio.read(PRICING)).toContain(`"heading": "${BEFORE}"`);
    expect((await studio.git("diff", "HEAD~1", "--", PRICING)).trim()).toBe("");
  } finally {
    rmSync(remote, { recursive: true, force: true });
  }
});
