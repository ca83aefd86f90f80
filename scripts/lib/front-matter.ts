/**
 * Markdown files with a front matter block: simple `key: value` lines between two
 * `---` lines at the top. Values are text, or whole numbers when they are digits
 * only. Positions are kept so that problems point at the right line.
 */
import type { Located } from "./json.ts";

export class FrontMatterError extends Error {
  constructor(
    message: string,
    public readonly line: number,
    public readonly hint?: string,
  ) {
    super(message);
  }
}

export interface FrontMatterFile {
  /** The front matter fields, plus "body": the Markdown after the block. */
  data: Record<string, string | number>;
  /** JSON pointer ("/title", "/body", "") -> where it is in the file. */
  positions: Map<string, Located>;
}

export function parseFrontMatter(text: string): FrontMatterFile {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (lines[0]?.trim() !== "---")
    throw new FrontMatterError("The file must start with a front matter block: a line ---, then lines like title: …, then ---.", 1, "Add the block at the top, as in the other guides.");
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === "---");
  if (end < 0) throw new FrontMatterError("The front matter block is not closed.", 1, "Add a line --- after the last key: value line.");
  const data: Record<string, string | number> = {};
  const positions = new Map<string, Located>([["", { value: { line: 1, column: 1 } }]]);
  for (let i = 1; i < end; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    const m = /^([A-Za-z][A-Za-z0-9]*):\s*(.*?)\s*$/.exec(line);
    if (!m) throw new FrontMatterError(`This line is not "key: value".`, i + 1, "Write one field per line, for example level: Beginner.");
    const [, key, raw] = m as unknown as [string, string, string];
    if (key in data) throw new FrontMatterError(`"${key}" is given twice.`, i + 1, "Keep one of the two lines.");
    data[key] = /^\d+$/.test(raw) ? Number(raw) : raw;
    const valueAt = line.length - line.slice(line.indexOf(":") + 1).trimStart().length;
    positions.set(`/${key}`, { key: { line: i + 1, column: 1 }, value: { line: i + 1, column: valueAt + 1 } });
  }
  let bodyStart = end + 1;
  while (bodyStart < lines.length && lines[bodyStart]!.trim() === "") bodyStart++;
  data["body"] = lines.slice(bodyStart).join("\n").trim();
  positions.set("/body", { value: { line: Math.min(bodyStart + 1, lines.length), column: 1 } });
  return { data, positions };
}
