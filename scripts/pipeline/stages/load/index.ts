/** Stage "load" (stages/load/load.ts): the content files read with positions, the schemas and the site module; each Markdown kind's schema checked. */
import { load } from "./load.ts";
import type { Stage } from "../../build.ts";
import { checkKindSchemas, SchemaError } from "../validate/schemas.ts";

export const loadStage: Stage = {
  name: "load",
  async run(b) {
    const kinds = b.jobs.siteModule.then((m) => m.kinds ?? []);
    try {
      [b.schemas, b.loaded, b.siteModule] = await Promise.all([b.jobs.schemas, load(b.paths, kinds, b.options.drafts, b.fileMemo), b.jobs.siteModule]);
    } catch (err) {
      // A schema that is not JSON (schemas.ts): said at its place, like a content file's.
      if (err instanceof SchemaError) return { issues: err.issues };
      throw err;
    }
    checkKindSchemas(b.siteModule.kinds ?? [], b.schemas);
  },
};
