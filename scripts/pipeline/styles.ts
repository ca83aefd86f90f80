/** Styles: Tailwind CSS v4 compiled from templates/styles.css, scanning the templates for class names; minified. */
import { promises as fs } from "node:fs";
import path from "node:path";
import { compile, optimize } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";

export async function buildStyles(templatesDir: string): Promise<string> {
  const input = path.join(templatesDir, "styles.css");
  const compiler = await compile(await fs.readFile(input, "utf8"), { base: templatesDir, onDependency: () => {} });
  const sources = [
    ...(compiler.root === "none" || compiler.root === null ? [] : [{ ...compiler.root, negated: false }]),
    ...compiler.sources,
  ];
  const scanner = new Scanner({ sources });
  const candidates = scanner.scan().sort();
  const css = optimize(compiler.build(candidates), { minify: true }).code;
  // The stylesheet is inlined in a <style> element, which "</style" would end early.
  if (/<\/style/i.test(css)) throw new Error('The compiled stylesheet contains "</style", which would end its inline <style> element: look for it in templates/ (a class name or styles.css).');
  return css;
}
