/**
 * Stage "write" (stages/write/write.ts): the files into a new version of dist/ swapped in whole, or, with
 * a memo of what dist/ holds, only the files that differ into the spare version, swapped in
 * the same way; then `npm run build` stores its memo (memo/stored-memo.ts).
 */
import type { Stage } from "../../build.ts";
import { encodePage } from "../render/render.tsx";
import { outputSignature, updateOutput, writeOutput } from "./write.ts";
import type { KeptPage, OutputState } from "../../model.ts";
import type { RenderMemo } from "../../memo/memo.ts";
import { dropStoredMemo, saveStoredMemo } from "../../memo/stored-memo.ts";

export const writeStage: Stage = {
  name: "write",
  runs: (b) => b.options.mode === "build" && !b.options.only,
  async run(b) {
    const { paths, options, memo, pages, fragments, pageKeys, output, routes, read, keptPages, validated, fileMemo } = b;
    const sorted = (b.files = new Map([...b.files].sort(([a], [c]) => a.localeCompare(c))));
    const encodedParts = new Map<string, Uint8Array>();
    const chunks = (file: string) => {
      const page = pages.get(file);
      return page && encodePage(page, fragments, encodedParts);
    };
    if (memo && options.write !== false) {
      // With a memo, only the files that differ from what dist/ holds are written (stages/write/write.ts).
      const signatures = new Map([...sorted].map(([file, data]) => [file, pageKeys.get(file) ?? outputSignature(data)]));
      try {
        ({ output: memo.output, spare: memo.spare } = await updateOutput(paths.dist, sorted, signatures, memo, chunks, output));
      } catch (err) {
        // What the versions hold is not known any more: the next build writes a new one whole.
        memo.output = memo.spare = undefined;
        if (b.jobs.code) await dropStoredMemo(paths).catch(() => {});
        throw err;
      }
      if (b.jobs.code) {
        const summaries = new Map<string, KeptPage>();
        routes.forEach((r, i) => {
          const page = pages.get(r.output);
          summaries.set(pageKeys.get(r.output)!, page ? { keys: page.keys, photoSlots: page.photoSlots, reads: read.ownReads[i]! } : keptPages.get(r.output)!);
        });
        // The Markdown texts are the build's Markdown fields (stages/resolve/resolve.ts parses each).
        const markdown = validated.annotations.filter((a) => a.kind === "markdown").map((a): [string, "inline" | "block"] => [a.value, a.arg === "inline" ? "inline" : "block"]);
        await saveStoredMemo(paths, await b.jobs.code, memo as RenderMemo & { output: OutputState }, summaries, markdown, fileMemo?.used ?? new Map());
      }
    } else if (output) await writeOutput(paths.dist, sorted, chunks, output);
    b.written = memo?.output?.changes ?? (output ? ["*"] : []);
  },
};
