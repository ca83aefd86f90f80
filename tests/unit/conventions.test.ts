/**
 * The conventions that let a reader find any behaviour in one place:
 * one schema per section type and one component of the same name, every schema
 * field documented with a description and an example, icons in step with the schema.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateTypes, TYPES_FILE } from "../../scripts/gen-types.ts";
import { ROOT } from "../../scripts/lib/paths.ts";
import { componentName, loadSectionComponents } from "../../scripts/pipeline/stages/render/render.tsx";
import { loadSchemas, type JsonSchema } from "../../scripts/pipeline/stages/validate/schemas.ts";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Icon, ICON_NAMES } from "../../templates/ui/Icon.tsx";
import { LUCIDE } from "../../templates/ui/icons.ts";

const schemas = await loadSchemas(path.join(ROOT, "schemas"));
const sectionSchemas = [...schemas.sectionTypes.keys()].sort();
const sectionComponents = readdirSync(path.join(ROOT, "templates/sections"))
  .filter((f) => f.endsWith(".tsx"))
  .map((f) => f.slice(0, -4))
  .sort();

describe("section types", () => {
  it("name their component in any case: menu-grid, menu_grid, menuGrid and MenuGrid all give MenuGrid", () => {
    for (const type of ["menu-grid", "menu_grid", "menuGrid", "MenuGrid", "menu grid"]) expect(componentName(type)).toBe("MenuGrid");
    expect(componentName("cta")).toBe("Cta");
    expect(componentName("pricing-table-2")).toBe("PricingTable2");
  });

  it("have a component for every schema", () => {
    const missing = sectionSchemas.filter((t) => !existsSync(path.join(ROOT, "templates/sections", `${componentName(t)}.tsx`)));
    expect(missing).toEqual([]);
  });

  it("have a schema for every component", () => {
    const orphans = sectionComponents.filter((c) => !sectionSchemas.map(componentName).includes(c));
    expect(orphans).toEqual([]);
  });

  it("export the component under the file's name", async () => {
    const components = await loadSectionComponents(path.join(ROOT, "templates"), sectionSchemas);
    expect([...components.keys()].sort()).toEqual(sectionSchemas);
  });

  it("are all listed in the page schema, and the type constant matches the file name", () => {
    const refs = ((schemas.byPath.get("page.schema.json")!["properties"] as JsonSchema)["sections"] as { items: { oneOf: { $ref: string }[] } }).items.oneOf.map(
      (r) => r.$ref,
    );
    expect(refs.sort()).toEqual(sectionSchemas.map((t) => `sections/${t}.schema.json`));
    for (const t of sectionSchemas) {
      const s = schemas.byPath.get(`sections/${t}.schema.json`)!;
      expect((s["properties"] as Record<string, { const: string }>)["type"]!.const).toBe(t);
      expect(s["required"]).toContain("type");
    }
  });
});

describe("schemas", () => {
  /** Every property of every object schema, with its path, for the documentation rule. */
  function fields(node: unknown, where: string, out: [string, JsonSchema][] = []): [string, JsonSchema][] {
    if (Array.isArray(node)) node.forEach((n, i) => fields(n, `${where}/${i}`, out));
    else if (node && typeof node === "object") {
      const s = node as JsonSchema;
      for (const [name, child] of Object.entries((s["properties"] ?? {}) as Record<string, JsonSchema>)) out.push([`${where}/properties/${name}`, child]);
      for (const [k, v] of Object.entries(s)) if (k !== "examples" && k !== "default") fields(v, `${where}/${k}`, out);
    }
    return out;
  }

  it("document every field with a description and an example", () => {
    const undocumented: string[] = [];
    for (const [file, schema] of schemas.byPath) {
      for (const [where, field] of fields(schema, file)) {
        if (field["$ref"] && Object.keys(field).every((k) => k === "$ref")) continue; // documented where it is defined
        if (typeof field["description"] !== "string" || !Array.isArray(field["examples"]) || field["examples"].length === 0) undocumented.push(where);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it("have examples that are valid against their own field", async () => {
    const { Ajv2020 } = await import("ajv/dist/2020.js");
    const ajv = new Ajv2020({ strict: false });
    const bad: string[] = [];
    const defs = schemas.byPath.get("defs.schema.json")!["$defs"] as Record<string, JsonSchema>;
    for (const [name, def] of Object.entries(defs)) {
      if (JSON.stringify(def).includes('"$ref"')) continue;
      for (const ex of (def["examples"] as unknown[]) ?? []) if (!ajv.validate(def, ex)) bad.push(`defs/${name}: ${JSON.stringify(ex)}`);
    }
    expect(bad).toEqual([]);
  });
});

describe("icons", () => {
  it("match the icon names the schema allows", () => {
    const allowed = (schemas.byPath.get("defs.schema.json")!["$defs"] as Record<string, { enum: string[] }>)["icon"]!.enum;
    expect([...ICON_NAMES].sort()).toEqual([...allowed].sort());
  });

  it("are Lucide's drawings, under their lucide.dev names", async () => {
    for (const [name, node] of Object.entries(LUCIDE)) {
      const own = (await import(`lucide/dist/esm/icons/${name}.mjs`)) as { default: unknown };
      expect(node, name).toBe(own.default);
    }
  });

  it("use only SVG elements and attributes that render the same in React and Preact", () => {
    const bad = Object.entries(LUCIDE).flatMap(([name, node]) =>
      node.flatMap(([tag, attrs]) => [
        ...(["path", "circle", "rect", "line", "polyline", "polygon", "ellipse"].includes(tag) ? [] : [`${name}: <${tag}>`]),
        ...Object.keys(attrs)
          .filter((a) => !/^[a-z][a-z0-9]*$/.test(a))
          .map((a) => `${name}: ${a}`),
      ]),
    );
    expect(bad).toEqual([]);
  });

  it("render as Lucide draws them: stroke styled by .icon-stroke, hidden from assistive technology", () => {
    expect(renderToStaticMarkup(createElement(Icon, { name: "credit-card", className: "size-6" }))).toBe(
      '<svg class="icon-stroke size-6" viewBox="0 0 24 24" aria-hidden="true" focusable="false">' +
        '<rect width="20" height="14" x="2" y="5" rx="2"></rect><line x1="2" x2="22" y1="10" y2="10"></line><path d="M6 14h2"></path></svg>',
    );
    expect(renderToStaticMarkup(createElement(Icon, { name: "linkedin" }))).toMatch(/^<svg class="size-5" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false"><path d="M20\.45 /);
  });

  it("differ between the cards of one section, so each card says something of its own", () => {
    const repeated: string[] = [];
    const visit = (value: unknown, where: string) => {
      if (Array.isArray(value)) {
        const icons = value.map((v) => (v && typeof v === "object" ? (v as { icon?: unknown }).icon : undefined)).filter((i): i is string => typeof i === "string");
        for (const icon of new Set(icons)) if (icons.filter((i) => i === icon).length > 1) repeated.push(`${where}: "${icon}"`);
        value.forEach((v, i) => visit(v, `${where}/${i}`));
      } else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) visit(v, `${where}/${k}`);
    };
    const walk = (dir: string): string[] =>
      readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith(".json") ? [`${dir}/${e.name}`] : []));
    for (const file of walk("content")) visit(JSON.parse(readFileSync(path.join(ROOT, file), "utf8")), file);
    expect(repeated).toEqual([]);
  });
});

describe("generated content types", () => {
  it("are up to date with the schemas", async () => {
    expect(readFileSync(TYPES_FILE, "utf8")).toBe(await generateTypes());
  });

  it("type what the build makes of x-ref, x-asset and x-markdown without a tsType, and give each kind an entry type with id and href", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "types-"));
    try {
      const write = (file: string, schema: object) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), JSON.stringify(schema));
      };
      write("collections/loaves.schema.json", { title: "LoafCollection", type: "object", required: ["items"], properties: { items: { type: "array", items: { title: "Loaf", type: "object", required: ["id"], properties: { id: { type: "string" } } } } } });
      write("post.schema.json", { title: "Post", type: "object", required: ["title"], properties: { title: { type: "string" } } });
      write("page.schema.json", {
        title: "Page",
        type: "object",
        required: ["loaf", "photo", "intro", "note", "posts"],
        properties: {
          loaf: { type: "string", "x-ref": "loaves" },
          photo: { type: "string", "x-asset": true },
          intro: { type: "string", "x-markdown": "block" },
          note: { type: "string", "x-markdown": "inline" },
          posts: { type: "array", items: { type: "string", "x-ref": "posts" } },
          other: { type: "string", "x-ref": "posts", tsType: "string" },
        },
      });
      const types = await generateTypes(dir, undefined, [{ name: "post", dir: "posts", schema: "post.schema.json" }]);
      expect(types).toContain('loaf: NonNullable<Content["loaves"]>["items"][number];');
      expect(types).toContain("photo: Asset;");
      expect(types).toContain("intro: BlockMarkdown;");
      expect(types).toContain("note: InlineMarkdown;");
      expect(types).toContain("posts: PostEntry[];");
      // A tsType the schema gives is kept.
      expect(types).toContain("other?: string;");
      expect(types).toContain('export type PostEntry = NonNullable<Content["post"]> & { id: string; href: string };');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
