/**
 * The site built from a scratch copy of content/ and schemas/ whose site.json is
 * changed (the lead settings a browser test turns on), served with the receiver that
 * templates/site.ts declares, as `npm start` serves it. For tests of settings the
 * site's own content leaves off.
 */
import { copyGenerated } from "../../../scripts/lib/generated.ts";
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { siteReceiver } from "../../../scripts/lib/leads.ts";
import { projectPaths, ROOT } from "../../../scripts/lib/paths.ts";
import { startServer } from "../../../scripts/lib/server.ts";

export interface VariantSite {
  base: string;
  /** The JSON Lines file its receiver appends to. */
  leadsFile: string;
  close(): Promise<void>;
}

export async function leadsVariant(edit: (site: Record<string, any>) => void): Promise<VariantSite> {
  const root = mkdtempSync(path.join(os.tmpdir(), "bos-leads-variant-"));
  cpSync(path.join(ROOT, "content"), path.join(root, "content"), { recursive: true });
  cpSync(path.join(ROOT, "schemas"), path.join(root, "schemas"), { recursive: true });
  copyGenerated(ROOT, root);
  const siteFile = path.join(root, "content/site.json");
  const site = JSON.parse(readFileSync(siteFile, "utf8")) as Record<string, any>;
  edit(site);
  writeFileSync(siteFile, JSON.stringify(site, null, 2) + "\n");
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: ROOT, env: { ...process.env, SSG_PROJECT_ROOT: root }, stdio: "pipe" });
  const leadsFile = path.join(root, "leads.jsonl");
  const receiver = (await siteReceiver(projectPaths(root), { LEADS_FILE: leadsFile, LEADS_RATE_PER_MINUTE: "0" }))!;
  const server = await startServer({ dist: path.join(root, "dist"), port: 0, handle: receiver.handle });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    leadsFile,
    close: async () => {
      await new Promise((r) => server.close(r));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
