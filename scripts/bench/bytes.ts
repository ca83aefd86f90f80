/**
 * Section 3, bytes: bytes per page for every HTML page in dist/routes.json, read from the
 * dist/ that is there (nothing is built). HTML, CSS (linked stylesheets plus the inlined
 * <style> in the head) and the JS loaded before interaction (module scripts, modulepreloads
 * and their static imports), raw and gzip -9, each file counted once per page; references
 * with no file in dist/ are listed as unresolved.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { inlineStyles } from "../lib/budgets.ts";
import { addSizes, pageLoad, sizeOf, type LoadedFile, type Size } from "../lib/sizes.ts";
import { paths } from "./shared.ts";

interface RouteRow {
  path: string;
  output: string;
  status: number;
  alias: boolean;
}

export interface PageBytes {
  path: string;
  output: string;
  status: number;
  alias: boolean;
  html: Size;
  css: Size;
  js: Size;
  total: Size;
  files: { css: LoadedFile[]; js: LoadedFile[] };
  unresolved: string[];
}

export function pageBytes(): PageBytes[] {
  const routes = JSON.parse(readFileSync(path.join(paths.dist, "routes.json"), "utf8")) as RouteRow[];
  const cache = new Map<string, Uint8Array | undefined>();
  const read = (sitePath: string): Uint8Array | undefined => {
    if (!cache.has(sitePath)) {
      const file = path.join(paths.dist, ...sitePath.split("/").filter(Boolean));
      const inside = file.startsWith(paths.dist + path.sep);
      cache.set(sitePath, inside && existsSync(file) && statSync(file).isFile() ? readFileSync(file) : undefined);
    }
    return cache.get(sitePath);
  };
  return routes
    .filter((r) => r.output.endsWith(".html"))
    .map((r) => {
      const bytes = readFileSync(path.join(paths.dist, r.output));
      const html = sizeOf(bytes);
      const text = bytes.toString("utf8");
      const load = pageLoad(text, r.path, read);
      // The stylesheet is inlined: it counts as CSS here, and is already inside the HTML's bytes.
      const linked = addSizes(load.css);
      const css = addSizes([linked, ...inlineStyles(text.slice(0, text.indexOf("<body"))).map(sizeOf)]);
      const js = addSizes(load.js);
      return {
        path: r.path,
        output: r.output,
        status: r.status,
        alias: r.alias,
        html,
        css,
        js,
        total: addSizes([html, linked, js]),
        files: { css: load.css, js: load.js },
        unresolved: load.unresolved,
      };
    });
}
