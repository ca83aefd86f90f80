/**
 * Stage 1, load: read every content file. JSON is parsed with source positions;
 * assets are read as bytes. Syntax errors become issues, never exceptions.
 */
import { promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { FrontMatterError, parseFrontMatter } from "../lib/front-matter.ts";
import { JsonSyntaxError, parseJson, type Located } from "../lib/json.ts";
import { listFiles } from "../lib/fs.ts";
import { rel, type ProjectPaths } from "../lib/paths.ts";
import { problem } from "./errors.ts";
import { issueIn, type Issue } from "./issues.ts";

export type FileKind = "site" | "page" | "collection" | "guide";

export interface SourceFile {
  /** Relative to the project root, e.g. content/pages/index.json. */
  file: string;
  kind: FileKind;
  /** For pages: the path inside content/pages without .json (e.g. "solutions/owners"); for collections: the name; for guides: the file name without .md. */
  name: string;
  data: unknown;
  positions: Map<string, Located>;
}

export interface LoadedContent {
  files: SourceFile[];
  /** content/assets files by their content path ("assets/hero.svg"). */
  assets: Map<string, Buffer>;
  issues: Issue[];
}

export async function load(paths: ProjectPaths): Promise<LoadedContent> {
  const issues: Issue[] = [];
  const files: SourceFile[] = [];
  const assets = new Map<string, Buffer>();
  const all = await listFiles(paths.content);

  const sitePath = path.join(paths.content, "site.json");
  if (!all.includes(sitePath))
    issues.push(issueIn(rel(paths.root, sitePath), problem("missing-site")));

  await Promise.all(
    all.map(async (abs) => {
      const inContent = rel(paths.content, abs);
      const file = rel(paths.root, abs);
      if (inContent.startsWith("assets/")) {
        assets.set(inContent, await fs.readFile(abs));
        return;
      }
      let kind: FileKind;
      let name: string;
      if (inContent === "site.json") [kind, name] = ["site", "site"];
      else if (inContent.startsWith("pages/") && inContent.endsWith(".json"))
        [kind, name] = ["page", inContent.slice("pages/".length, -".json".length)];
      else if (/^collections\/[^/]+\.json$/.test(inContent))
        [kind, name] = ["collection", inContent.slice("collections/".length, -".json".length)];
      else if (/^guides\/[^/]+\.md$/.test(inContent)) {
        // Read synchronously: for thousands of small files, fs.promises.readFile's open,
        // stat, read and close round trips cost several times the reading itself.
        const text = readFileSync(abs, "utf8");
        try {
          files.push({ file, kind: "guide", name: inContent.slice("guides/".length, -".md".length), ...parseFrontMatter(text) });
        } catch (err) {
          if (!(err instanceof FrontMatterError)) throw err;
          issues.push(issueIn(file, problem("front-matter-syntax", { detail: err.message, hint: err.hint }), err.line, err.column));
        }
        return;
      } else {
        issues.push(issueIn(file, problem("unknown-file")));
        return;
      }
      const text = readFileSync(abs, "utf8");
      try {
        const { value, positions } = parseJson(text);
        files.push({ file, kind, name, data: value, positions });
      } catch (err) {
        if (!(err instanceof JsonSyntaxError)) throw err;
        issues.push(issueIn(file, problem("json-syntax", { detail: err.message, hint: err.hint }), err.position.line, err.position.column));
      }
    }),
  );
  files.sort((a, b) => a.file.localeCompare(b.file));
  return { files, assets: new Map([...assets].sort(([a], [b]) => a.localeCompare(b))), issues };
}
