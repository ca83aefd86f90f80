/**
 * Stage 1, load: read every content file. JSON is parsed with source positions;
 * assets are read as bytes. Syntax errors become issues, never exceptions.
 */
import type { FileKind, EntryInfo, SourceFile, LoadedContent, Kinds, FileFacts, FileMemo } from "../../model.ts";
export type { FileKind, EntryInfo, SourceFile, LoadedContent, Kinds };
import { promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { FrontMatterError, frontMatterBody, parseFrontMatter, readWithoutParser, type FrontMatterFile } from "../../../lib/front-matter.ts";
import { hashText } from "../../../lib/hash.ts";
import { attachFacts, factsFor } from "../../memo/file-memo.ts";
import { JsonSyntaxError, parseJson, type JsonErrorCode, type Located, type ParsedJson } from "../../../lib/json.ts";
import { listFiles } from "../../../lib/fs.ts";
import { isSystemOrEditorFile } from "../../../lib/os-files.ts";
import { rel, type ProjectPaths } from "../../../lib/paths.ts";
import { problem, type Problem } from "../../../problems/errors.ts";
import { issueIn, type Issue } from "../../../problems/issues.ts";
import type { MarkdownKind } from "../../../api.ts";
import { loadSiteModule } from "../../../lib/site-module.ts";

/**
 * A Markdown entry's front matter from its facts (memo/file-memo.ts) when its text was
 * parsed before, else parsed (and kept). A stored parse leaves out the body, the text's own
 * Markdown (stored-memo.ts): taken again from the text.
 */
function frontMatterOf(text: string, facts: FileFacts | undefined): FrontMatterFile {
  const hit = facts?.frontMatter;
  if (hit) return hit.bodyless ? { data: { ...hit.data, body: frontMatterBody(text) }, positions: hit.positions } : hit;
  const parsed = parseFrontMatter(text);
  // Kept only when the YAML parser read it: a simple block is read again faster than a kept one is stored and restored.
  if (facts && !readWithoutParser(parsed)) facts.frontMatter = parsed;
  return parsed;
}

/** The address of the entry `name` of a kind ("/articles/:name" -> "/articles/getting-started"). */
export function entryRoute(kind: Pick<MarkdownKind, "route">, name: string): string {
  return kind.route.replace(":name", name);
}

/** What unknown-file advises: `name` is the name to give the file (its own name for an image). */
export type UnknownFileAdvice = { advice: "page" | "collection" | "capitals" | "image"; name: string } | { advice: "markdown" | "elsewhere" };

/** The kind and name of a JSON content file by its path in content/, or undefined for a file that is not one. */
function jsonKind(inContent: string): [FileKind, string] | undefined {
  if (inContent === "site.json") return ["site", "site"];
  if (inContent.startsWith("pages/") && inContent.endsWith(".json")) return ["page", inContent.slice("pages/".length, -".json".length)];
  if (/^collections\/[^/]+\.json$/.test(inContent)) return ["collection", inContent.slice("collections/".length, -".json".length)];
  return undefined;
}

/** What images are named (any case): outside content/assets/, such a file is an image in the wrong place. */
const IMAGE_NAME = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/**
 * What to do with a file of content/ that has no place (not an asset, JSON content or a
 * Markdown entry); `folders` are the Markdown kinds' folders. The most likely intent
 * first: an image outside assets/, a name whose only fault is an upper-case extension,
 * a text or Markdown file where pages or records go.
 */
export function unknownFileAdvice(inContent: string, folders: readonly string[]): UnknownFileAdvice {
  const base = inContent.slice(inContent.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const extension = dot > 0 ? base.slice(dot + 1) : "";
  if (IMAGE_NAME.test(base)) return { advice: "image", name: base };
  const inKindFolder = (p: string) => folders.some((dir) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes("/"));
  // .JSON, .Json, .MD: the same file with a lower-case name would be read.
  const lower = `${inContent.slice(0, inContent.length - base.length)}${base.toLowerCase()}`;
  if ((extension.toLowerCase() === "json" && extension !== "json" && jsonKind(lower)) || (extension.toLowerCase() === "md" && extension !== "md" && inKindFolder(lower)))
    return { advice: "capitals", name: base.toLowerCase() };
  if (extension.toLowerCase() === "md" && folders.length) return { advice: "markdown" };
  const asJson = `${stem.toLowerCase().endsWith(".json") ? stem.slice(0, -".json".length) : stem}.json`;
  if (inContent.startsWith("pages/")) return { advice: "page", name: asJson };
  if (/^collections\/[^/]+$/.test(inContent)) return { advice: "collection", name: asJson };
  return { advice: "elsewhere" };
}

/**
 * Reads the project's content; `kinds` are its Markdown kinds (by default, those its site
 * module declares). They may still be on their way: JSON files are read meanwhile. With a
 * `memo`, each file gets the facts kept of its text (memo/file-memo.ts).
 */
export async function load(paths: ProjectPaths, kindsGiven?: Kinds | Promise<Kinds>, drafts?: ReadonlyMap<string, string | null>, memo?: FileMemo): Promise<LoadedContent> {
  const kindsJob = Promise.resolve(kindsGiven ?? loadSiteModule(paths.templates).then((m) => m.kinds ?? []));
  let kinds: Kinds = [];
  const issues: Issue[] = [];
  const files: SourceFile[] = [];
  const assets = new Map<string, Buffer>();
  const listed = await listFiles(paths.content);
  // Unsaved drafts (the Studio's preview): their text instead of the file's, files not yet on disk, and files as if deleted (null).
  const gone = new Set([...(drafts ?? [])].filter(([, text]) => text === null).map(([file]) => path.join(paths.root, file)));
  const all = gone.size ? listed.filter((abs) => !gone.has(abs)) : listed;
  for (const [file, text] of drafts ?? []) {
    const abs = path.join(paths.root, file);
    if (text !== null && !all.includes(abs)) all.push(abs);
  }
  const sitePath = path.join(paths.content, "site.json");
  if (!all.includes(sitePath))
    issues.push(issueIn(rel(paths.root, sitePath), problem("missing-site")));

  await Promise.all(
    all.map(async (abs) => {
      const inContent = rel(paths.content, abs);
      // .DS_Store, Thumbs.db, editors' backups and swap files: nobody's content (os-files.ts).
      if (isSystemOrEditorFile(inContent)) return;
      if (inContent.startsWith("assets/")) {
        assets.set(inContent, await fs.readFile(abs));
        return;
      }
      // A Markdown entry of a kind the site module declares (known once it has loaded), or a stray file.
      if (!jsonKind(inContent)) kinds = await kindsJob;
      const one = loadFile(paths, abs, kinds, drafts, memo);
      if (one.file) files.push(one.file);
      issues.push(...one.issues);
    }),
  );
  files.sort((a, b) => a.file.localeCompare(b.file));
  return { files, assets: new Map([...assets].sort(([a], [b]) => a.localeCompare(b))), issues };
}

/**
 * One content file that is not an asset (content/site.json, a page, a collection, a Markdown
 * entry of one of `kinds`): its SourceFile, or the issues that keep it from being one
 * (a syntax error, a file in no known place). `memo` gives it the facts kept of its text.
 */
export function loadFile(paths: ProjectPaths, abs: string, kinds: Kinds, drafts?: ReadonlyMap<string, string | null>, memo?: FileMemo): { file?: SourceFile; issues: Issue[] } {
  const inContent = rel(paths.content, abs);
  const file = rel(paths.root, abs);
  const read = () => drafts?.get(file) ?? readFileSync(abs, "utf8");
  /** The facts kept of this text at this path (its kind and name follow from the path). */
  const factsOfText = (text: string) => (memo ? factsFor(memo, `${hashText(text)}\0${file}`) : undefined);
  const withFacts = (source: SourceFile, facts: FileFacts | undefined) => (facts ? attachFacts(source, facts) : source);
  const json = jsonKind(inContent);
  if (!json) {
    /** The Markdown kind a content path belongs to: <dir>/<name>.md, directly in its folder. */
    const k = kinds.find((k) => inContent.startsWith(`${k.dir}/`) && inContent.endsWith(".md") && !inContent.slice(k.dir.length + 1).includes("/"));
    if (!k) {
      const folders = kinds.map((k) => k.dir);
      return { issues: [issueIn(file, problem("unknown-file", { folders, ...unknownFileAdvice(inContent, folders) }))] };
    }
    // Read synchronously: for thousands of small files, fs.promises.readFile's open,
    // stat, read and close round trips cost several times the reading itself.
    const text = read();
    const entryName = inContent.slice(k.dir.length + 1, -".md".length);
    try {
      const entry: EntryInfo = { route: entryRoute(k, entryName), collection: k.collection ?? k.dir, schema: k.schema, rules: k.rules ?? {} };
      const facts = factsOfText(text);
      return { file: withFacts({ file, kind: k.name, name: entryName, entry, ...frontMatterOf(text, facts) }, facts), issues: [] };
    } catch (err) {
      if (!(err instanceof FrontMatterError)) throw err;
      return { issues: [issueIn(file, problem("front-matter-syntax", { detail: err.message, hint: err.hint }), err.line, err.column)] };
    }
  }
  const [kind, name] = json;
  const text = read();
  try {
    // Parsed once per text by a long-running builder (frozen: the same value serves the next build, so no stage may change it).
    const facts = factsOfText(text);
    const { value, positions } = facts ? (facts.json ??= frozen(parseJson(text))) : parseJson(text);
    return { file: withFacts({ file, kind, name, data: value, positions }, facts), issues: [] };
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) throw err;
    const said = { detail: err.message, hint: err.hint };
    // One code per kind of slip, each spelt out (a code no stage names is an orphan to tests/unit/docs.test.ts).
    const byCode: Record<JsonErrorCode, () => Problem> = {
      "json-syntax": () => problem("json-syntax", said),
      "json-curly-quotes": () => problem("json-curly-quotes", said),
      "json-line-break-in-text": () => problem("json-line-break-in-text", said),
      "json-unescaped-quote": () => problem("json-unescaped-quote", said),
      "json-utf16": () => problem("json-utf16", said),
      "json-cut-off": () => problem("json-cut-off", said),
      "json-too-deep": () => problem("json-too-deep", said),
    };
    return { issues: [issueIn(file, byCode[err.code](), err.position.line, err.position.column)] };
  }
}

/** The parsed file made read-only, all the way down: a stage that changed it would change the next build's content too. */
function frozen(parsed: ParsedJson): ParsedJson {
  const freeze = (v: unknown): void => {
    if (v === null || typeof v !== "object" || Object.isFrozen(v)) return;
    Object.freeze(v);
    for (const x of Object.values(v)) freeze(x);
  };
  freeze(parsed.value);
  return Object.freeze(parsed);
}
