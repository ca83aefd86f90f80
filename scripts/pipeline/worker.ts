/**
 * A build worker thread (see pool.ts): compiles the stylesheet, parses Markdown and
 * renders pages with the same functions the main thread uses, on data it is sent.
 */
import { parentPort } from "node:worker_threads";
import type { Job, RenderSetup } from "./pool.ts";
import type { RenderInput } from "./render.tsx";

let input: RenderInput | undefined;

async function handle(msg: Job): Promise<unknown> {
  switch (msg.job) {
    case "styles": {
      const { buildStyles } = await import("./styles.ts");
      return buildStyles(msg.templatesDir);
    }
    case "parse": {
      const { parseMarkdownUncached } = await import("./markdown.ts");
      return msg.items.map(([text, mode]) => parseMarkdownUncached(text, mode));
    }
    case "setup": {
      const { loadSectionComponents } = await import("./render.tsx");
      const s: RenderSetup = msg.setup;
      input = { ...s.input, sections: await loadSectionComponents(s.templatesDir, s.sectionTypes) };
      return true;
    }
    case "render": {
      if (!input) throw new Error("render before setup");
      const { renderRoute } = await import("./render.tsx");
      return msg.routes.map((r) => renderRoute(r, input!));
    }
  }
}

parentPort!.on("message", (msg: Job & { id: number }) => {
  handle(msg).then(
    (value) => parentPort!.postMessage({ id: msg.id, ok: true, value }),
    (err: unknown) =>
      parentPort!.postMessage({ id: msg.id, ok: false, message: err instanceof Error ? err.message : String(err), ...(err instanceof Error && err.stack ? { stack: err.stack } : {}) }),
  );
});
