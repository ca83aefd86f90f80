/**
 * Stage "validate" (stages/validate/validate.ts): every content file against its schema, noting the fields
 * later stages act on; the files of content/assets/ themselves; placeholder addresses (kept
 * for the routes stage: warnings join the others once the content has no errors, with
 * --strict they are errors). Stops on any error.
 */
import { createValidator, validateContent } from "./validate.ts";
import type { Stage } from "../../build.ts";
import { assetIssues } from "./asset-checks.ts";
import { placeholderIssues } from "./placeholders.ts";
import { SchemaError } from "./schemas.ts";

export const validateStage: Stage = {
  name: "validate",
  run(b) {
    const { warm, schemas, loaded, siteModule, options } = b;
    try {
      b.validator = warm?.validator ?? createValidator(schemas, b.generated);
    } catch (err) {
      // Mistakes in schemas/ (schema-check.ts): reported like content's, at their file, line and column.
      if (err instanceof SchemaError) return { issues: err.issues };
      throw err;
    }
    if (warm) warm.validator = b.validator;
    const validated = (b.validated = validateContent(loaded, schemas, b.validator));
    // The files of content/assets/ themselves: named as what they are, no script in an SVG, not too large.
    validated.issues.push(...assetIssues(loaded.assets, loaded.files, validated.annotations, siteModule.templateAssets));
    b.placeholders = placeholderIssues(validated.files, schemas, options.strict ? "error" : "warning");
    if (validated.issues.some((i) => i.severity === "error")) return { issues: [...validated.issues, ...(options.strict ? b.placeholders : [])] };
  },
};
