/**
 * Runs the Nu Html Checker (vnu-jar, needs Java) once over every page in dist/
 * and stores its messages in .reports/vnu.json for the per-page test.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
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
  const run = spawnSync("java", ["-Xss1m", "-jar", jar, "--format", "json", "--exit-zero-always", "--skip-non-html", "dist"], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`The Nu Html Checker failed: ${run.stderr || run.error}`);
  mkdirSync(path.dirname(VNU_REPORT), { recursive: true });
  writeFileSync(VNU_REPORT, run.stderr || '{"messages":[]}');
}
