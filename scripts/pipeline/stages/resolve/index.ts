/** Stage "resolve" (stages/resolve/resolve.ts): references between files, Markdown into trees (parsed by the worker threads first on a large site), assets into hashed addresses. */
import { resolve } from "./resolve.ts";
import type { Stage } from "../../build.ts";
import { preparseMarkdown } from "../render/pool.ts";

export const resolveStage: Stage = {
  name: "resolve",
  async run(b) {
    if (b.pool?.shares(b.validated.files.length)) await preparseMarkdown(b.pool, b.validated.annotations);
    b.resolved = resolve(b.validated, b.photos, b.marked);
  },
};
