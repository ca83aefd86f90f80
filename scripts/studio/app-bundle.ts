/**
 * The Studio's browser app (scripts/studio/app/), bundled with esbuild in memory when
 * the Studio starts: React, the form library and CodeMirror in one script and one
 * stylesheet. Production React, minified: the editor opens fast on a laptop.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readFile } from "node:fs/promises";
import { build } from "esbuild";

const APP = path.join(path.dirname(fileURLToPath(import.meta.url)), "app", "main.tsx");

/**
 * The site's theme tokens (the custom properties of the @theme block in
 * templates/styles.css, as Tailwind declares them), so the Studio wears the site's
 * colours; none when the site has no such block.
 */
export async function siteTokens(templates: string): Promise<string> {
  const css = await readFile(path.join(templates, "styles.css"), "utf8").catch(() => "");
  const theme = /@theme\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
  const colours = [...theme.matchAll(/(--color-[\w-]+)\s*:\s*([^;]+);/g)].map((m) => `${m[1]}:${m[2]!.trim()}`);
  return colours.length ? `:root{${colours.join(";")}}\n` : "";
}

export async function bundleApp(templates?: string): Promise<{ js: string; css: string }> {
  const result = await build({
    entryPoints: [APP],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    minify: true,
    outdir: "/studio-app",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
    legalComments: "none",
  });
  const js = result.outputFiles.find((f) => f.path.endsWith(".js"))?.text ?? "";
  const css = (templates ? await siteTokens(templates) : "") + (result.outputFiles.find((f) => f.path.endsWith(".css"))?.text ?? "");
  return { js, css };
}
