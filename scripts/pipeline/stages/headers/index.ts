/**
 * Stage "headers" (stages/headers/headers.ts): the security and caching headers (dist/_headers and its
 * nginx and CloudFront twins), from the finished output and what the check stage read: each
 * shared part once, with the first page that has it. Stops on any error.
 */
import type { SiteSettings as Site } from "../../../api.ts";
import type { Stage } from "../../build.ts";
import { scanWholePage } from "../check/check.ts";
import { headerFiles, sitePolicy } from "./headers.ts";
import { keysOf } from "../render/index.ts";

export const headersStage: Stage = {
  name: "headers",
  runs: (b) => b.options.mode === "build" && !b.options.only,
  run(b) {
    const { routes, read, files, issues, siteModule } = b;
    const scannedParts = new Set<string>();
    const readOf = new Map(routes.map((r, i) => [r.output, read.ownReads[i]!]));
    const routeOf = new Map(routes.map((r) => [r.output, r]));
    const headers = headerFiles(sitePolicy(siteModule, b.input.site as unknown as Site), files, routes, (file, data) => {
      const route = routeOf.get(file);
      if (!route) return scanWholePage(file, data); // HTML that is not a rendered page (a content asset)
      const fresh = keysOf(b, route).filter((k) => !scannedParts.has(k) && scannedParts.add(k));
      return [...readOf.get(file)!.map((r) => r.scan), ...fresh.map((k) => read.parts.get(k)!.scan)];
    });
    issues.push(...headers.issues);
    if (issues.some((i) => i.severity === "error")) return { issues, routes };
    for (const [out, text] of headers.files) files.set(out, text);
  },
};
