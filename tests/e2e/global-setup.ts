/**
 * Runs the Nu Html Checker (vnu-jar, needs Java) once over every page in dist/,
 * in the background, and stores its messages in .reports/vnu.json for the per-page test.
 */
import { execFileSync, spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";

export const VNU_REPORT = path.resolve(".reports/vnu.json");

/** Written when the check has finished: its messages, or why they cannot be trusted. */
export interface VnuReport {
  messages: { type: string; url: string; message: string; lastLine?: number }[];
  error?: string;
}

/**
 * The check runs in the background while the browser tests start (it takes a few
 * seconds of a JVM); the per-page test waits for the report (readVnuReport). The
 * teardown waits for it too, so a check that fails is reported even when no page
 * test read it.
 */
export default function globalSetup(): () => Promise<void> {
  if (!existsSync("dist/routes.json")) throw new Error("dist/ is not built: run `npm run build` first (npm test does).");
  try {
    execFileSync("java", ["-version"], { stdio: "ignore" });
  } catch {
    throw new Error("The HTML check needs Java (the Nu Html Checker is a Java program). Install a JRE, e.g. `apt-get install default-jre-headless`.");
  }
  const jar = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")), "build/dist/vnu.jar");
  rmSync(VNU_REPORT, { force: true });
  mkdirSync(path.dirname(VNU_REPORT), { recursive: true });
  // A page known to be invalid goes through the same run: if the checker reports
  // nothing for it, it checked nothing, and the per-page test must not pass on silence.
  const tmp = mkdtempSync(path.join(os.tmpdir(), "vnu-"));
  const canary = path.join(tmp, "canary.html");
  writeFileSync(canary, '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><p><div></span></div></body></html>');
  // The pages inline the stylesheet Tailwind compiles. The checker's CSS grammar predates
  // what Tailwind v4 emits (@property, color-mix(in oklab, …), margin-trim), so its CSS
  // messages are filtered out, as they were when the stylesheet was a file it skipped.
  // Everything about the HTML is still checked.
  // The JVM's quick compiler alone (TieredStopAtLevel=1) halves the check's CPU time for
  // the same messages; its deeper stacks need more than the 1 MB the checker asks for.
  const raw = path.join(tmp, "vnu.json");
  const out = openSync(raw, "w");
  const child = spawn(
    "java",
    ["-Xss8m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", jar, "--format", "json", "--exit-zero-always", "--skip-non-html", "--filterpattern", "CSS: .*", "dist", canary],
    { stdio: ["ignore", "ignore", out] },
  );
  closeSync(out);
  const done = new Promise<string | undefined>((resolve) => {
    const finish = (error: string | undefined) => {
      let report: VnuReport = { messages: [], error };
      if (!error) {
        try {
          report = JSON.parse(readFileSync(raw, "utf8")) as VnuReport;
          if (!report.messages.some((m) => m.type === "error" && m.url.endsWith("/canary.html")))
            report.error = "The Nu Html Checker did not flag a known-invalid page; its results cannot be trusted.";
        } catch (e) {
          report = { messages: [], error: `The Nu Html Checker failed: ${readFileSync(raw, "utf8").slice(0, 2000) || String(e)}` };
        }
      }
      // Written whole, then renamed: a reader never sees half a report.
      writeFileSync(`${VNU_REPORT}.tmp`, JSON.stringify(report));
      renameSync(`${VNU_REPORT}.tmp`, VNU_REPORT);
      rmSync(tmp, { recursive: true, force: true });
      resolve(report.error);
    };
    child.on("error", (e) => finish(`The Nu Html Checker failed: ${e.message}`));
    child.on("close", (code) => finish(code === 0 ? undefined : `The Nu Html Checker failed (exit ${code}): ${readFileSync(raw, "utf8").slice(0, 2000)}`));
  });
  return async () => {
    const error = await done;
    if (error) throw new Error(error);
  };
}

/** The checker's report, once the background check has written it. */
export async function readVnuReport(timeoutMs = 120_000): Promise<VnuReport> {
  const until = Date.now() + timeoutMs;
  while (!existsSync(VNU_REPORT)) {
    if (Date.now() > until) throw new Error(`The Nu Html Checker wrote no report within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const report = JSON.parse(readFileSync(VNU_REPORT, "utf8")) as VnuReport;
  if (report.error) throw new Error(report.error);
  return report;
}
