/**
 * `json-site new <dir>` (in this repository also `npm run new-site -- <dir>`): writes a
 * minimal working site into <dir> (which must not exist or be empty): one page and the
 * not-found page, one section type (its schema and its component), one island, the site
 * module (templates/site.ts) and the "$schema" lines; and what makes it a project of its
 * own: a package.json that depends on the generator and names its commands, a tsconfig.json
 * under which its templates type-check, a .gitignore, a README and an example CI workflow.
 * No links and no absolute paths: `npm install` in <dir>, then `npm run dev` there.
 * docs/getting-started.md explains each file.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { GENERATOR } from "./lib/paths.ts";

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
import { defineSite } from "json-site/api";
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
import { useRenderContext, type DocumentHeadProps } from "json-site/api";
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
import { useRenderContext } from "json-site/api";
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
import { Island } from "json-site/api";
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
import { useState } from "json-site/islands-api";

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
};

/** What a new site installs besides the generator, at the versions the generator is tested with (tests/unit/new-site.test.ts keeps them in step with the lockfile). */
export const STARTER_PACKAGES = {
  dependencies: { "@expo-google-fonts/inter": "0.4.2", "@fontsource-variable/inter": "5.3.0", react: "19.3.1", "react-dom": "19.3.1" },
  devDependencies: { "@types/node": "20.19.43", "@types/react": "19.3.0", "@types/react-dom": "19.3.0", typescript: "5.9.3" },
};

/**
 * How the new site depends on this generator. Installed (it sits in a node_modules folder): as the
 * project that installed it names it, a packed file or a folder by a path made relative to the new
 * site, else the registry's version. From a checkout of its repository: its folder, by a relative
 * path that npm copies on install (.npmrc install-links), so that the site has one React, its own.
 */
export function generatorDependency(target: string): { spec: string; npmrc?: string } {
  const own = JSON.parse(readFileSync(path.join(GENERATOR, "package.json"), "utf8")) as { version: string };
  const parts = GENERATOR.split(path.sep);
  const at = parts.lastIndexOf("node_modules");
  if (at > 0) {
    // Installed: as the project that installed it names it (a packed file or a folder, by a path from there), else the registry's version.
    const host = parts.slice(0, at).join(path.sep) || path.sep;
    let spec: string | undefined;
    try {
      const pkg = JSON.parse(readFileSync(path.join(host, "package.json"), "utf8")) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
      spec = pkg.dependencies?.["json-site"] ?? pkg.devDependencies?.["json-site"];
    } catch {
      spec = undefined;
    }
    if (spec?.startsWith("file:")) {
      const from = path.relative(target, path.resolve(host, spec.slice("file:".length))).split(path.sep).join("/");
      return { spec: `file:${from.startsWith(".") ? from : `./${from}`}`, ...(spec.endsWith(".tgz") ? {} : { npmrc: INSTALL_LINKS }) };
    }
    return { spec: `^${own.version}` };
  }
  const from = path.relative(target, GENERATOR).split(path.sep).join("/");
  return {
    spec: `file:${from.startsWith(".") ? from : `./${from}`}`,
    npmrc: INSTALL_LINKS,
  };
}

const INSTALL_LINKS = "# The generator comes from a folder: npm copies it in (as from the registry) instead of linking it, so that the site and the generator share one React.\ninstall-links=true\n";

/** The files that make the site a project of its own: package.json, tsconfig.json, .gitignore, README.md, an example CI workflow. */
export function projectFiles(target: string): Record<string, string> {
  const generator = generatorDependency(target);
  const compilerOptions = (JSON.parse(readFileSync(path.join(GENERATOR, "tsconfig.json"), "utf8")) as { compilerOptions: object }).compilerOptions;
  const name =
    path
      .basename(target)
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "my-site";
  return {
    "package.json": json({
      name,
      private: true,
      type: "module",
      description: "A site built with json-site: content in JSON, pages drawn by React templates.",
      engines: { node: ">=20.19" },
      scripts: {
        dev: "json-site dev",
        build: "json-site build",
        check: "json-site check",
        studio: "json-site studio",
        start: "json-site start --build",
        types: "json-site types",
        explain: "json-site explain",
        test: "json-site check && tsc --noEmit && json-site build",
      },
      dependencies: { "json-site": generator.spec, ...STARTER_PACKAGES.dependencies },
      devDependencies: STARTER_PACKAGES.devDependencies,
    }),
    ...(generator.npmrc ? { ".npmrc": generator.npmrc } : {}),
    "tsconfig.json": json({ compilerOptions, include: ["templates"] }),
    ".gitignore": ["# Installed packages, and the build's cache in node_modules/.cache", "node_modules/", "# The build's output (made again by npm run build)", "dist/", ".dist-*/", "# Leads the local server received (npm start, npm run dev): people's details, never committed", "data/", ""].join("\n"),
    ".github/workflows/site.yml": `# Checks and builds the site on every push and pull request. Publish dist/ to any static host:
# the build writes _headers (Netlify, Cloudflare Pages) with the site's security and cache headers.
name: site
on: [push, pull_request]
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
      - run: npm ci
      - run: npm test
      - uses: actions/upload-artifact@v4
        with:
          name: dist
          path: dist
`,
    "README.md": `# ${name}

A site made with [json-site](https://www.npmjs.com/package/json-site): content in JSON, checked against JSON Schemas, drawn by React templates.

\`\`\`sh
npm install      # once
npm run dev      # http://localhost:3000, rebuilt on every save
\`\`\`

| Command | What it does |
|---|---|
| \`npm run dev\` | serves the site on http://localhost:3000 and rebuilds it on every save |
| \`npm run studio\` | forms for the content with a live preview, on http://localhost:3001 |
| \`npm run check\` | checks content, schemas and links without building |
| \`npm run build\` | writes \`dist/\`, the site to publish (\`-- --strict\`: warnings fail it too) |
| \`npm start\` | builds, then serves \`dist/\` as a static host would |
| \`npm run types\` | writes \`templates/content-types.ts\` from the schemas |
| \`npm run explain -- <code>\` | what an error or warning code means and what to do |
| \`npm test\` | the check, the templates' types and a build, as CI runs them |

- \`content/\`: what editors change (\`site.json\`, \`pages/\`, \`assets/\`), each JSON file checked against its schema.
- \`schemas/\`: the shape of content; one schema per section type in \`schemas/sections/\`.
- \`templates/\`: React components. \`site.ts\` declares the site; \`sections/<Type>.tsx\` draws the section type of the same name; \`islands/\` run in the browser (Preact).

Publish \`dist/\` to any static host; \`.github/workflows/site.yml\` builds it on every push.
`,
  };
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}

/** Writes the starter into dir; returns the files written (relative). Throws when dir has files already. */
export function writeStarter(dir: string): string[] {
  const target = path.resolve(dir);
  if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`${dir} already has files in it: give the name of a new or empty folder.`);
  const written: string[] = [];
  for (const [file, text] of Object.entries({ ...STARTER, ...projectFiles(target) })) {
    const abs = path.join(target, file);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
    written.push(file);
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  const dir = args[0];
  if (!dir || args.length > 1 || dir.startsWith("-")) {
    console.error("Usage: json-site new <folder>   (in this repository: npm run new-site -- <folder>)");
    process.exit(2);
  }
  try {
    const files = writeStarter(dir);
    console.log(`Wrote a new site into ${dir} (${files.length} files). Next:\n  cd ${dir}\n  npm install\n  npm run dev`);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
