/**
 * The catalogue of content problems: every kind of problem a build or `npm run check`
 * reports has a stable code here (lowercase-kebab, named after the problem, not the
 * stage that finds it), a title, a severity, message and hint templates filled from
 * the occurrence, and the text of its chapter in ERRORS.md (scripts/docs.ts writes
 * that file from this one; `npm run check` fails while it is stale).
 *
 * Stages never write wording of their own: they call problem(code, params) and pin the
 * result to a place (issueAt in issues.ts). Codes are part of the interface (tests and
 * tools match on them, ERRORS.md#<code> links to them): rename one only with care.
 *
 * Three texts come from the parsers that find them, as parameters: JSON syntax errors
 * (scripts/lib/json.ts), front matter errors (scripts/lib/front-matter.ts) and the
 * reasons a link is unsafe (scripts/lib/url.ts). They are one code each (JSON: one per
 * kind of slip, json-*), with the parser's own sentence as the message.
 */

import { MAX_DEPTH } from "../lib/json.ts";

export type Severity = "error" | "warning";

/** What a stage gets from problem(): pinned to a place, it becomes an Issue. */
export interface Problem {
  code: Code;
  severity: Severity;
  message: string;
  hint?: string;
}

export const CATEGORIES = {
  files: "Files",
  fields: "Fields",
  references: "Records and images",
  text: "Text and Markdown",
  links: "Addresses and links",
  seo: "Search engines and share images",
  unused: "Unused content",
  output: "Templates and output",
  schemas: "Schemas (for developers)",
} as const;

interface Entry<P> {
  category: keyof typeof CATEGORIES;
  title: string;
  severity: Severity;
  /** For ERRORS.md: what happened and why it matters. */
  means: string;
  /** For ERRORS.md: what to do. */
  fix: string;
  message: (p: P) => string;
  hint?: (p: P) => string | undefined;
  /** For ERRORS.md: an occurrence, printed as the build prints it. */
  example: { file: string; line: number; column: number; pointer: string; params: P };
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type None = {};
const entry = <P = None>(e: Entry<P>): Entry<P> => e;

/** "a or b", "a, b or c". */
const either = (items: string[]) => (items.length > 2 ? `${items.slice(0, -1).join(", ")} or ${items.at(-1)}` : items.join(" or "));
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const didYouMean = (guess: string | undefined, quote = true) => (guess === undefined ? undefined : quote ? `Did you mean "${guess}"?` : `Did you mean ${guess}?`);

const PLACEHOLDER_HINT = "`npm run build -- --strict` fails while any address is a placeholder.";

export const CATALOGUE = {
  // ------------------------------------------------------------------ files
  "json-syntax": entry<{ detail: string; hint?: string }>({
    category: "files",
    title: "The file is not valid JSON",
    severity: "error",
    means:
      "A content file could not be read as JSON: a comma, quote or bracket is missing or extra, or the file uses something JSON does not allow (comments, single quotes, a comma after the last item). The message says what was found at the position given, which is where reading stopped; the mistake is there or just before it.",
    fix: "Correct the file at the given line and column. An editor that knows JSON (VS Code) underlines the same place.",
    message: (p) => p.detail,
    hint: (p) => p.hint,
    example: { file: "content/pages/plans.json", line: 5, column: 17, pointer: "", params: { detail: "There is a comma after the last field.", hint: "Remove the comma before the `}`." } },
  }),
  "json-curly-quotes": entry<{ detail: string; hint?: string }>({
    category: "files",
    title: "Curly quotes around a text or field name",
    severity: "error",
    means:
      "A text or field name in a JSON file opens or closes with a curly quote (“ ” ‘ ’) instead of the straight double quote (\"). JSON only knows the straight one, so it cannot tell where the text starts or ends. Word processors and some editors turn quotes curly as you type. Curly quotes inside a text are fine.",
    fix: 'Replace the curly quote at the given line and column (and its partner on the same line) with a straight double quote ("). Edit content files in a code editor such as VS Code.',
    message: (p) => p.detail,
    hint: (p) => p.hint,
    example: {
      file: "content/pages/pricing.json",
      line: 3,
      column: 12,
      pointer: "",
      params: {
        detail: 'Curly quotes are used around this text: “ at line 3, column 12 and ” at column 20. JSON needs straight double quotes (").',
        hint: 'Type a straight " instead. Curly quotes are fine inside a text, not around it; word processors make quotes curly as you type, so edit content files in a code editor such as VS Code.',
      },
    },
  }),
  "json-line-break-in-text": entry<{ detail: string; hint?: string }>({
    category: "files",
    title: "A text runs over a line break",
    severity: "error",
    means:
      "A text in a JSON file must start and end on the same line: JSON does not allow a line break inside the quotes. The position given is the text's opening quote; the message says on which line it goes on.",
    fix: "Join the lines into one. Where the text should break on the page, write \\n (\\n\\n for a new paragraph) instead of pressing Enter.",
    message: (p) => p.detail,
    hint: (p) => p.hint,
    example: {
      file: "content/pages/about/index.json",
      line: 12,
      column: 15,
      pointer: "",
      params: {
        detail: "This text runs over a line break: it starts at line 12 and goes on to line 13. A JSON text must be on one line.",
        hint: "Join the lines into one, or write \\n where the text should break (\\n\\n for a new paragraph).",
      },
    },
  }),
  "json-unescaped-quote": entry<{ detail: string; hint?: string }>({
    category: "files",
    title: "A double quote inside a text",
    severity: "error",
    means:
      'A text in a JSON file holds a straight double quote ("), and JSON takes it for the end of the text: what follows it on the line no longer makes sense. The position given is that quote.',
    fix: 'Write each double quote inside a text as \\" (a backslash, then the quote), or use curly quotes (“ ”) inside the text.',
    message: (p) => p.detail,
    hint: (p) => p.hint,
    example: {
      file: "content/pages/pricing.json",
      line: 3,
      column: 17,
      pointer: "",
      params: {
        detail: 'This text has a double quote (") inside it, before `best`, and JSON takes that quote for the end of the text.',
        hint: 'Write each quote inside a text as \\": "The \\"best\\" plan". Or use curly quotes (“ ”) inside the text.',
      },
    },
  }),
  "json-utf16": entry<{ detail: string; hint?: string }>({
    category: "files",
    title: "A JSON file saved as UTF-16",
    severity: "error",
    means:
      'Content files are read as UTF-8, the encoding of every file in the project. This one is saved in UTF-16 (some Windows programs call it "Unicode"), so read as UTF-8 every letter comes with an invisible extra character and none of it is JSON.',
    fix: 'Save the file again as UTF-8. In VS Code: click the encoding ("UTF-16 LE" or "UTF-16 BE") in the status bar at the bottom, choose "Save with Encoding", then "UTF-8".',
    message: (p) => p.detail,
    hint: (p) => p.hint,
    example: {
      file: "content/pages/pricing.json",
      line: 1,
      column: 1,
      pointer: "",
      params: {
        detail: "This file is saved in the UTF-16 encoding; content files must be saved as UTF-8.",
        hint: 'Save it again as UTF-8: in VS Code, click "UTF-16 LE" in the status bar at the bottom, choose "Save with Encoding", then "UTF-8".',
      },
    },
  }),
  "json-cut-off": entry<{ detail: string; hint?: string }>({
    category: "files",
    title: "A JSON file ends before it is complete",
    severity: "error",
    means:
      "The file ends while a `{` or `[` is still open: its end is missing, as when a save or a copy was interrupted, or the last `}` was deleted. The position given is where the file ends; the message names the bracket that is never closed.",
    fix: "Restore the end of the file from an earlier copy or version control. If only closing brackets are missing, add them at the end in the order the hint gives.",
    message: (p) => p.detail,
    hint: (p) => p.hint,
    example: {
      file: "content/pages/pricing.json",
      line: 41,
      column: 18,
      pointer: "",
      params: {
        detail: "The `[` opened at line 37, column 16 is never closed (nor the bracket around it): the file ends at line 41, column 18.",
        hint: "The file looks cut off: restore its end (an earlier copy or version control has it), or close what is open by adding `]`, `}` at the end, in that order.",
      },
    },
  }),
  "json-too-deep": entry<{ detail: string; hint?: string }>({
    category: "files",
    title: "Brackets nested too deep",
    severity: "error",
    means:
      `A content file may nest { } and [ ] at most ${MAX_DEPTH} levels deep. Real content needs far fewer (a page, its sections, their cards and buttons: well under 10), so deeper nesting is a paste or a generated file gone wrong. The build refuses it at once, rather than let a later step fail on it with a message that names no file.`,
    fix: "Look at the given place for brackets that were pasted or repeated by mistake, and remove them.",
    message: (p) => p.detail,
    hint: (p) => p.hint,
    example: {
      file: "content/pages/pricing.json",
      line: 4,
      column: MAX_DEPTH + 1,
      pointer: "",
      params: {
        detail: `This \`[\` opens level ${MAX_DEPTH + 1} of brackets: a content file may nest { } and [ ] at most ${MAX_DEPTH} levels deep.`,
        hint: "Content needs far fewer levels: look for brackets that were pasted or repeated by mistake.",
      },
    },
  }),
  "front-matter-syntax": entry<{ detail: string; hint?: string }>({
    category: "files",
    title: "A Markdown entry's front matter cannot be read",
    severity: "error",
    means:
      "A Markdown entry (content/<folder>/<name>.md, of a kind the site declares in templates/site.ts) starts with a front matter block: YAML between a line `---` and another `---`, one `key: value` line per field. The block is missing, not closed, or is not YAML, so the entry's title and other fields are unknown.",
    fix: "Write the block as in the other files of its folder: `---`, then `title: …`, `description: …` and the other fields one per line, then `---`; put a value that holds `: ` in double quotes.",
    message: (p) => p.detail,
    hint: (p) => p.hint,
    example: { file: "content/articles/getting-started.md", line: 1, column: 1, pointer: "", params: { detail: "The file must start with a front matter block: a line ---, then lines like title: …, then ---.", hint: "Add the block at the top, as in the other files of this folder." } },
  }),
  "missing-site": entry({
    category: "files",
    title: "content/site.json is missing",
    severity: "error",
    means: "Every site has a content/site.json: the header, the footer, the site's address and its settings. Without it no page can be built.",
    fix: "Restore content/site.json (from version control, or copy it from the starter site) and adapt it.",
    message: () => "content/site.json is missing: every site needs one for its header, footer and settings.",
    example: { file: "content/site.json", line: 1, column: 1, pointer: "", params: {} },
  }),
  // advice: what stages/load/load.ts finds most likely; name: the name to give the file (its own name for an image).
  "unknown-file": entry<{ folders: readonly string[] } & ({ advice: "page" | "collection" | "capitals" | "image"; name: string } | { advice: "markdown" | "elsewhere" })>({
    category: "files",
    title: "A file the build does not know what to do with",
    severity: "error",
    means:
      "Every file under content/ has a place: content/site.json, pages in content/pages/ (.json), shared records in content/collections/ (.json), the folders of the Markdown kinds the site declares (.md), and images in content/assets/. A file elsewhere, or with another extension, would be silently left out of the site, so it is reported instead. Files your computer or editor makes on its own (.DS_Store, Thumbs.db, desktop.ini, backups ending in ~, Vim's .swp files, Emacs' .# files, macOS' ._ files) are skipped without a word.",
    fix: "Follow the hint: rename the file (a text file where pages go, a name ending in .JSON), move it (an image outside content/assets/), or delete it.",
    message: (p) =>
      `The build does not know what to do with this file: pages go in content/pages/ (.json), shared records in content/collections/ (.json), ${p.folders.map((dir) => `${dir} in content/${dir}/ (.md), `).join("")}images in content/assets/.`,
    hint: (p) => {
      switch (p.advice) {
        case "page":
          return `Rename it to ${p.name} if it is a page, or delete it.`;
        case "collection":
          return `Rename it to ${p.name} if it holds a collection's records, or delete it.`;
        case "capitals":
          return `Rename it to ${p.name}: the build reads only names that end in lower-case .json or .md.`;
        case "image":
          return `Move it to content/assets/ and refer to it as "assets/${p.name}".`;
        case "markdown":
          return `Move it directly into ${either(p.folders.map((dir) => `content/${dir}/`))} (not a folder inside it), or delete it.`;
        case "elsewhere":
          return "Move it to the folder it belongs in, or delete it.";
      }
    },
    example: { file: "content/pages/notes.txt", line: 1, column: 1, pointer: "", params: { folders: ["guides"], advice: "page", name: "notes.json" } },
  }),
  // expected: the format the name says; found: what the first bytes say (stages/validate/asset-checks.ts: sniff).
  "misnamed-image": entry<{
    file: string;
    expected: "png" | "jpg" | "gif" | "webp" | "avif" | "svg";
    found: "png" | "jpg" | "gif" | "webp" | "avif" | "svg" | "heic" | "tiff" | "bmp" | "psd" | "pdf" | "zip" | "html" | "text" | "empty" | "unknown";
  }>({
    category: "files",
    title: "A file named as an image that is another kind of file",
    severity: "error",
    means:
      "The end of a file's name (.png, .jpg, .webp, .avif, .gif, .svg) says what kind of image it is, and the server announces that kind to browsers. The first bytes of this file say otherwise: it is another image format (browsers show most formats whatever the name says, but never an SVG under another name, and the name misleads the next person and tools that trust it), a format browsers do not show everywhere (HEIC photos from phones, TIFF, Photoshop files), or no image at all: a web page saved instead of the image, a text, an empty file.",
    fix: "Rename the file after the format it is (and the references to it), export it again as PNG, JPEG, WebP or SVG, or put the real image in its place.",
    message: (p) => {
      const image = { png: "a PNG image", jpg: "a JPEG image", gif: "a GIF image", webp: "a WebP image", avif: "an AVIF image", svg: "an SVG image" };
      const found = {
        ...Object.fromEntries(Object.entries(image).map(([k, v]) => [k, `it is ${v}`])),
        heic: "it is a HEIC photo (the format of iPhone photos), which most browsers do not show",
        tiff: "it is a TIFF image, which most browsers do not show",
        bmp: "it is a BMP image, many times larger than the same picture as a PNG",
        psd: "it is a Photoshop file, which browsers do not show",
        pdf: "it is a PDF document",
        zip: "it is a ZIP archive",
        html: "it holds text: a web page (HTML?), perhaps saved in place of the image",
        text: "it holds text",
        empty: "it is empty",
        unknown: "its first bytes are not those of any image format browsers show",
      } as Record<typeof p.found, string>;
      return `${p.file} is not ${image[p.expected]}: ${found[p.found]}.`;
    },
    hint: (p) => {
      const extension = { png: "png", jpg: "jpg", gif: "gif", webp: "webp", avif: "avif", svg: "svg" } as Record<string, string | undefined>;
      const renamed = `${p.file.slice(p.file.lastIndexOf("/") + 1, p.file.lastIndexOf("."))}.${extension[p.found]}`;
      if (extension[p.found]) return `Rename it to ${renamed}, and write "assets/${renamed}" where pages use it.`;
      if (["heic", "tiff", "bmp", "psd"].includes(p.found)) return "Export it as a JPEG or WebP (photos) or a PNG (screenshots, drawings), and put that file here.";
      return "Put the image itself here: save or export it again from where it came from.";
    },
    example: { file: "content/assets/hero-lobby.png", line: 1, column: 1, pointer: "", params: { file: "content/assets/hero-lobby.png", expected: "png", found: "html" } },
  }),
  "not-an-object": entry({
    category: "files",
    title: "The file does not hold a JSON object",
    severity: "error",
    means: "A content file is one JSON object, `{ … }`, whose fields the schema describes. This file holds a list, a text or a number instead.",
    fix: "Wrap the content in `{ }` with its fields, as in the other files of the folder.",
    message: () => "The file must hold one JSON object, starting with {.",
    example: { file: "content/pages/about.json", line: 1, column: 1, pointer: "", params: {} },
  }),
  "unknown-collection": entry<{ name: string; guess?: string; known: string[] }>({
    category: "files",
    title: "A collection file named after no collection",
    severity: "error",
    means: "Each file in content/collections/ is named after its collection (testimonials.json, plans.json), and the name chooses the schema its records are checked against. No schema in schemas/collections/ has this name.",
    fix: "Rename the file after one of the known collections (often a typo), or add a schema for the new collection in schemas/collections/.",
    message: (p) => `There is no collection called "${p.name}".`,
    hint: (p) => (p.guess ? `Did you mean to name the file ${p.guess}.json?` : `Known collections: ${p.known.join(", ")}.`),
    example: { file: "content/collections/testimonial.json", line: 1, column: 1, pointer: "", params: { name: "testimonial", guess: "testimonials", known: [] } },
  }),
  "missing-schema-line": entry<{ expected: string }>({
    category: "files",
    title: 'The file has no "$schema" line',
    severity: "error",
    means: 'A JSON content file starts with a "$schema" field that names its schema, so that editors check the file while it is typed. This file has none.',
    fix: 'Add the "$schema" line given in the hint as the first field.',
    message: () => 'The file must start with a "$schema" line.',
    hint: (p) => `Add "$schema": "${p.expected}" as the first line inside the {.`,
    example: { file: "content/pages/about.json", line: 1, column: 1, pointer: "/$schema", params: { expected: "../../schemas/page.schema.json" } },
  }),
  "wrong-schema-line": entry<{ expected: string }>({
    category: "files",
    title: 'The "$schema" line names the wrong schema',
    severity: "error",
    means: 'The "$schema" field names a schema other than the one the build checks this file against, so an editor would check it against the wrong rules (or none). The right value depends on the folder the file is in.',
    fix: 'Replace the value with the one given in the hint.',
    message: (p) => `"$schema" should be "${p.expected}" for this file.`,
    hint: (p) => `Replace it with "${p.expected}".`,
    example: { file: "content/pages/about.json", line: 2, column: 14, pointer: "/$schema", params: { expected: "../../schemas/page.schema.json" } },
  }),
  "schema-line-not-first": entry({
    category: "files",
    title: '"$schema" is not the first field',
    severity: "error",
    means: 'The "$schema" field is there and right, but not first. It goes first so that anyone opening the file sees what it is.',
    fix: 'Move the "$schema" line to the top, right after the `{`.',
    message: () => '"$schema" must be the first field of the file.',
    hint: () => "Move it to the top, right after the {.",
    example: { file: "content/pages/about.json", line: 4, column: 3, pointer: "/$schema", params: {} },
  }),
  "file-name-not-an-address": entry<{ name: string; extension: "json" | "md"; example: string }>({
    category: "files",
    title: "A page's file name cannot become an address",
    severity: "error",
    means: "A page's address comes from its file name (content/pages/about-us.json is /about-us, a Markdown entry is at the address its kind gives it). Capitals, spaces and other characters make addresses that break or differ between servers.",
    fix: "Rename the file with lower-case letters, digits and dashes only.",
    message: (p) => `The file name "${p.name}.${p.extension}" cannot become an address.`,
    hint: (p) => `Use lower-case letters, digits and dashes only, for example ${p.example}.`,
    example: { file: "content/pages/about us.json", line: 1, column: 1, pointer: "", params: { name: "about us", extension: "json", example: "about-us.json" } },
  }),

  // ------------------------------------------------------------------ fields (schemas/)
  "missing-field": entry<{ field: string; kind: string; example?: string; description?: string }>({
    category: "fields",
    title: "A required field is missing",
    severity: "error",
    means: "The schema of this block requires the field (SECTIONS.md marks it *yes*): the page would be incomplete, or a template would have nothing to show, without it. The position is that of the block the field is missing from.",
    fix: "Add the field, with a value like the example in the hint. SECTIONS.md lists every field of every section type and collection.",
    message: (p) => `The required field "${p.field}" is missing from this ${p.kind}.`,
    hint: (p) => (p.example ? `Add "${p.field}": ${p.example}${p.description ? ` (${p.description})` : ""}` : undefined),
    example: {
      file: "content/pages/index.json",
      line: 6,
      column: 5,
      pointer: "/sections/0/heading",
      params: { field: "heading", kind: "hero section", example: '"Do Less Admin. Grow Your Portfolio."', description: "The headline: the page's main title (its only h1)" },
    },
  }),
  "unknown-field": entry<{ field: string; kind: string; guess?: string; allowed: string[] }>({
    category: "fields",
    title: "A field the block does not have",
    severity: "error",
    means: "The field is not part of this block's schema, so no template reads it: its value would silently not appear. Most often the name is misspelt, or the field belongs to another section type.",
    fix: "Correct the name (the hint suggests the closest one), or remove the field.",
    message: (p) => `"${p.field}" is not a field of a ${p.kind}.`,
    hint: (p) => didYouMean(p.guess) ?? `Allowed fields: ${p.allowed.join(", ")}.`,
    example: { file: "content/pages/plans.json", line: 4, column: 3, pointer: "/descripton", params: { field: "descripton", kind: "page", guess: "description", allowed: [] } },
  }),
  "wrong-type": entry<{ expected: string; found: string; example?: string }>({
    category: "fields",
    title: "A value of the wrong kind",
    severity: "error",
    means: "The field takes another kind of value: text where a number is written, a single value where a list is expected, and so on. A template could not use it.",
    fix: "Write the value in the expected form: text in double quotes, numbers without quotes, lists in [ ].",
    message: (p) => `Expected ${p.expected} but found ${p.found}.`,
    hint: (p) => (p.example ? `For example: ${p.example}` : undefined),
    example: { file: "content/collections/plans.json", line: 18, column: 45, pointer: "/items/1/prices/residential/small", params: { expected: "a whole number", found: 'the text "49"', example: "49" } },
  }),
  "value-not-allowed": entry<{ found: string; guess?: string; allowed: string[] }>({
    category: "fields",
    title: "A value that is not one of the allowed values",
    severity: "error",
    means: "The field takes one of a fixed list of values (an icon name, a colour, a level), each of which the templates know how to show.",
    fix: "Use one of the allowed values listed in the hint (SECTIONS.md lists them too).",
    message: (p) => `${capital(p.found)} is not one of the allowed values.`,
    hint: (p) => {
      const list = p.allowed.length <= 12 ? `Allowed values: ${p.allowed.join(", ")}.` : undefined;
      return p.guess ? `Did you mean "${p.guess}"? ${list ?? ""}`.trim() : list;
    },
    example: { file: "content/collections/products.json", line: 4, column: 88, pointer: "/items/0/icon", params: { found: 'the text "buildings"', guess: "building", allowed: [] } },
  }),
  "wrong-fixed-value": entry<{ expected: string; found: string; description?: string }>({
    category: "fields",
    title: "A field that must have one exact value",
    severity: "error",
    means: "The schema fixes this field to a single value where another field requires it (\"overviewAvailable\": true only applies to a feature marked \"comingSoon\": true). The hint repeats the field's description, which gives the reason.",
    fix: "Write the value given in the message, or change the field that requires it.",
    message: (p) => `Expected ${p.expected} but found ${p.found}.`,
    hint: (p) => p.description,
    example: {
      file: "content/collections/features.json",
      line: 160,
      column: 29,
      pointer: "/items/3/groups/1/items/1/comingSoon",
      params: { expected: "true", found: "boolean false", description: '"overviewAvailable": true only applies to a feature marked "comingSoon": true. Set "comingSoon": true, or remove "overviewAvailable".' },
    },
  }),
  "missing-section-type": entry<{ types: string[] }>({
    category: "fields",
    title: 'A section without "type"',
    severity: "error",
    means: 'Each item of a page\'s "sections" list says which kind of block it is with "type"; the type chooses its fields and its template.',
    fix: 'Add "type" with one of the section types (SECTIONS.md describes each).',
    message: () => 'This section has no "type".',
    hint: (p) => `Add "type" with one of: ${p.types.join(", ")}.`,
    example: { file: "content/pages/about.json", line: 6, column: 5, pointer: "/sections/0", params: { types: ["cardGrid", "cta", "hero", "intro", "notFound", "split", "steps", "testimonials"] } },
  }),
  "unknown-section-type": entry<{ type: string; guess?: string; types: string[] }>({
    category: "fields",
    title: "Unknown section type",
    severity: "error",
    means: 'A section\'s "type" names no section type of schemas/sections/, so there is no template to draw it and no schema to check its fields. Usually a typo.',
    fix: "Correct the type (the hint suggests the closest one). SECTIONS.md lists every section type with its fields.",
    message: (p) => `Unknown section type "${p.type}".`,
    hint: (p) => didYouMean(p.guess) ?? `Section types: ${p.types.join(", ")}.`,
    example: { file: "content/pages/index.json", line: 23, column: 15, pointer: "/sections/1/type", params: { type: "hreo", guess: "hero", types: [] } },
  }),
  "empty-text": entry<{ rule?: string }>({
    category: "fields",
    title: "An empty text",
    severity: "error",
    means: "The field is there but its text is empty (\"\"): the page would show an empty heading, button or label, or an image no screen reader can describe.",
    fix: "Write the text, or remove the field if it is optional.",
    message: () => "This text must not be empty.",
    hint: (p) => (p.rule ? `${p.rule.replace(/\.$/, "")}.` : undefined),
    example: { file: "content/pages/about.json", line: 6, column: 38, pointer: "/sections/0/heading", params: {} },
  }),
  "text-too-short": entry<{ min: number; length: number }>({
    category: "fields",
    title: "A text that is too short",
    severity: "error",
    means: "The field needs a minimum length to do its job: a page description under 50 characters says too little in search results, for example.",
    fix: "Write a longer text.",
    message: (p) => `This text must be at least ${p.min} characters long; it has ${p.length}.`,
    example: { file: "content/pages/about.json", line: 4, column: 18, pointer: "/description", params: { min: 50, length: 10 } },
  }),
  "text-too-long": entry<{ max: number; length: number }>({
    category: "fields",
    title: "A text that is too long",
    severity: "error",
    means: "The field has a maximum length: beyond it the text is cut off in search results, or breaks the layout of its block.",
    fix: "Shorten the text.",
    message: (p) => `This text must be at most ${p.max} characters long; it has ${p.length}.`,
    hint: () => "Shorten it.",
    example: { file: "content/pages/about.json", line: 3, column: 12, pointer: "/title", params: { max: 70, length: 90 } },
  }),
  "too-few-items": entry<{ min: number; count: number }>({
    category: "fields",
    title: "A list with too few items",
    severity: "error",
    means: "The list needs a minimum number of items for its block to make sense (a carousel of one slide, a table with no row).",
    fix: "Add items to the list.",
    message: (p) => `This list needs at least ${p.min} item${p.min === 1 ? "" : "s"} but has ${p.count === 0 ? "none" : p.count}.`,
    example: { file: "content/pages/about.json", line: 5, column: 15, pointer: "/sections", params: { min: 1, count: 0 } },
  }),
  "too-many-items": entry<{ max: number; count: number }>({
    category: "fields",
    title: "A list with too many items",
    severity: "error",
    means: "The list has a maximum number of items: its block is laid out for at most that many.",
    fix: "Remove the extra items.",
    message: (p) => `This list may hold at most ${p.max} items but has ${p.count}.`,
    hint: () => "Remove the extra items.",
    example: { file: "content/pages/index.json", line: 30, column: 20, pointer: "/sections/2/items", params: { max: 6, count: 7 } },
  }),
  "duplicate-items": entry<{ first: number; second: number }>({
    category: "fields",
    title: "The same item twice in a list",
    severity: "error",
    means: "The list may hold each value once (a record id, an address): a repeated one would show the same thing twice.",
    fix: "Remove one of the two items (counted from 0).",
    message: (p) => `Items ${p.first} and ${p.second} of this list are the same; each may appear once.`,
    hint: () => "Remove one of them.",
    example: { file: "content/pages/index.json", line: 40, column: 18, pointer: "/sections/3/testimonials", params: { first: 0, second: 2 } },
  }),
  "malformed-text": entry<{ found: string; rule?: string; description?: string; example?: string; fix?: TextFix }>({
    category: "fields",
    title: "A text that breaks its field's rule",
    severity: "error",
    means:
      "The field takes text of a particular form: an id of lower-case letters, digits and dashes, an address starting with https://, an image's file name in lower case, a label with {n} in it. The message says the field's rule in plain words. Where the build can work out the corrected value (the same words in lower case with dashes, the address without its leading /, the part of the text that fits), the hint gives it.",
    fix: "Write the value the hint suggests, or rewrite it by the rule in the message. SECTIONS.md describes every field.",
    message: (p) =>
      p.rule ? `${capital(p.found)} is not allowed here: this field takes ${p.rule}.` : `${capital(p.found)} is not in the expected form.${p.description ? ` ${p.description}` : ""}`,
    hint: (p) => fixHint(p.fix) ?? (p.example ? `For example: ${p.example}` : undefined),
    example: {
      file: "content/pages/about.json",
      line: 6,
      column: 5,
      pointer: "/aliases/0",
      params: { found: 'the text "/About-Us"', rule: "an address starting with /, in lower-case letters, digits and dashes, without a / at the end", fix: { kind: "rewrite", value: "/about-us" } },
    },
  }),
  "invalid-format": entry<{ found: string; format: string; fix?: TextFix }>({
    category: "fields",
    title: "Not a valid e-mail address, date or address",
    severity: "error",
    means: "The field takes a value in a standard format (an e-mail address, a date, a URL) and this value is not one.",
    fix: "Correct the value.",
    message: (p) => `${capital(p.found)} is not a valid ${p.format}.`,
    hint: (p) => fixHint(p.fix),
    example: { file: "content/site.json", line: 6, column: 19, pointer: "/contactEmail", params: { found: 'the text "hello@example.com "', format: "e-mail address", fix: { kind: "trim", value: "hello@example.com" } } },
  }),
  "missing-one-of": entry<{ options: string[] }>({
    category: "fields",
    title: "None of the fields one of which is needed",
    severity: "error",
    means: 'The block needs one field out of several (a button goes to a page with "href" or opens a dialog with "action"), and has none of them.',
    fix: "Add one of the fields named.",
    message: (p) => `This needs ${either(p.options)}.`,
    hint: (p) => `Add ${either(p.options)}.`,
    example: { file: "content/pages/index.json", line: 6, column: 73, pointer: "/sections/0/actions/0", params: { options: ['"href"', '"to"', '"opens"', '"menu"'] } },
  }),
  "no-matching-form": entry({
    category: "fields",
    title: "A value that matches none of the allowed forms",
    severity: "error",
    means: "The field can take several forms, and the value matches none of them.",
    fix: "Compare the value with the field's description in SECTIONS.md.",
    message: () => "This does not match any of the allowed forms.",
    example: { file: "content/pages/index.json", line: 6, column: 73, pointer: "/sections/0/media", params: {} },
  }),
  "number-out-of-range": entry<{ bound: "at least" | "at most"; limit: string; found: string }>({
    category: "fields",
    title: "A number out of range",
    severity: "error",
    means: "The number is below the smallest or above the largest value the field allows (a negative price, a rating of 6 out of 5, a percentage over 100).",
    fix: "Correct the number.",
    message: (p) => `The number must be ${p.bound} ${p.limit}; found ${p.found}.`,
    example: { file: "content/collections/testimonials.json", line: 10, column: 17, pointer: "/items/0/rating", params: { bound: "at most", limit: "5", found: "6" } },
  }),
  "schema-rule": entry<{ detail: string }>({
    category: "fields",
    title: "A value that breaks another rule of its schema",
    severity: "error",
    means: "The value breaks a rule of its schema that has no message of its own here; the message is the validator's.",
    fix: "Read the field's description in SECTIONS.md or its schema in schemas/, and correct the value.",
    message: (p) => p.detail,
    example: { file: "content/pages/index.json", line: 6, column: 20, pointer: "/sections/0", params: { detail: "must be multiple of 2" } },
  }),

  "embed-code-in-address": entry<{ tag: string; rule?: string; address?: string }>({
    category: "fields",
    title: "An embed code where only an address goes",
    severity: "error",
    means:
      "Video sites, calendars and maps offer an embed code to copy, a piece of HTML such as `<iframe src=\"https://…\">`. The field takes only the address, and the site builds the rest itself; HTML pasted here would not work.",
    fix: "Copy only the address: the part between the quotes after src= in the embed code (the hint gives it when the build can find it), or the plain link the site offers to share.",
    message: (p) => `This is an embed code or other HTML (<${p.tag} …>), but this field takes ${p.rule ?? "only an address"}.`,
    hint: (p) => (p.address ? `Paste only the address, not the embed code: ${JSON.stringify(p.address)}.` : "Paste only the address, not the embed code."),
    example: { file: "content/site.json", line: 50, column: 17, pointer: "/links/calendar", params: { tag: "iframe", rule: "an address starting with https://", address: "https://calendar.example.com/building-os/demo" } },
  }),
  // ------------------------------------------------------------------ records and images
  "duplicate-id": entry<{ id: string }>({
    category: "references",
    title: "Two records with the same id",
    severity: "error",
    means: "Pages refer to a collection's records by id, so each id names one record: with two, a page could not say which it means.",
    fix: "Give each record its own id (and update the pages that refer to the one you rename).",
    message: (p) => `The id "${p.id}" is used by two records of this collection.`,
    hint: () => "Give each record its own id.",
    example: { file: "content/collections/products.json", line: 5, column: 13, pointer: "/items/1/id", params: { id: "kore" } },
  }),
  "missing-record": entry<{ id: string; collection: string; guess?: string; known: string[]; folder?: string; byTitle?: boolean }>({
    category: "references",
    title: "A reference to a record that does not exist",
    severity: "error",
    means: "A section lists a record of a collection by its id (a testimonial, a plan, a Markdown entry), and the collection has no record with that id, so there is nothing to show.",
    fix: "Correct the id (the hint suggests the closest), or add the record to the collection.",
    // A Markdown kind's records are the files of its folder (folder: "content/notes/").
    message: (p) =>
      p.folder ? `There is no entry "${p.id}" in ${p.folder}: entries are listed by their file name, without .md.` : `There is no record "${p.id}" in content/collections/${p.collection}.json.`,
    hint: (p) =>
      (p.byTitle && p.guess ? `That is the title of ${p.folder ?? ""}${p.guess}.md: write "${p.guess}".` : didYouMean(p.guess)) ?? (p.known.length ? `Known ids: ${p.known.join(", ")}.` : undefined),
    example: { file: "content/pages/index.json", line: 11, column: 9, pointer: "/sections/0/plans/1", params: { id: "flo", collection: "plans", guess: "flow", known: [] } },
  }),
  "missing-image": entry<{ image: string; guess?: string }>({
    category: "references",
    title: "An image that does not exist",
    severity: "error",
    means: "A field names an image file that is not in content/assets/: the page would show a broken image.",
    fix: "Put the file in content/assets/, or correct the name (the hint suggests the closest).",
    message: (p) => `The image "${p.image}" does not exist in content/.`,
    hint: (p) => didYouMean(p.guess) ?? "Put the file in content/assets/ and write its name as assets/<file name>.",
    example: { file: "content/pages/index.json", line: 6, column: 78, pointer: "/sections/0/images/0/src", params: { image: "assets/hero-skyline.png", guess: "assets/hero-skyline.svg" } },
  }),
  "unreadable-image-size": entry<{ image: string }>({
    category: "references",
    title: "An image whose size cannot be read",
    severity: "error",
    means: "Pages give each image its width and height, so that the page does not jump while the image loads. The size of this file cannot be read: it is not an SVG with a viewBox, a PNG, a JPEG or a WebP image, or it is damaged.",
    fix: "Save the image as an SVG with a viewBox, or as PNG, JPEG or WebP.",
    message: (p) => `The size of "${p.image}" cannot be read, so the page would jump while it loads.`,
    hint: () => "Use an SVG with a viewBox, or a PNG, JPEG or WebP file.",
    example: { file: "content/pages/index.json", line: 8, column: 16, pointer: "/sections/0/image/src", params: { image: "assets/hero.gif" } },
  }),

  "damaged-photo": entry<{ image: string; detail: string }>({
    category: "references",
    title: "A photo that cannot be decoded",
    severity: "error",
    means:
      "The build makes smaller copies of every photo a page shows (AVIF, WebP and the original's format, at the widths screens need), and for that it decodes the photo. This file starts like the image its name says but cannot be decoded: it is damaged or cut short, often a copy or upload that did not finish.",
    fix: "Export or copy the photo again from the original, and check that it opens in an image viewer.",
    message: (p) => `The photo "${p.image}" cannot be decoded (${p.detail.replace(/\.$/, "")}).`,
    hint: () => "Export or copy it again from the original, and check that it opens in an image viewer.",
    example: { file: "content/pages/index.json", line: 8, column: 16, pointer: "/sections/0/images/0/src", params: { image: "assets/lobby.jpg", detail: "VipsJpeg: premature end of JPEG file" } },
  }),

  "soft-photo": entry<{ image: string; width: number; slot: number; pages: string[] }>({
    category: "references",
    title: "A photo narrower than the space it fills",
    severity: "warning",
    means:
      "Each template says how wide its image can be shown (a full-width hero fills the whole screen, up to 1,920 pixels here). A photo narrower than that is stretched by the browser on wide screens and looks soft or blurred. The build publishes it anyway.",
    fix: "Use a larger photo, at least as wide as the message says (a photo from a phone or camera, or an export at full size), or use the photo in a smaller place.",
    message: (p) =>
      `The photo "${p.image}" is ${p.width.toLocaleString("en")} px wide, but ${p.pages.length > 1 ? `${p.pages.slice(0, -1).join(", ")} and ${p.pages.at(-1)} show` : `${p.pages[0]} shows`} it up to ${p.slot.toLocaleString("en")} px wide: it will look soft on wide screens.`,
    hint: (p) => `Use a photo at least ${p.slot.toLocaleString("en")} px wide.`,
    example: { file: "content/pages/index.json", line: 8, column: 16, pointer: "/sections/0/images/0/src", params: { image: "assets/lobby.jpg", width: 1200, slot: 1920, pages: ["/"] } },
  }),

  "unsafe-svg": entry<{ found: "script" | "handler" | "javascript" | "foreign-object" | "html" | "external" | "external-use" | "stylesheet" | "entity"; detail?: string }>({
    category: "references",
    title: "An SVG image that runs scripts or loads other files",
    severity: "error",
    means:
      "Files in content/assets/ are published as they are. In a page, an SVG is shown as a picture: its scripts do not run and it loads nothing. But anyone can open its address on its own, and then it is a document of the site: a script in it (a <script>, an on…= attribute, a javascript: address, HTML inside a <foreignObject>) runs as if the site had written it (only a host that sends the site's Content-Security-Policy with the file stops it), and references to files on other sites (href, url(…), @import, <?xml-stylesheet?>, <use> of another file) tell those sites who opened it. An image needs none of these. The build refuses such an SVG rather than cleaning it: a cleaned file is silently not the file you drew, and a cleaner can miss a trick it does not know, while a refusal is checked in full and leaves the fix to you. Entity declarations (<!ENTITY> in a DOCTYPE) are refused too, because a browser expands them and they could hide any of the above from this check.",
    fix: "Remove what the message names (the line and column are in the SVG file), or export the SVG again from your drawing program without scripts, interactivity or linked files.",
    message: (p) =>
      ({
        script: "This SVG holds a <script> element, which runs on the site's address when the image is opened on its own.",
        handler: `This SVG holds an event handler attribute (${p.detail}), which runs script when the image is opened on its own.`,
        javascript: `This SVG holds a javascript: address (in ${p.detail}), which runs script when it is followed.`,
        "foreign-object": "This SVG holds a <foreignObject> element: HTML inside the image, which can hold scripts and forms.",
        html: `This SVG holds HTML elements (${p.detail}="http://www.w3.org/1999/xhtml"), which can hold scripts and forms.`,
        external: `This SVG loads a file from another site (${p.detail}) when the image is opened on its own.`,
        "external-use": `This SVG shows another file (${p.detail}) with <use>; the files of content/assets/ are published under new names, and an image must hold all it shows.`,
        stylesheet: "This SVG holds a stylesheet instruction (<?xml-stylesheet?>), which loads and applies another file.",
        entity: `This SVG declares an entity (<!ENTITY ${p.detail}>), which a browser expands: it could hide markup from this check.`,
      })[p.found],
    hint: (p) => {
      switch (p.found) {
        case "script":
        case "handler":
        case "javascript":
          return "Remove the script (the element, the attribute or the javascript: address), or export the SVG again without scripts or interactivity. Behaviour belongs in the site's templates, not in images.";
        case "foreign-object":
        case "html":
          return "Remove the HTML, or export the SVG again with its text as SVG text or outlines (some diagram tools put text labels in <foreignObject>).";
        case "entity":
          return "Export the SVG again without a DOCTYPE, or write out each &name; where it is used and delete the declarations.";
        default:
          return "Put what it refers to inside the SVG (embed the image, copy the shape, turn text into outlines), or remove the reference.";
      }
    },
    example: { file: "content/assets/hero-lobby.svg", line: 12, column: 3, pointer: "", params: { found: "script" } },
  }),
  "large-image": entry<{ bytes?: number; width?: number; height?: number; usedIn: string[]; templates: boolean }>({
    category: "references",
    title: "An image heavier or larger than a page needs",
    severity: "warning",
    means:
      "Every visitor downloads the images of the pages they open. Above 1 MB (1,000,000 bytes) an image costs almost a second on a 10 Mbit/s connection, and it is many times the rest of a page: the site's budgets are 30 KB of HTML, 12 KB of CSS and 12 KB of JavaScript. Above 4,000 pixels on its longer side it is wider than the widest screens show (a 4K screen is 3,840 pixels wide). The build resizes the photos that content shows (PNG, JPEG, WebP, AVIF), so this applies to files published as they are: SVG drawings, and photos the templates name.",
    fix: "Make the file smaller: simplify the drawing (or save it as a photo, which the build resizes), or resize a photo the templates use (3,840 pixels on the longer side at most).",
    message: (p) =>
      `This image is ${[p.width && p.height ? `${p.width.toLocaleString("en")} × ${p.height.toLocaleString("en")} px` : "", p.bytes ? `${(Math.ceil(p.bytes / 1e5) / 10).toFixed(1)} MB` : ""].filter(Boolean).join(" and ")}; an image on a page should be at most 1 MB and 4,000 px on its longer side. ${
        p.usedIn.length || p.templates ? `It is used ${[...(p.usedIn.length ? [`in ${p.usedIn.length > 1 ? `${p.usedIn.slice(0, -1).join(", ")} and ${p.usedIn.at(-1)}` : p.usedIn[0]}`] : []), ...(p.templates ? ["by the site's templates"] : [])].join(" and ")}.` : "No page uses it yet."
      }`,
    hint: () => "Resize it (3,840 px on the longer side at most) and save photos as JPEG or WebP, which are far smaller than PNG for photos.",
    example: { file: "content/assets/lobby-evening.jpg", line: 1, column: 1, pointer: "", params: { bytes: 3_400_000, width: 6000, height: 4000, usedIn: ["content/pages/index.json"], templates: false } },
  }),
  "image-too-large": entry<{ bytes?: number; width?: number; height?: number }>({
    category: "references",
    title: "An image far too large to publish",
    severity: "error",
    means:
      "An image above 20 MB or 12,000 pixels on its longer side is an original meant for print or editing, never a web image: 20 MB takes 16 seconds on a 10 Mbit/s connection, and a browser decodes an image into 4 bytes a pixel, so a 12,000 × 8,000 photo takes 384 MB of memory, more than a phone's browser may be able to give a page. Publishing it would be a mistake whatever the page, so the build stops.",
    fix: "Resize the image (3,840 pixels on the longer side at most) and save it as JPEG or WebP, then put that file in its place.",
    message: (p) => `This image is ${[p.width && p.height ? `${p.width.toLocaleString("en")} × ${p.height.toLocaleString("en")} px` : "", p.bytes ? `${(Math.ceil(p.bytes / 1e5) / 10).toFixed(1)} MB` : ""].filter(Boolean).join(" and ")}: above 20 MB or 12,000 px on its longer side, it is an original for print or editing, not an image for a web page.`,
    hint: () => "Resize it (3,840 px on the longer side at most) and save it as JPEG or WebP.",
    example: { file: "content/assets/site-plan.png", line: 1, column: 1, pointer: "", params: { bytes: 48_200_000, width: 14_000, height: 9_000 } },
  }),

  // ------------------------------------------------------------------ text and Markdown
  "html-in-text": entry<{ found: string }>({
    category: "text",
    title: "HTML in a text field",
    severity: "error",
    means: "Text fields are Markdown, and HTML in them is not allowed: it could break the page's layout, or run script on it.",
    fix: "Write the formatting in Markdown: **bold**, *italic*, [link text](/page).",
    message: (p) => `HTML is not allowed in text fields (found ${p.found}).`,
    hint: () => "Use Markdown instead: **bold**, *italic*, [link text](/page).",
    example: { file: "content/pages/about.json", line: 6, column: 52, pointer: "/sections/0/text", params: { found: '"<b onclick=\\"x()\\">"' } },
  }),
  "image-in-text": entry({
    category: "text",
    title: "An image inside text",
    severity: "error",
    means: "Markdown images (![alt](src)) are not allowed in text fields: images go in the fields made for them, which know their size and alternative text.",
    fix: "Use the section's image field instead.",
    message: () => "Images cannot be placed inside text.",
    hint: () => "Use the section's image field instead.",
    example: { file: "content/pages/about.json", line: 12, column: 17, pointer: "/sections/1/text", params: {} },
  }),
  "reference-link": entry({
    category: "text",
    title: "A reference-style Markdown link",
    severity: "error",
    means: "Reference-style links ([text][ref] with the address elsewhere) are not supported, so that every link's address can be checked where it is written.",
    fix: "Write the link as [text](address).",
    message: () => "Reference-style links ([text][ref]) are not supported.",
    hint: () => "Write the link as [text](address).",
    example: { file: "content/pages/about.json", line: 12, column: 17, pointer: "/sections/1/text", params: {} },
  }),
  "unsupported-markdown": entry<{ kind: string }>({
    category: "text",
    title: "Markdown that is not supported here",
    severity: "error",
    means: "The text uses a kind of Markdown (a table, footnote and so on) that the templates do not draw.",
    fix: "Rewrite the text with paragraphs, headings, lists, links, emphasis and code only.",
    message: (p) => `This kind of Markdown (${p.kind}) is not supported here.`,
    example: { file: "content/pages/about.json", line: 12, column: 17, pointer: "/sections/1/text", params: { kind: "table" } },
  }),
  "block-in-one-line-field": entry({
    category: "text",
    title: "Several lines in a one-line text field",
    severity: "error",
    means: "The field is shown on one line (a heading, a button): headings, lists and several paragraphs cannot appear in it.",
    fix: "Remove the empty lines, list markers (-, 1.) or # at the start of a line.",
    message: () => "This field takes a single line of text; headings, lists and several paragraphs are not allowed here.",
    hint: () => "Remove the empty lines, list markers (-, 1.) or # at the start of a line.",
    example: { file: "content/pages/about.json", line: 6, column: 38, pointer: "/sections/0/heading", params: {} },
  }),
  "h1-in-markdown": entry<{ kind: string }>({
    category: "text",
    title: "A # heading in a Markdown entry",
    severity: "error",
    means: "For a kind whose rules say noH1 (templates/site.ts), an entry's title is its page's only top-level heading; a # heading in the text would be a second one, which confuses search engines and screen readers.",
    fix: "Start the sections with ## (and sub-sections with ###).",
    message: (p) => `A ${p.kind}'s text may not have a # heading: the title is the page's heading.`,
    hint: () => "Start the sections with ## (and sub-sections with ###).",
    example: { file: "content/articles/getting-started.md", line: 8, column: 1, pointer: "/body", params: { kind: "article" } },
  }),
  "repeated-heading": entry<{ heading: string; before: number }>({
    category: "text",
    title: "The same heading twice in a Markdown entry",
    severity: "error",
    means: "For a kind whose rules say uniqueHeadings (templates/site.ts), each heading becomes a link in the entry's table of contents, and an anchor in its address: two with the same words could not be told apart.",
    fix: "Reword one of the two headings.",
    message: (p) => `The heading "${p.heading}" is also on line ${p.before}: each heading needs its own words, as it becomes a link in the table of contents.`,
    hint: () => "Reword one of the two.",
    example: { file: "content/articles/getting-started.md", line: 12, column: 1, pointer: "/body", params: { heading: "Setup", before: 8 } },
  }),
  "wrong-read-time": entry<{ field: string; readTime: number; words: string; minutes: number; wordsPerMinute: number }>({
    category: "text",
    title: "A reading time does not match the text",
    severity: "error",
    means: "For a kind whose rules name a reading time field (templates/site.ts), that field is shown to readers; it must match the text, counted at a fixed reading speed, so that it stays true when the text changes.",
    fix: "Set the field to the number of minutes given in the hint, or lengthen or shorten the text.",
    message: (p) => `${p.field} says ${p.readTime} min, but the text is ${p.words} words: about ${p.minutes} min at ${p.wordsPerMinute} words a minute.`,
    hint: (p) => `Set ${p.field}: ${p.minutes}, or make the text ${p.readTime > p.minutes ? "longer" : "shorter"}.`,
    example: { file: "content/articles/getting-started.md", line: 5, column: 11, pointer: "/readTime", params: { field: "readTime", readTime: 9, words: "202", minutes: 1, wordsPerMinute: 200 } },
  }),

  "skipped-heading-level": entry<{ found: string; before?: string; expected: string }>({
    category: "text",
    title: "A heading that skips a level",
    severity: "warning",
    means:
      "Headings make the outline of a text: ## for a section, ### for a part of it, #### for a part of that. A heading more than one level below the one before it (#### right after ##) leaves a gap in the outline, which screen readers announce and use to move around the page. The first heading of a text comes right under the title of the page or block it is in, so it is a ##.",
    fix: "Use the level the message gives (one below the heading before), or add the missing heading in between.",
    message: (p) =>
      p.before
        ? `A ${p.found} heading follows a ${p.before} one; use ${p.expected} so the outline has no gap.`
        : `The text's first heading is a ${p.found} one, right under the title above the text; use ${p.expected} so the outline has no gap.`,
    hint: (p) => `Write ${p.expected} instead of ${p.found}, or add the ${p.expected} heading that is missing in between.`,
    example: { file: "content/guides/getting-started.md", line: 14, column: 1, pointer: "/body", params: { found: "####", before: "##", expected: "###" } },
  }),
  "very-long-text": entry<{ length: number; limit: number; kind: "heading" | "card" | "text" }>({
    category: "text",
    title: "A text far longer than its place",
    severity: "warning",
    means:
      "Headings, labels and the short texts of cards and blocks are laid out for a few words or a few sentences. Far longer, a heading or label runs over many lines and pushes the rest of its block down, and a card's text makes its whole row of the grid as tall as that card. The limits are generous: 120 characters for a heading, title or label (about 20 words), 600 for any other text that is not a Markdown article (about 100 words). A field whose schema sets its own maximum is checked against that instead (an error), and Markdown texts with paragraphs (guides) have no limit.",
    fix: "Shorten the text, and move the rest to a page of its own (link to it from the card or block).",
    message: (p) =>
      p.kind === "heading"
        ? `This heading is ${p.length.toLocaleString("en")} characters long: a heading this long runs over many lines and pushes the rest of its block down; keep it under ${p.limit} characters.`
        : p.kind === "card"
          ? `This card's text is ${p.length.toLocaleString("en")} characters long: cards this long break the grid (the whole row grows as tall as this card); keep it under ${p.limit} characters, and move the rest to a page.`
          : `This text is ${p.length.toLocaleString("en")} characters long, far more than its block is laid out for; keep it under ${p.limit} characters, and move the rest to a page.`,
    hint: (p) => (p.kind === "heading" ? "Shorten it; the detail belongs in the text under it." : "Keep the gist here and link to a page that has the rest."),
    example: { file: "content/pages/index.json", line: 88, column: 28, pointer: "/sections/2/cards/0/description", params: { length: 2400, limit: 600, kind: "card" } },
  }),

  // ------------------------------------------------------------------ addresses and links
  "duplicate-address": entry<{ path: string; other: string; otherPointer: string }>({
    category: "links",
    title: "Two pages with the same address",
    severity: "error",
    means: "An address belongs to one page. Two files (or a file and another page's alias) claim the same one, so one of them could never be reached.",
    fix: "Rename one of the files, or remove the alias.",
    message: (p) => `The address ${p.path} is already used by ${p.other}${p.otherPointer ? ` (${p.otherPointer})` : ""}.`,
    hint: () => "Each address may belong to one page only: rename the file or remove the alias.",
    example: { file: "content/pages/other.json", line: 5, column: 33, pointer: "/aliases/1", params: { path: "/same-address", other: "content/pages/about.json", otherPointer: "/aliases/0" } },
  }),
  "unsafe-link": entry<{ reason: string; hint?: string }>({
    category: "links",
    title: "A link that is not a safe, complete address",
    severity: "error",
    means:
      "Links in content go to a page of this site (starting with /), to an https:// address, or to mailto: or tel:. Anything else (javascript:, an address without https://, a page name without its slash, spaces around it) would not work, or would run script.",
    fix: "Write the address in full, as the hint says.",
    message: (p) => p.reason,
    hint: (p) => p.hint,
    example: { file: "content/pages/index.json", line: 10, column: 47, pointer: "/sections/0/actions/0/href", params: { reason: 'Links starting with "javascript:" are not allowed.', hint: "Use a page of this site (/about), an https:// address, mailto: or tel:." } },
  }),
  "broken-link": entry<{ link: string; guess?: string }>({
    category: "links",
    title: "A link to a page that does not exist",
    severity: "error",
    means: "An internal link (starting with /) points at an address no page has: visitors following it would land on the not-found page.",
    fix: "Correct the address (the hint suggests the closest page), or create the page.",
    message: (p) => `The link ${p.link} points to a page that does not exist.`,
    hint: (p) => didYouMean(p.guess, false) ?? "Create the page in content/pages/ or correct the address.",
    example: { file: "content/pages/about.json", line: 5, column: 92, pointer: "/sections/0/link/href", params: { link: "/abuot", guess: "/about" } },
  }),
  "missing-anchor": entry<{ link: string; fragment: string; path: string; guess?: string }>({
    category: "links",
    title: "A link to a part of a page that does not exist",
    severity: "error",
    means: "A link can end in #name to jump to a part of a page: the block whose id is that name (blocks take an \"id\" field). The page exists, but nothing on it has this id, so visitors land at the top of the page instead of the part the link promises.",
    fix: "Write the id the block really has after the #, or give the block that id (its \"id\" field), or drop the #part to link to the top of the page.",
    message: (p) => `The link ${p.link} jumps to "#${p.fragment}", but nothing on the page ${p.path} has the id "${p.fragment}".`,
    hint: (p) => (p.guess ? `Did you mean #${p.guess}? That is the id the page has.` : `Give the block you mean "id": "${p.fragment}" in its page file, or remove #${p.fragment} from the link.`),
    example: { file: "content/pages/index.json", line: 40, column: 21, pointer: "/sections/3/link/href", params: { link: "/pricing#plan", fragment: "plan", path: "/pricing", guess: "plans" } },
  }),
  "record-without-page": entry<{ id: string; link: string }>({
    category: "links",
    title: "A record whose page does not exist",
    severity: "error",
    means: "Records of some collections each have their own page (a feature's id names /features/<id>), and lists link to it. This record's page is missing.",
    fix: "Create the page, or correct the record's id.",
    message: (p) => `The record "${p.id}" has no page: ${p.link} does not exist.`,
    hint: (p) => `Create content/pages${p.link}.json, or correct the id.`,
    example: { file: "content/collections/features.json", line: 199, column: 13, pointer: "/items/5/id", params: { id: "iot-hardware", link: "/features/iot-hardware" } },
  }),
  "placeholder-address": entry<{ address: string; host: string; kind: string; what?: string; effect?: string }>({
    category: "links",
    title: "An address that is still a placeholder",
    severity: "warning",
    means:
      "An address in content is on a name reserved for examples (example.com, example.net, example.org and names under them, or ending in .example, .invalid, .test or .localhost): it leads nowhere on the published site. A warning while the site is being written; `npm run build -- --strict` makes it an error, so that a published site cannot carry one.",
    fix: "Replace the address with the real one before publishing.",
    message: (p) => (p.what ? `${p.what} is still a placeholder (${p.host}): ${p.effect}.` : `${p.kind} ${p.address} is still a placeholder (${p.host}).`),
    hint: () => `Replace it with the real address before publishing; ${PLACEHOLDER_HINT}`,
    example: { file: "content/site.json", line: 161, column: 21, pointer: "/header/nav/3/links/1/href", params: { address: "https://help.example.com", host: "help.example.com", kind: "An external link" } },
  }),

  "starter-text": entry<{ text: string }>({
    category: "text",
    title: "A new page's prompt, still there",
    severity: "warning",
    means:
      "A text is still the prompt a new page started with in the Studio (such as \"Describe the page … here in a sentence or two\"): visitors and search engines would read it. A warning while the page is being written; `npm run build -- --strict` makes it an error, so that a published site cannot carry one.",
    fix: "Replace it with the page's own words.",
    message: (p) => `This is still the text the new page started with (“${p.text}”): replace it with the page's own words.`,
    hint: () => "Visitors and search engines would read it as it is.",
    example: { file: "content/pages/about/press.json", line: 4, column: 18, pointer: "/description", params: { text: "Describe the page \"Press and media\" here in a sentence or two…" } },
  }),

  "insecure-link": entry<{ link: string; secure: string }>({
    category: "links",
    title: "A link to an http:// address",
    severity: "warning",
    means:
      "The site is served over HTTPS, and a link to an http:// address opens a page that is not encrypted: browsers mark such pages \"Not secure\", and some warn before opening them. Almost every site answers on https:// too. Addresses on this computer (http://localhost) are left alone.",
    fix: "Write the address with https://, after checking in a browser that it opens.",
    message: (p) => `The link ${p.link} uses http://; use https:// so that visitors are not sent to an unencrypted page.`,
    hint: (p) => `Write ${p.secure} (open it in a browser first to check that it works).`,
    example: { file: "content/pages/about.json", line: 9, column: 22, pointer: "/sections/0/actions/0/href", params: { link: "http://www.calgary.example/permits", secure: "https://www.calgary.example/permits" } },
  }),
  "mistyped-email": entry<{ address: string; mistake: import("../lib/url.ts").EmailMistake; domain?: string; guess?: string }>({
    category: "links",
    title: "An e-mail address with a typo",
    severity: "warning",
    means:
      "An e-mail address in a mailto: link or an e-mail field looks mistyped: it has a space, two @ or none, a comma where a dot belongs, a dot at the end, no dot after the @ (hello@urbi), or a misspelt mail service (gmial.com, hotmial.com) or a misspelling of the site's own domain. Mail written to it would never arrive, and nobody would notice.",
    fix: "Correct the address (the hint suggests one where it can).",
    message: (p) => {
      const a = `The e-mail address ${p.address}`;
      switch (p.mistake) {
        case "space":
          return `${a} has a space in it.`;
        case "two-at":
          return `${a} has more than one @.`;
        case "no-at":
          return `${a} has no @.`;
        case "nothing-before-at":
          return `${a} has nothing before the @.`;
        case "comma":
          return `${a} has a comma after the @, where a dot belongs.`;
        case "double-dot":
          return `${a} has two dots in a row.`;
        case "trailing-dot":
          return `${a} ends with a dot.`;
        case "no-dot":
          return `${a} has no dot after the @: the domain needs its ending, such as .com.`;
        case "misspelt-domain":
          return `${a} looks mistyped: ${p.domain ?? "its domain"} is most likely a misspelling.`;
      }
    },
    hint: (p) => didYouMean(p.guess, false) ?? "Write the whole address, like name@company.com.",
    example: { file: "content/site.json", line: 6, column: 19, pointer: "/contactEmail", params: { address: "hello@gmial.com", mistake: "misspelt-domain", domain: "gmial.com", guess: "hello@gmail.com" } },
  }),
  "own-site-address": entry<{ link: string; path: string }>({
    category: "links",
    title: "A page of this site written as a full address",
    severity: "warning",
    means:
      "A link names a page of this site with the site's whole address (https://www.example.com/pricing, where content/site.json's \"url\" is https://www.example.com). It works on the published site only: on a preview, or on the computer with npm run dev, it leaves for the published site, and the check cannot tell whether the page still exists. Written as /pricing, it works everywhere and is checked.",
    fix: "Write the address from the slash on: /pricing.",
    message: (p) => `The link ${p.link} is a page of this site written as a full address; write ${p.path}, so the link works on previews too.`,
    hint: (p) => `Write ${p.path}.`,
    example: { file: "content/pages/about.json", line: 9, column: 22, pointer: "/sections/0/actions/0/href", params: { link: "https://www.example.com/pricing", path: "/pricing" } },
  }),
  "mistyped-site-address": entry<{ link: string; host: string; guess: string; path?: string }>({
    category: "links",
    title: "A link to a name one letter off the site's own",
    severity: "warning",
    means:
      "A link goes to an address whose name is one letter away from the site's own (content/site.json's \"url\"): a letter missing, extra or wrong, or two swapped. It most likely means this site, and leads to a site that does not exist, or to someone else's.",
    fix: "Write the page from the slash on (/pricing), which works on previews too; or correct the name.",
    message: (p) => `The link ${p.link} goes to ${p.host}, one letter away from this site's own address.`,
    hint: (p) => (p.path ? `Did you mean ${p.guess}? Or better, write ${p.path}, so the link works on previews too.` : `Did you mean ${p.guess}?`),
    example: { file: "content/pages/about.json", line: 9, column: 22, pointer: "/sections/0/actions/0/href", params: { link: "https://www.exmaple.com/pricing", host: "www.exmaple.com", guess: "https://www.example.com/pricing", path: "/pricing" } },
  }),

  // ------------------------------------------------------------------ search engines
  "duplicate-title": entry<{ otherPath: string; otherFile: string; path: string; value: string }>({
    category: "seo",
    title: "Two pages with the same title",
    severity: "error",
    means: "Search engines show a page's title in their results, and browsers in tabs and bookmarks: two pages with the same one cannot be told apart there.",
    fix: "Give each page its own title.",
    message: (p) => `The pages ${p.otherPath} (${p.otherFile}) and ${p.path} have the same title: "${p.value}"`,
    hint: () => "Search engines show the title in their results: give each page its own.",
    example: { file: "content/pages/plans.json", line: 3, column: 12, pointer: "/title", params: { otherPath: "/prices", otherFile: "content/pages/prices.json", path: "/plans", value: "Plans" } },
  }),
  "duplicate-description": entry<{ otherPath: string; otherFile: string; path: string; value: string }>({
    category: "seo",
    title: "Two pages with the same description",
    severity: "error",
    means: "Search engines show a page's description under its title in their results: two pages with the same one look like one page.",
    fix: "Give each page its own description.",
    message: (p) => `The pages ${p.otherPath} (${p.otherFile}) and ${p.path} have the same description: "${p.value}"`,
    hint: () => "Search engines show the description in their results: give each page its own.",
    example: { file: "content/pages/plans.json", line: 4, column: 18, pointer: "/description", params: { otherPath: "/", otherFile: "content/pages/index.json", path: "/plans", value: "Software for property managers: leases, maintenance and payments in one place." } },
  }),
  "share-image-for-missing-page": entry<{ page: string }>({
    category: "seo",
    title: "A share image for a page that does not exist",
    severity: "error",
    means: "content/site.json lists share images (the picture a link preview shows) by page address; this address is no page's (or is an alias, which shares its page's image).",
    fix: "Use the address of a page in content/pages (not an alias), or remove the entry.",
    message: (p) => `No page has the address ${p.page}, so it cannot have a share image.`,
    hint: () => "Use the address of a page in content/pages (not an alias).",
    example: { file: "content/site.json", line: 88, column: 17, pointer: "/seo/shareImages/2/page", params: { page: "/plans" } },
  }),

  // ------------------------------------------------------------------ unused content
  "unused-record": entry<{ id: string }>({
    category: "unused",
    title: "A record no page shows",
    severity: "warning",
    means: "A record of a collection that no section lists by its id: no visitor ever sees it.",
    fix: "List its id in a section to show it, or delete it if it is no longer needed.",
    message: (p) => `The record "${p.id}" is not used by any page.`,
    hint: () => "List its id in a section to show it, or delete it if it is no longer needed.",
    example: { file: "content/collections/testimonials.json", line: 30, column: 13, pointer: "/items/3/id", params: { id: "old-quote" } },
  }),
  "unused-image": entry<{ image: string }>({
    category: "unused",
    title: "An image nothing uses",
    severity: "warning",
    means: "A file in content/assets/ that no content field and no template names: it is published but never shown.",
    fix: "Refer to it from a page, or delete it.",
    message: (p) => `The image ${p.image} is not used by any page.`,
    hint: (p) => `Refer to it as "${p.image}" in a page, or delete it.`,
    example: { file: "content/assets/old-hero.svg", line: 1, column: 1, pointer: "", params: { image: "assets/old-hero.svg" } },
  }),
  "unlinked-page": entry<{ path: string }>({
    category: "unused",
    title: "A page nothing links to",
    severity: "warning",
    means: "No link in content (pages, the header or footer) leads to this page: visitors can only reach it by typing its address, and search engines may never find it.",
    fix: "Link to it from another page, or from the header or footer in content/site.json.",
    message: (p) => `No page links to ${p.path}, so visitors can only reach it by typing its address.`,
    hint: () => "Link to it from another page, or from the header or footer in content/site.json.",
    example: { file: "content/pages/careers.json", line: 1, column: 1, pointer: "", params: { path: "/careers" } },
  }),

  // ------------------------------------------------------------------ templates and output
  "template-broken-link": entry<{ path: string; ref: string; section?: number; type?: string; template?: string }>({
    category: "output",
    title: "A template links to something that is not built",
    severity: "error",
    means: "A link written in a template (templates/), not in content (a default the template falls back on, or an address it makes), points at an address or file the build does not produce. The issue is pinned to the section whose template writes it, or to the page when its layout does.",
    fix: "Correct the link in the template, or create the page it points at.",
    message: (p) =>
      `The page ${p.path} links to ${p.ref}, which is not built. The link is not in content: ${p.template ? `the template of its section ${p.section}, "${p.type}" (${p.template}), writes it` : "a template of the page's layout or kind (templates/) writes it"}.`,
    example: { file: "content/pages/index.json", line: 9, column: 5, pointer: "/sections/1", params: { path: "/", ref: "/resources/webinars", section: 2, type: "cta", template: "templates/sections/Cta.tsx" } },
  }),
  "unhashed-immutable-file": entry<{ file: string; prefix: string }>({
    category: "output",
    title: "A file cached for a year without a content hash",
    severity: "error",
    means: "Everything under the immutable prefix is cached by browsers for a year, which is only safe when a file's name changes with its content. This file's name has no hash: a change to it would not reach visitors. A bug in the generator, not in content.",
    fix: "Name the file with hashedName() (scripts/lib/hash.ts).",
    message: (p) => `dist/${p.file} has no content hash in its name, yet everything under ${p.prefix} is cached for a year.`,
    hint: () => "Name it with hashedName() (scripts/lib/hash.ts).",
    example: { file: "scripts/pipeline/index.ts", line: 1, column: 1, pointer: "", params: { file: "assets/logo.svg", prefix: "/assets/" } },
  }),
  "csp-blocked-markup": entry<{ path: string; problems: string[] }>({
    category: "output",
    title: "Markup the Content-Security-Policy blocks",
    severity: "error",
    means: "The site's Content-Security-Policy lets pages run only the site's own scripts and styles. A template produced markup the policy blocks (inline script, event handler attributes, javascript: addresses), which would silently not work on the published site.",
    fix: "Put behaviour in an island (templates/islands/), styles in templates/styles.css, and only http(s), mailto: or tel: addresses in links.",
    message: (p) => `The page ${p.path} has markup the Content-Security-Policy blocks or that runs script: ${p.problems.join("; ")}. It comes from a template in templates/.`,
    hint: () => "Put behaviour in an island (templates/islands/), styles in templates/styles.css, and only http(s), mailto: or tel: addresses in links.",
    example: { file: "content/pages/index.json", line: 1, column: 1, pointer: "", params: { path: "/", problems: ["<script> with inline code"] } },
  }),
  "csp-too-long": entry<{ length: number; limit: number }>({
    category: "output",
    title: "A Content-Security-Policy too long for CloudFront",
    severity: "warning",
    means: "The policy lists every source the site uses (calendar, webhooks, inline style hashes). CloudFront response headers policies take a limited length: a longer one cannot be deployed there (Netlify and nginx are unaffected).",
    fix: "Use fewer distinct inline styles in templates, or deploy the header another way.",
    message: (p) => `The Content-Security-Policy is ${p.length} characters; a CloudFront response headers policy takes at most ${p.limit}.`,
    example: { file: "content/site.json", line: 1, column: 1, pointer: "", params: { length: 1893, limit: 1783 } },
  }),
  "two-h1": entry<{ path: string; count: number; drawers?: string[] }>({
    category: "output",
    title: "A page with more than one main heading",
    severity: "error",
    means:
      "Every page has exactly one main heading (an h1): it is what screen readers announce as the page's title and what search engines read as its subject. Some kinds of block draw one (their template writes an <h1>: in this repository's site, a hero or a page header); two of them on one page give it two titles.",
    fix: "Keep one block that draws the main heading, usually the first, and change or remove the others: a kind of block that draws none (in this repository's site, an intro instead of a second hero).",
    message: (p) => `The page ${p.path} has ${p.count} main headings (h1); a page has exactly one. This block draws another one.`,
    hint: (p) =>
      p.drawers?.length
        ? `The blocks that draw one: ${p.drawers.join(", ")}. Keep one of them, and use a kind of block without a main heading for the others.`
        : "Keep one block that draws the main heading, and use a kind of block without one for the others.",
    example: { file: "content/pages/about.json", line: 12, column: 5, pointer: "/sections/1", params: { path: "/about", count: 2, drawers: ['section 1 ("hero")', 'section 2 ("hero")'] } },
  }),
  "no-h1": entry<{ path: string }>({
    category: "output",
    title: "A page without a main heading",
    severity: "error",
    means: "Every page has exactly one main heading (an h1), what screen readers announce as the page's title and search engines read as its subject. None of this page's blocks draws one.",
    fix: "Start the page with a kind of block that draws the main heading (its template writes an <h1>: in this repository's site a hero or a page header, as SECTIONS.md says).",
    message: (p) => `The page ${p.path} has no main heading (h1); a page has exactly one.`,
    hint: () => "Add a block that draws the main heading at the top of the page (a kind of block whose template writes an <h1>).",
    example: { file: "content/pages/about.json", line: 1, column: 1, pointer: "", params: { path: "/about" } },
  }),
  "site-rule": entry<{ message: string; hint?: string }>({
    category: "output",
    title: "A rule of the site's own",
    severity: "warning",
    means: "Besides its schemas, a site can check how its settings go together (the checks of templates/site.ts). The message is the site's: what is wrong with the field, and why it matters.",
    fix: "Do what the hint says, or ask whoever maintains the site's templates why the rule is there.",
    message: (p) => p.message,
    hint: (p) => p.hint,
    example: { file: "content/site.json", line: 476, column: 20, pointer: "/leads/contentType", params: { message: "The webhook is a Zapier catch hook, which refuses the browser's application/json requests.", hint: 'Set "contentType" to "text/plain".' } },
  }),

  // ------------------------------------------------------------------ schemas
  "schema-unknown-keyword": entry<{ keyword: string; guess?: string | undefined }>({
    category: "schemas",
    title: "A schema uses a keyword no validator knows",
    severity: "error",
    means: "A schema in schemas/ has a field that is not a JSON Schema keyword (draft 2020-12) nor one the generator adds (x-link, x-asset, x-markdown, x-ref, x-page, x-rule, x-placeholder, tsType). Often a typo: a misspelt keyword would silently check nothing, so the build stops instead.",
    fix: "Correct the keyword's spelling, or remove it. A note for readers goes in \"description\" or \"$comment\".",
    message: (p) => `"${p.keyword}" is not a JSON Schema keyword.`,
    hint: (p) => (p.guess ? `Did you mean "${p.guess}"?` : 'A note for readers goes in "description" or "$comment".'),
    example: { file: "schemas/sections/hero.schema.json", line: 6, column: 3, pointer: "/requird", params: { keyword: "requird", guess: "required" } },
  }),
  "schema-missing-ref": entry<{ ref: string; missing: string; guess?: string | undefined }>({
    category: "schemas",
    title: "A schema refers to a schema or definition that is not there",
    severity: "error",
    means: "A \"$ref\" points at a schema file that is not in schemas/, or at a definition (\"#/$defs/…\") its file does not have. The paths are relative to the schema that has the \"$ref\".",
    fix: "Correct the path or the definition's name, or add what it points at.",
    message: (p) => `"$ref": "${p.ref}" points at ${p.missing}, which does not exist.`,
    hint: (p) => (p.guess ? `Did you mean "${p.guess}"?` : undefined),
    example: { file: "schemas/page.schema.json", line: 40, column: 21, pointer: "/properties/sections/items/oneOf/3/$ref", params: { ref: "sections/menu-gird.schema.json", missing: "schemas/sections/menu-gird.schema.json", guess: "sections/menu-grid.schema.json" } },
  }),
  "schema-bad-pattern": entry<{ pattern: string; why: string }>({
    category: "schemas",
    title: "A schema's pattern is not a regular expression",
    severity: "error",
    means: "A \"pattern\" (or a name in \"patternProperties\") must be a regular expression that JavaScript reads with the u flag, as validators do. This one cannot be read, so no value could be checked against it.",
    fix: "Correct the expression. In JSON each backslash is written twice: \"^\\\\d+$\" is the expression ^\\d+$.",
    message: (p) => `The pattern ${p.pattern} is not a regular expression: ${p.why}.`,
    example: { file: "schemas/site.schema.json", line: 12, column: 18, pointer: "/properties/url/pattern", params: { pattern: "^https://[^/+$", why: "Unterminated character class" } },
  }),
  "schema-invalid": entry<{ keyword: string; message: string }>({
    category: "schemas",
    title: "A schema breaks the rules of JSON Schema",
    severity: "error",
    means: "A keyword of a schema in schemas/ has a value JSON Schema does not allow (\"type\": \"strin\", \"minLength\": \"3\", \"required\": \"title\"), as the JSON Schema meta-schema says.",
    fix: "Give the keyword a value of the kind it takes: the message says which.",
    message: (p) => `"${p.keyword}" ${p.message}.`,
    example: { file: "schemas/sections/hero.schema.json", line: 9, column: 15, pointer: "/properties/heading/type", params: { keyword: "type", message: "must be equal to one of the allowed values" } },
  }),
// eslint-disable-next-line @typescript-eslint/no-explicit-any
} satisfies Record<string, Entry<any>>;

export type Code = keyof typeof CATALOGUE;
type ParamsOf<C extends Code> = (typeof CATALOGUE)[C] extends Entry<infer P> ? P : never;

/** The catalogue entry of a code, with its parameters erased (for documents and tests). */
export function catalogueEntry(code: Code): Entry<Record<string, unknown>> {
  return CATALOGUE[code] as unknown as Entry<Record<string, unknown>>;
}

export const CODES = Object.keys(CATALOGUE) as Code[];

/** A problem of kind `code`, its message and hint filled from `params`. */
export function problem<C extends Code>(code: C, ...params: None extends ParamsOf<C> ? [ParamsOf<C>?] : [ParamsOf<C>]): Problem {
  const e = catalogueEntry(code);
  const p = (params[0] ?? {}) as Record<string, unknown>;
  const hint = e.hint?.(p);
  return { code, severity: e.severity, message: e.message(p), ...(hint ? { hint } : {}) };
}

/** Where a code is explained: the command that says it from any site's folder (ERRORS.md, the same words by chapter, is in the generator's repository only). */
export const reference = (code: string) => `npx json-site explain ${code}`;

/**
 * The group that placeholder addresses form in the report (Issue.group): one heading,
 * one line per address, the hint once. `reserved` lists the reserved names.
 */
export function placeholderGroup(reserved: string) {
  return {
    name: "placeholder addresses",
    singular: "placeholder address",
    heading: `on names reserved for examples (${reserved}) that lead nowhere on the published site`,
    hint: `Replace them with the real addresses before publishing; ${PLACEHOLDER_HINT}`,
  };
}

/**
 * A correction of a text the build worked out (stages/validate/validate.ts textFix), always one the
 * field accepts: `value` is the whole corrected text; a renamed image file also has
 * its name before and after.
 */
export type TextFix =
  | {
      kind: "trim" | "https" | "add-https" | "origin" | "host" | "drop-trailing-slash" | "drop-leading-slash" | "add-leading-slash" | "drop-leading-dash" | "keep-part" | "rewrite";
      value: string;
    }
  | { kind: "rename-file"; value: string; from: string; to: string };

function fixHint(fix: TextFix | undefined): string | undefined {
  if (!fix) return undefined;
  const v = JSON.stringify(fix.value);
  switch (fix.kind) {
    case "trim":
      return `Remove the spaces at the start and end: ${v}.`;
    case "https":
      return `Use https:// rather than http://: ${v}.`;
    case "add-https":
      return `Add https:// at the start: ${v}.`;
    case "origin":
      return `Keep only the address up to the host name: ${v}.`;
    case "host":
      return `Write only the host name: ${v}.`;
    case "drop-trailing-slash":
      return `Drop the / at the end: ${v}.`;
    case "drop-leading-slash":
      return `Drop the leading /: ${v}.`;
    case "add-leading-slash":
      return `Start it with a /: ${v}.`;
    case "drop-leading-dash":
      return `Drop the dash at the start: ${v}.`;
    case "keep-part":
      return `Write only ${v}.`;
    case "rewrite":
      return `Write it as ${v}.`;
    case "rename-file":
      return `Rename \`${fix.from}\` to \`${fix.to}\` in content/assets/, and write ${v} here.`;
  }
}
