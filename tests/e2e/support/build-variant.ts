/**
 * Builds the site from a throw-away copy of content/ in which some hidden buttons
 * are shown, so a browser test can prove what flipping the content flag does.
 *   tsx tests/e2e/support/build-variant.ts <out-dir> <file>=<label>[,<label>…] …
 * Each named button must exist in that file and be hidden; anything else is an error,
 * so the test cannot pass against content that no longer has the flag.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../../../scripts/lib/paths.ts";
import { runPipeline } from "../../../scripts/pipeline/index.ts";
import { tempProject } from "../../unit/project.ts";

const [out, ...specs] = process.argv.slice(2);
if (!out || specs.length === 0) throw new Error("usage: build-variant.ts <out-dir> <file>=<label>[,<label>] …");

/** The file's JSON with the named hidden buttons shown. */
function unhide(file: string, labels: string[]): string {
  const data = JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as unknown;
  for (const label of labels) {
    const found: Record<string, unknown>[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === "object") {
        const o = node as Record<string, unknown>;
        if (o["label"] === label && o["hidden"] === true) found.push(o);
        Object.values(o).forEach(walk);
      }
    };
    walk(data);
    if (found.length !== 1) throw new Error(`${file}: expected one hidden button "${label}", found ${found.length}`);
    found[0]!["hidden"] = false;
  }
  return JSON.stringify(data, null, 2);
}

const files = Object.fromEntries(
  specs.map((spec) => {
    const [file, labels] = spec.split("=") as [string, string];
    return [file, unhide(file, labels.split(","))];
  }),
);
const project = tempProject(files);
try {
  const result = await runPipeline({ ...project, dist: path.resolve(out) }, { mode: "build" });
  if (!result.ok) throw new Error(result.issues.map((i) => `${i.file}:${i.line}:${i.column} ${i.message}`).join("\n"));
} finally {
  project.cleanup();
}
