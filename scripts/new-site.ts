/**
 * npm run new-site -- <dir>: writes a minimal working site into <dir> (which must not
 * exist or be empty): one page and the not-found page, one section type (its schema
 * and its component), one island, the site module (templates/site.ts) and the
 * "$schema" lines. Build it with `npm run build -- --project <dir>`, work on it with
 * `npm run dev -- --project <dir>`; docs/getting-started.md explains each file.
 *
 * The new site uses this generator where it is: its templates import the generator's
 * public API by name ("#ssg/api", "#ssg/islands-api"), which its package.json maps
 * ("imports") into <dir>/.generator, a link to the generator's folder; <dir>/node_modules
 * is a link to the generator's node_modules (React, Preact, Tailwind). Keep the two
 * folders where they are, or run the command again for a new site.
 */
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/paths.ts";

/** The starter's files. */
export const STARTER: Record<string, string> = {
  "content/site.json": json({
    $schema: "../schemas/site.schema.json",
    brand: "My Site",
    url: "https://www.example.com",
    language: "en",
    tagline: "A site made with the content-in-JSON site generator.",
    seo: { name: "My Site", shortName: "My Site", shareImages: [{ page: "/" }] },
  }),
  "content/pages/index.json": json({
    $schema: "../../schemas/page.schema.json",
    title: "Welcome",
    description: "The home page of a new site: one section type, one island, and content checked against its schema.",
    sections: [
      { type: "hello", heading: "Hello, world", text: "Edit content/pages/index.json and build again.", counter: { label: "Clicked", start: 0 } },
    ],
  }),
  "content/pages/404.json": json({
    $schema: "../../schemas/page.schema.json",
    title: "Page not found",
    description: "The page you were looking for does not exist or has moved. The home page is a good place to start again.",
    sections: [{ type: "hello", heading: "Page not found", text: "The address may be mistyped, or the page has moved.", link: { label: "Go to the home page", href: "/" } }],
  }),
  "content/assets/mark.svg":
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="8" fill="#2554eb"/><circle cx="16" cy="16" r="7" fill="#ffffff"/></svg>\n',

  "schemas/site.schema.json": json({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "Site",
    description: "Settings of the whole site.",
    type: "object",
    additionalProperties: false,
    required: ["$schema", "brand", "url", "language", "tagline", "seo"],
    properties: {
      $schema: { type: "string", description: "Tells your editor which schema checks this file." },
      brand: { type: "string", minLength: 1, description: "The site's name, added to page titles." },
      url: { type: "string", pattern: "^https://[^/]+$", description: "The published address, without a slash at the end." },
      language: { type: "string", pattern: "^[a-z]{2}(-[A-Z]{2})?$", description: "The language of the pages." },
      tagline: { type: "string", minLength: 1, description: "One sentence about the site (the web app manifest's description)." },
      seo: {
        type: "object",
        additionalProperties: false,
        required: ["name", "shortName", "shareImages"],
        description: "The app name and the share images.",
        properties: {
          name: { type: "string", minLength: 1 },
          shortName: { type: "string", minLength: 1, maxLength: 12 },
          shareImages: {
            type: "array",
            minItems: 1,
            description: "Pages that get a share image of their own; the others use the nearest one above them.",
            items: { type: "object", additionalProperties: false, required: ["page"], properties: { page: { type: "string" }, also: { type: "array", items: { type: "string" } } } },
          },
        },
      },
    },
  }),
  "schemas/page.schema.json": json({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "Page",
    description: "One page. content/pages/index.json is /, content/pages/about.json is /about.",
    type: "object",
    additionalProperties: false,
    required: ["$schema", "title", "description", "sections"],
    properties: {
      $schema: { type: "string" },
      title: { type: "string", minLength: 3, maxLength: 70, description: "The page title (the brand is added after it)." },
      description: { type: "string", minLength: 50, maxLength: 170, description: "What search engines show under the title." },
      sections: {
        type: "array",
        minItems: 1,
        description: 'The blocks of the page, top to bottom; each has a "type".',
        items: { type: "object", discriminator: { propertyName: "type" }, oneOf: [{ $ref: "sections/hello.schema.json" }] },
      },
    },
  }),
  "schemas/sections/hello.schema.json": json({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "HelloSection",
    description: "A heading, a line of text, and a counter or a link.",
    type: "object",
    additionalProperties: false,
    required: ["type", "heading"],
    properties: {
      type: { const: "hello" },
      heading: { type: "string", minLength: 1 },
      text: { type: "string", minLength: 1 },
      counter: {
        type: "object",
        additionalProperties: false,
        required: ["label", "start"],
        description: "A button that counts clicks: the island templates/islands/Counter.tsx.",
        properties: { label: { type: "string", minLength: 1 }, start: { type: "integer", minimum: 0 } },
      },
      link: {
        type: "object",
        additionalProperties: false,
        required: ["label", "href"],
        properties: { label: { type: "string", minLength: 1 }, href: { type: "string", pattern: "^/", "x-link": true, description: "A page of this site, like /about." } },
      },
    },
  }),

  "templates/types.ts": `/** This site's content, as its schemas describe it. */
export interface Site {
  brand: string;
  url: string;
  language: string;
  tagline: string;
}

export interface Page {
  title: string;
  description: string;
  sections: Array<{ type: string }>;
}

export interface HelloSection {
  type: "hello";
  heading: string;
  text?: string;
  counter?: { label: string; start: number };
  link?: { label: string; href: string };
}
`,
  "templates/site.ts": `/** The site as the generator sees it: its document shell, language and mark. */
import { defineSite } from "#ssg/api";
import { Body } from "./layout/Body.tsx";
import { Head } from "./layout/Head.tsx";
import type { Site } from "./types.ts";

export default defineSite<Site>({
  document: { Head, Body },
  language: (site) => site.language,
  // The typeface: a variable WOFF2 for pages (cut to what the site uses), static cuts for the share images.
  font: {
    family: "Inter",
    file: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    weights: { min: 400, max: 700 },
    features: ["ccmp", "kern", "liga", "calt", "locl", "mark", "mkmk", "rvrn"],
    imageFiles: { regular: "@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf", bold: "@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf" },
  },
  templateAssets: ["assets/mark.svg"],
  manifest: (site) => ({ description: site.tagline }),
  // Share images and app icons: the brand colour is the theme's primary; the rest keep their defaults.
  images: { colours: { brand: "primary" } },
});
`,
  "templates/layout/Head.tsx": `/** Everything in <head>: title, description, canonical link, icons, the inlined stylesheet, the page's islands. */
import { useRenderContext, type DocumentHeadProps } from "#ssg/api";
import type { Page, Site } from "../types.ts";

export function Head(p: DocumentHeadProps) {
  const { site, page, assetUrl } = useRenderContext<Site, Page>();
  const title = \`\${page.title} | \${site.brand}\`;
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <link rel="preload" href={p.font} as="font" type="font/woff2" crossOrigin="" />
      {p.imagePreload ? <link rel="preload" as="image" fetchPriority="high" {...p.imagePreload} /> : null}
      <title>{title}</title>
      <meta name="description" content={page.description} />
      {p.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={p.canonicalUrl} />}
      <meta property="og:title" content={title} />
      <meta property="og:image" content={p.seo.image.url} />
      <link rel="icon" href={assetUrl("assets/mark.svg")} type="image/svg+xml" />
      <link rel="manifest" href={p.seo.manifest} />
      <style dangerouslySetInnerHTML={{ __html: p.css }} />
      {p.preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {p.scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
    </>
  );
}
`,
  "templates/layout/Body.tsx": `/** Everything in <body>: the page's sections in <main>, and a footer. */
import type { ReactNode } from "react";
import { useRenderContext } from "#ssg/api";
import type { Page, Site } from "../types.ts";

export function Body({ children }: { children: ReactNode }) {
  const { site } = useRenderContext<Site, Page>();
  return (
    <>
      <main className="mx-auto max-w-2xl px-6 py-16">{children}</main>
      <footer className="mx-auto max-w-2xl px-6 pb-16 text-sm text-ink">{site.tagline}</footer>
    </>
  );
}
`,
  "templates/sections/Hello.tsx": `/** The section type "hello" (schemas/sections/hello.schema.json): a heading, a text, and a counter or a link. */
import { Island } from "#ssg/api";
import Counter from "../islands/Counter.tsx";
import type { HelloSection } from "../types.ts";

export function Hello({ section }: { section: HelloSection }) {
  return (
    <section className="space-y-4">
      <h1 className="text-4xl font-bold text-ink">{section.heading}</h1>
      {section.text && <p className="text-lg">{section.text}</p>}
      {section.counter && <Island name="Counter" component={Counter} props={section.counter} />}
      {section.link && (
        <a className="font-semibold text-primary underline" href={section.link.href}>
          {section.link.label}
        </a>
      )}
    </section>
  );
}
`,
  "templates/islands/Counter.tsx": `/**
 * An island: rendered on the server, then hydrated in the browser with Preact. Islands
 * take their hooks from the generator's runtime (React on the server, Preact in the
 * browser), never from React itself.
 */
import { useState } from "#ssg/islands-api";

export default function Counter({ label, start }: { label: string; start: number }) {
  const [count, setCount] = useState(start);
  return (
    <button type="button" className="rounded-md bg-primary px-4 py-2 font-semibold text-white" onClick={() => setCount(count + 1)}>
      {label}: {count}
    </button>
  );
}
`,
  "templates/styles.css": `/* The site's styles: Tailwind v4, compiled by the build with the brand font's @font-face rules. */
@import "tailwindcss" source(none);
@source "./**/*.{tsx,ts}";

@theme {
  --font-sans: "Inter", "Inter Fallback", "Inter Fallback Roboto", "Inter Fallback DejaVu", ui-sans-serif, system-ui, sans-serif;
  --color-primary: #2554eb;
  --color-ink: #1e348a;
}
`,
  "package.json": json({
    private: true,
    type: "module",
    description: "A site built with the content-in-JSON site generator.",
    // The generator's public API, by name, as this repository's own site imports it.
    imports: { "#ssg/api": "./.generator/scripts/api.ts", "#ssg/islands-api": "./.generator/scripts/islands-api.ts", "#ssg/forms": "./.generator/scripts/forms-api.ts" },
  }),
  "README.md": `# A site made with the content-in-JSON site generator

- \`content/\`: what editors change (site.json, pages/, assets/), each JSON file checked against its schema.
- \`schemas/\`: the shape of content; one schema per section type in \`schemas/sections/\`.
- \`templates/\`: React components; \`site.ts\` declares the site; \`sections/<Type>.tsx\` renders the section type of the same name; \`islands/\` run in the browser (Preact).

From the generator's folder: \`npm run build -- --project <this folder>\` writes \`dist/\` here; \`npm run dev -- --project <this folder>\` serves it and rebuilds on every save.
`,
};

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}

/** Writes the starter into dir; returns the files written (relative). Throws when dir has files already. */
export function writeStarter(dir: string): string[] {
  const target = path.resolve(dir);
  if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`${dir} already has files in it: give the name of a new or empty folder.`);
  const written: string[] = [];
  for (const [file, text] of Object.entries(STARTER)) {
    const abs = path.join(target, file);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
    written.push(file);
  }
  // The generator's API (package.json "imports"), and React, Preact and Tailwind from its own packages.
  symlinkSync(ROOT, path.join(target, ".generator"), "junction");
  symlinkSync(path.join(ROOT, "node_modules"), path.join(target, "node_modules"), "junction");
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir || process.argv.length > 3) {
    console.error("Usage: npm run new-site -- <folder>");
    process.exit(2);
  }
  try {
    const files = writeStarter(dir);
    console.log(`Wrote a new site into ${dir} (${files.length} files). Next:\n  npm run build -- --project ${dir}\n  npm run dev -- --project ${dir}`);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
