/**
 * Styles: Tailwind CSS v4 compiled from templates/styles.css, scanning the templates for
 * class names, with the brand font's @font-face rules (font.ts) added; minified. Returns the
 * files it read too (styles.css, what it imports, the files scanned, the font), for the
 * build cache's trace (cache.ts).
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { compile, optimize } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";
import { fontFaceCss } from "../media/font.ts";
import type { ResolvedFont } from "../../../lib/site-module.ts";

export interface Styles {
  css: string;
  /** Absolute paths of the files read. */
  read: string[];
}

export async function buildStyles(templatesDir: string, font: ResolvedFont): Promise<Styles> {
  const input = path.join(templatesDir, "styles.css");
  // The @font-face rules come from the font's own metrics (font.ts); --font-sans in styles.css names their families.
  const [source, fontFaces] = await Promise.all([fs.readFile(input, "utf8"), fontFaceCss(font)]);
  const read = [input, font.path];
  const compiler = await compile(`${source}\n${fontFaces}`, { base: templatesDir, onDependency: (file) => read.push(file) });
  const sources = [
    ...(compiler.root === "none" || compiler.root === null ? [] : [{ ...compiler.root, negated: false }]),
    ...compiler.sources,
  ];
  const scanner = new Scanner({ sources });
  const candidates = scanner.scan().sort();
  const css = dropExactColorMixes(optimize(compiler.build(candidates), { minify: true }).code);
  // The stylesheet is inlined in a <style> element, which "</style" would end early.
  if (/<\/style/i.test(css)) throw new Error('The compiled stylesheet contains "</style", which would end its inline <style> element: look for it in templates/ (a class name or styles.css).');
  return { css, read: [...read, ...scanner.files] };
}

/**
 * Tailwind writes a theme colour with an opacity modifier (`bg-white/10`) twice: a
 * fallback with the colour's value and alpha (`#ffffff1a`), then the same rule again
 * under `@supports (color: color-mix(…))` as `color-mix(in oklab, var(--color-white) 10%,
 * transparent)`. Mixing with transparent only lowers the alpha, so where the fallback is
 * a hex colour and the theme variable keeps one value (it is declared once: no dark mode
 * redefines it), the two are the same colour and the second copy is dropped: about 600
 * bytes of gzip on every page of this site, whose CSS is inlined. A fallback that is not
 * the colour (`currentColor` for `bg-current/10`) keeps its color-mix.
 */
export function dropExactColorMixes(css: string): string {
  // How often each theme colour is declared, counted in one pass (not once per rule).
  const declarations = new Map<string, number>();
  for (const [, name] of css.matchAll(/(--color-[a-z0-9-]+):/g)) declarations.set(name!, (declarations.get(name!) ?? 0) + 1);
  const declaredOnce = (name: string) => declarations.get(name) === 1;
  return css.replace(
    /([^{}]+)\{([a-z-]+):(#[0-9a-f]{8})\}@supports \(color:color-mix\(in lab, red, red\)\)\{([^{}]+)\{([a-z-]+):color-mix\(in oklab, var\((--color-[a-z0-9-]+)\) \d+(?:\.\d+)?%, transparent\)\}\}/g,
    (whole, selector: string, property: string, fallback: string, selector2: string, property2: string, variable: string) =>
      selector === selector2 && property === property2 && declaredOnce(variable) ? `${selector}{${property}:${fallback}}` : whole,
  );
}
