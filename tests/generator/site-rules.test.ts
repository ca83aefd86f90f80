/** A site's own checks (SiteModule.checks) become located warnings with the site's words, never lost. */
import { describe, expect, it } from "vitest";
import { parseJson } from "../../scripts/lib/json.ts";
import { siteRuleIssues } from "../../scripts/pipeline/stages/routes/site-rules.ts";

const text = '{\n  "name": "Kites",\n  "orders": {\n    "hook": "https://example.org/x",\n    "type": "json"\n  }\n}\n';
const parsed = parseJson(text);
const source = { file: "content/site.json", positions: parsed.positions } as never;
const content = { files: [{ file: "content/site.json", kind: "site", name: "site", data: parsed.value as Record<string, unknown> }], sources: new Map([["content/site.json", source]]) } as never;

describe("siteRuleIssues", () => {
  it("places each finding at its field, as a site-rule warning with the site's message and hint", () => {
    const issues = siteRuleIssues({ checks: (site) => ((site as { orders: { type: string } }).orders.type === "json" ? [{ file: "content/site.json", pointer: "/orders/type", message: "Orders must be sent as text.", hint: "Write \"text\"." }] : []) }, content);
    expect(issues).toEqual([{ code: "site-rule", severity: "warning", file: "content/site.json", line: 5, column: 13, pointer: "/orders/type", message: "Orders must be sent as text.", hint: 'Write "text".' }]);
  });

  it("puts a finding about a field the file lacks at the nearest field above it, and one about an unknown file at 1:1", () => {
    const issues = siteRuleIssues({ checks: () => [{ file: "content/site.json", pointer: "/orders/nope", message: "m" }, { file: "content/other.json", pointer: "/x", message: "n" }] }, content);
    expect(issues.map((i) => `${i.file}:${i.line}:${i.column}`)).toEqual(["content/site.json:3:13", "content/other.json:1:1"]);
  });

  it("gives nothing for a site without checks", () => {
    expect(siteRuleIssues({}, content)).toEqual([]);
  });
});
