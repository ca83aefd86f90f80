/**
 * A build worker thread (see pool.ts): compiles the stylesheet, parses Markdown and
 * renders pages with the same functions the main thread uses, on data it is sent.
 */
import { parentPort } from "node:worker_threads";
import type { Job, RenderSetup } from "./worker-jobs.ts";
import type { FragmentCache, RenderInput } from "./render.tsx";
import type { Route } from "../routes/routes.ts";
import type { PageSeo } from "./seo.ts";

let input: RenderInput | undefined;
/** Shared parts this worker has rendered: each is sent to the main thread once, with the first page that uses it. */
const fragments: FragmentCache = new Map();
/** The head data (seo.ts) of the pages being rendered, sent with them by the main thread. */
const heads = new Map<Route, PageSeo>();

async function handle(msg: Job): Promise<unknown> {
  switch (msg.job) {
    case "styles": {
      const { buildStyles } = await import("./styles.ts");
      return buildStyles(msg.templatesDir, msg.font);
    }
    case "parse": {
      const { parseMarkdownUncached } = await import("../resolve/markdown.ts");
      return msg.items.map(([text, mode]) => parseMarkdownUncached(text, mode));
    }
    case "setup": {
      const { loadSectionComponents } = await import("./render.tsx");
      const { loadSiteModule } = await import("../../../lib/site-module.ts");
      const s: RenderSetup = msg.setup;
      input = { ...s.input, seo: { head: (route) => heads.get(route)!, outputs: new Set(), files: () => Promise.reject(new Error("not in a worker")) }, sections: await loadSectionComponents(s.templatesDir, s.sectionTypes), siteModule: await loadSiteModule(s.templatesDir) };
      fragments.clear();
      return true;
    }
    case "lists": {
      if (!input) throw new Error("lists before setup");
      input.lists = msg.lists;
      // Parts rendered before are sent again with the pages that use them (the main thread keeps the first).
      fragments.clear();
      return true;
    }
    case "render": {
      if (!input) throw new Error("render before setup");
      const { renderPage, ListsNeeded } = await import("./render.tsx");
      msg.routes.forEach((r, i) => heads.set(r, msg.heads[i]!));
      try {
        return msg.routes.map((r) => renderPage(r, input!, fragments));
      } catch (err) {
        if (err instanceof ListsNeeded) return { listsNeeded: true };
        throw err;
      } finally {
        heads.clear();
      }
    }
  }
}

parentPort!.on("message", (msg: Job & { id: number }) => {
  handle(msg).then(
    (value) => parentPort!.postMessage({ id: msg.id, ok: true, value }),
    (err: unknown) =>
      parentPort!.postMessage({
        id: msg.id,
        ok: false,
        message: err instanceof Error ? err.message : String(err),
        ...(err instanceof Error && err.stack ? { stack: err.stack } : {}),
        // A template's mistake (render.tsx TemplateError) stays one: its name and its place in content.
        ...(err instanceof Error ? { name: err.name } : {}),
        ...((err as { place?: unknown }).place ? { place: (err as { place?: unknown }).place } : {}),
      }),
  );
});
