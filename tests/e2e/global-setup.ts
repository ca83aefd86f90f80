/**
 * Runs the Nu Html Checker (vnu-jar, needs Java) once over every page in dist/
 * and stores its messages in .reports/vnu.json for the per-page test.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";

export const VNU_REPORT = path.resolve(".reports/vnu.json");

export default function globalSetup(): void {
  if (!existsSync("dist/routes.json")) throw new Error("dist/ is not built: run `npm run build` first (npm test does).");
  try {
    execFileSync("java", ["-version"], { stdio: "ignore" });
  } catch {
    throw new Error("The HTML check needs Java (the Nu Html Checker is a Java program). Install a JRE, e.g. `apt-get install default-jre-headless`.");
  }
  const jar = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build/dist/vnu.jar");
  // A page known to be invalid goes through the same run: if the checker reports
  // nothing for it, it checked nothing, and the per-page test must not pass on silence.
  const canary = path.join(mkdtempSync(path.join(os.tmpdir(), "vnu-")), "canary.html");
  writeFileSync(canary, '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><p><div></span></div></body></html>');
  // The pages inline the stylesheet Tailwind compiles. The checker's CSS grammar predates
  // what Tailwind v4 emits (@property, color-mix(in oklab, …), margin-trim), so its CSS
  // messages are filtered out, as they were when the stylesheet was a file it skipped.
  // Everything about the HTML is still checked.
  const run = spawnSync("java", ["-Xss1m", "-jar", jar, "--format", "json", "--exit-zero-always", "--skip-non-html", "--filterpattern", "CSS: .*", "dist", canary], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`The Nu Html Checker failed: ${run.stderr || run.error}`);
  mkdirSync(path.dirname(VNU_REPORT), { recursive: true });
  writeFileSync(VNU_REPORT, run.stderr);
  const report = JSON.parse(readFileSync(VNU_REPORT, "utf8")) as { messages: { type: string; url: string }[] };
  if (!report.messages.some((m) => m.type === "error" && m.url.endsWith("/canary.html")))
    throw new Error("The Nu Html Checker did not flag a known-invalid page; its results cannot be trusted.");
}
