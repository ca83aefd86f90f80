/**
 * Random edits of a site's files, as editors make them, for the differential oracle
 * (tests/unit/oracle.test.ts): each edit is abstract (indices, words) and is resolved
 * against the files as they are when it is applied, so that any sequence applies to any
 * state of the project, shrinks well, and can be kept as JSON in the regression list.
 *
 * An edit may well make the content invalid (a text too long, a link that no longer
 * lands): the oracle then asks every path to fail the same way and leave its output alone.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";

export type Edit =
  /** A text field of site.json, a page, a collection or a guide's front matter: its last word replaced, or a word added. */
  | { op: "text"; area: "site" | "page" | "collection" | "guide"; file: number; leaf: number; word: string }
  /** A sentence added to a guide's body. */
  | { op: "body"; file: number; word: string }
  /** A photo's focal point set, changed or removed (the stylesheet has a class per point in use). */
  | { op: "focus"; at: number; value: string | null }
  /** An asset replaced by another's bytes under its own name (a photo, or an SVG). */
  | { op: "replace"; ext: "jpg" | "svg"; from: number; to: number }
  /** A page or guide made as a copy of another, under a new name. */
  | { op: "add"; area: "page" | "guide"; from: number; name: string }
  /** A page or guide the oracle added, deleted or renamed. */
  | { op: "remove"; at: number }
  | { op: "rename"; at: number; name: string }
  /** A file edited earlier put back as it was at the start (or deleted, when it was added). */
  | { op: "revert"; at: number }
  /** A schema's description changed (what a build is made with, not what it shows). */
  | { op: "schema"; word: string }
  /** A content file saved as it was (its time changes, its bytes do not). */
  | { op: "touch"; file: number };

const WORDS = ["Atrium", "quickly", "Zürich", "façade", "naïve", "résumé", "smarter", "lobby", "Ωmega", "tenants"];
const NAMES = ["alpha", "beta", "gamma", "delta"];
const FOCUS = ["top", "left", "bottom right", "30% 70%", "center", null];

export const editArb: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant("text" as const), area: fc.constantFrom("site" as const, "page" as const, "collection" as const, "guide" as const), file: fc.nat(40), leaf: fc.nat(200), word: fc.constantFrom(...WORDS) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("body" as const), file: fc.nat(10), word: fc.constantFrom(...WORDS) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("focus" as const), at: fc.nat(10), value: fc.constantFrom(...FOCUS) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("replace" as const), ext: fc.constantFrom("jpg" as const, "svg" as const), from: fc.nat(30), to: fc.nat(30) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("add" as const), area: fc.constantFrom("page" as const, "guide" as const), from: fc.nat(40), name: fc.constantFrom(...NAMES) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("remove" as const), at: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("rename" as const), at: fc.nat(5), name: fc.constantFrom(...NAMES) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("revert" as const), at: fc.nat(10) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("schema" as const), word: fc.constantFrom(...WORDS) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("touch" as const), file: fc.nat(60) }) },
);

/** Fields whose strings are words a reader sees (not addresses, names of icons or choices). */
const TEXT_KEY = /^(title|label|heading|description|text|tagline|content|subtitle|intro|summary|quote|eyebrow|caption|lead|note|name|role|brand|body)$/;

/** One file's change: its new bytes (null: deleted). */
export interface FileChange {
  file: string;
  bytes: Buffer | null;
}

/** What an edit does to the project: the files it writes or deletes (several for a rename), and what the edit touched. */
export interface Applied {
  changes: FileChange[];
  /** A short description for the failure message. */
  says: string;
}

const sorted = (dir: string, test: (name: string) => boolean): string[] =>
  existsSync(dir) ? (readdirSync(dir, { recursive: true }) as string[]).map((f) => f.split(path.sep).join("/")).filter(test).sort() : [];

function leaves(value: unknown, key: string, out: { set: (v: string) => void; value: string }[], parent?: Record<string, unknown> | unknown[], at?: string | number): void {
  if (typeof value === "string" && TEXT_KEY.test(key) && parent !== undefined && at !== undefined) {
    out.push({ value, set: (v) => ((parent as Record<string | number, unknown>)[at] = v) });
  } else if (Array.isArray(value)) value.forEach((v, i) => leaves(v, key, out, value, i));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) if (k !== "$schema") leaves(v, k, out, value as Record<string, unknown>, k);
}

/** The text with its last word replaced by `word` (or `word` added to a short text). */
function reword(text: string, word: string): string {
  const words = text.split(" ");
  if (words.length > 3) words[words.length - 1] = words.at(-1)!.match(/[.,!?]$/) ? `${word}${words.at(-1)!.slice(-1)}` : word;
  else words.push(word);
  const out = words.join(" ");
  return out === text ? `${text} ${word}` : out;
}

/** Photo objects ({ src: "assets/x.jpg", … }) in pages and collections, in order. */
function photoObjects(root: string): { file: string; data: unknown; object: Record<string, unknown> }[] {
  const out: { file: string; data: unknown; object: Record<string, unknown> }[] = [];
  for (const file of [...sorted(path.join(root, "content/pages"), (f) => f.endsWith(".json")).map((f) => `content/pages/${f}`), ...sorted(path.join(root, "content/collections"), (f) => f.endsWith(".json")).map((f) => `content/collections/${f}`)]) {
    const data = JSON.parse(readFileSync(path.join(root, file), "utf8")) as unknown;
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") {
        const o = v as Record<string, unknown>;
        if (typeof o["src"] === "string" && /\.(jpe?g|png|webp)$/.test(o["src"])) out.push({ file, data, object: o });
        Object.values(o).forEach(walk);
      }
    };
    walk(data);
  }
  return out;
}

const json = (data: unknown) => Buffer.from(`${JSON.stringify(data, null, 2)}\n`);

/**
 * A project under edit: applies edits to its files and remembers how each file was at the
 * start, and which pages and guides the oracle added.
 */
export class EditedProject {
  /** Each changed file's bytes at the start (null: it did not exist). */
  readonly original = new Map<string, Buffer | null>();
  /** Files the oracle added (pages, guides), in order. */
  readonly added: string[] = [];

  constructor(readonly root: string) {}

  private read(file: string): Buffer | null {
    const abs = path.join(this.root, file);
    return existsSync(abs) ? readFileSync(abs) : null;
  }

  /** What an edit would change, without changing anything (undefined: nothing to do in this state). */
  plan(edit: Edit): Applied | undefined {
    const root = this.root;
    switch (edit.op) {
      case "text": {
        const files =
          edit.area === "site"
            ? ["content/site.json"]
            : edit.area === "page"
              ? sorted(path.join(root, "content/pages"), (f) => f.endsWith(".json")).map((f) => `content/pages/${f}`)
              : edit.area === "collection"
                ? sorted(path.join(root, "content/collections"), (f) => f.endsWith(".json")).map((f) => `content/collections/${f}`)
                : sorted(path.join(root, "content/guides"), (f) => f.endsWith(".md")).map((f) => `content/guides/${f}`);
        if (!files.length) return undefined;
        const file = files[edit.file % files.length]!;
        const text = readFileSync(path.join(root, file), "utf8");
        if (edit.area === "guide") {
          const m = /^(title|description): (.*)$/gm;
          const found = [...text.matchAll(m)];
          if (!found.length) return undefined;
          const hit = found[edit.leaf % found.length]!;
          const next = text.slice(0, hit.index) + `${hit[1]}: ${reword(hit[2]!, edit.word)}` + text.slice(hit.index + hit[0].length);
          return { changes: [{ file, bytes: Buffer.from(next) }], says: `${file}: ${hit[1]} → "${reword(hit[2]!, edit.word)}"` };
        }
        const data = JSON.parse(text) as unknown;
        const found: { set: (v: string) => void; value: string }[] = [];
        leaves(data, "", found);
        if (!found.length) return undefined;
        const leaf = found[edit.leaf % found.length]!;
        leaf.set(reword(leaf.value, edit.word));
        return { changes: [{ file, bytes: json(data) }], says: `${file}: "${leaf.value}" → "${reword(leaf.value, edit.word)}"` };
      }
      case "body": {
        const files = sorted(path.join(root, "content/guides"), (f) => f.endsWith(".md")).map((f) => `content/guides/${f}`);
        if (!files.length) return undefined;
        const file = files[edit.file % files.length]!;
        const text = readFileSync(path.join(root, file), "utf8");
        const next = text.replace(/\n\n([A-Z])/, `\n\nA ${edit.word} sentence. $1`);
        return next === text ? undefined : { changes: [{ file, bytes: Buffer.from(next) }], says: `${file}: a sentence with "${edit.word}"` };
      }
      case "focus": {
        const photos = photoObjects(root);
        if (!photos.length) return undefined;
        const hit = photos[edit.at % photos.length]!;
        if (edit.value === null) delete hit.object["focus"];
        else hit.object["focus"] = edit.value;
        return { changes: [{ file: hit.file, bytes: json(hit.data) }], says: `${hit.file}: ${String(hit.object["src"])} focus ${JSON.stringify(edit.value)}` };
      }
      case "replace": {
        const files = sorted(path.join(root, "content/assets"), (f) => f.endsWith(`.${edit.ext}`) && !f.includes("/")).map((f) => `content/assets/${f}`);
        if (files.length < 2) return undefined;
        const from = files[edit.from % files.length]!;
        const to = files[edit.to % files.length]!;
        const bytes = readFileSync(path.join(root, from));
        return from === to || bytes.equals(readFileSync(path.join(root, to))) ? undefined : { changes: [{ file: to, bytes }], says: `${to} replaced by the bytes of ${from}` };
      }
      case "add": {
        const dir = edit.area === "page" ? "content/pages" : "content/guides";
        const ext = edit.area === "page" ? ".json" : ".md";
        const files = sorted(path.join(root, dir), (f) => f.endsWith(ext) && !f.includes("/") && f !== "404.json" && f !== "index.json");
        const file = `${dir}/oracle-${edit.name}${ext}`;
        if (!files.length || existsSync(path.join(root, file))) return undefined;
        const from = `${dir}/${files[edit.from % files.length]!}`;
        const text = readFileSync(path.join(root, from), "utf8");
        let bytes: Buffer;
        if (edit.area === "page") {
          const data = JSON.parse(text) as Record<string, unknown>;
          delete data["aliases"];
          data["title"] = `The ${edit.name} page the oracle added`;
          bytes = json(data);
        } else bytes = Buffer.from(text.replace(/^title: .*$/m, `title: The ${edit.name} guide the oracle added`));
        return { changes: [{ file, bytes }], says: `${file} added, a copy of ${from}` };
      }
      case "remove":
      case "rename": {
        const live = this.added.filter((f) => existsSync(path.join(root, f)));
        if (!live.length) return undefined;
        const file = live[edit.at % live.length]!;
        if (edit.op === "remove") return { changes: [{ file, bytes: null }], says: `${file} deleted` };
        const to = path.posix.join(path.posix.dirname(file), `oracle-${edit.name}-moved${path.posix.extname(file)}`);
        if (existsSync(path.join(root, to))) return undefined;
        return { changes: [{ file, bytes: null }, { file: to, bytes: readFileSync(path.join(root, file)) }], says: `${file} renamed ${to}` };
      }
      case "revert": {
        const changed = [...this.original.keys()].filter((f) => !sameBytes(this.read(f), this.original.get(f)!));
        if (!changed.length) return undefined;
        const file = changed[edit.at % changed.length]!;
        return { changes: [{ file, bytes: this.original.get(file)! }], says: `${file} put back as it was` };
      }
      case "touch": {
        const files = sorted(path.join(root, "content"), (f) => /\.(json|md)$/.test(f)).map((f) => `content/${f}`);
        const file = files[edit.file % files.length]!;
        return { changes: [{ file, bytes: readFileSync(path.join(root, file)) }], says: `${file} saved unchanged` };
      }
      case "schema": {
        const files = sorted(path.join(root, "schemas"), (f) => f.endsWith(".json"));
        const file = `schemas/${files[0]!}`;
        const text = readFileSync(path.join(root, file), "utf8");
        const next = text.replace(/"description": "/, `"description": "(${edit.word}) `);
        return next === text ? undefined : { changes: [{ file, bytes: Buffer.from(next) }], says: `${file}: a description` };
      }
    }
  }

  /** Makes the planned changes on disk (each file written whole, as an editor's save). */
  apply(applied: Applied): void {
    for (const { file, bytes } of applied.changes) {
      if (!this.original.has(file)) this.original.set(file, this.read(file));
      const abs = path.join(this.root, file);
      if (bytes === null) rmSync(abs, { force: true });
      else {
        mkdirSync(path.dirname(abs), { recursive: true });
        // Half the saves write a new file and rename it over the old one, as many editors do.
        if (bytes.length % 2) {
          writeFileSync(`${abs}.oracle-save`, bytes);
          renameSync(`${abs}.oracle-save`, abs);
        } else writeFileSync(abs, bytes);
        if (this.original.get(file) === null && /^content\/(pages|guides)\//.test(file) && !this.added.includes(file)) this.added.push(file);
      }
    }
  }
}

const sameBytes = (a: Buffer | null, b: Buffer | null) => (a === null || b === null ? a === b : a.equals(b));

