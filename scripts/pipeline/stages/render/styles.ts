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
  const css = optimize(compiler.build(candidates), { minify: true }).code;
  // The stylesheet is inlined in a <style> element, which "</style" would end early.
  if (/<\/style/i.test(css)) throw new Error('The compiled stylesheet contains "</style", which would end its inline <style> element: look for it in templates/ (a class name or styles.css).');
  return { css, read: [...read, ...scanner.files] };
}
