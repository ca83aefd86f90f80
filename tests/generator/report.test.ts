/**
 * The report people read (scripts/problems/report.ts): issues that come in numbers (a
 * group, such as placeholder addresses) take one line each under one heading, with
 * their hint once; the dev server shows a group as one line.
 */
import { describe, expect, it } from "vitest";
import type { Issue, IssueGroup } from "../../scripts/problems/issues.ts";
import { describeIssues, printIssues, warningSummary, type PrintOptions } from "../../scripts/problems/report.ts";

const GROUP: IssueGroup = { name: "odd things", singular: "odd thing", heading: "each of them odd", hint: "Make them even." };

const odd = (file: string, line: number, detail: string, note?: string): Issue => ({
  code: "placeholder-address",
  severity: "warning",
  file,
  line,
  column: 3,
  pointer: `/x/${line}`,
  message: `The thing ${detail} is odd.`,
  hint: "Make it even.",
  group: GROUP,
  detail,
  ...(note ? { note } : {}),
});
const single: Issue = { code: "unlinked-page", severity: "warning", file: "content/b.json", line: 9, column: 1, pointer: "", message: "A lone warning.", hint: "Tidy it." };

function printed(issues: Issue[], options?: PrintOptions): string {
  let out = "";
  printIssues(issues, { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WriteStream, options);
  return out;
}

describe("printIssues", () => {
  it("lists a group one line per issue under its heading, notes under their line, and the hint once, after the other issues", () => {
    const issues = [odd("content/a.json", 1, "one"), odd("content/a.json", 5, "three", "Three is the odd one out."), single, odd("content/c.json", 2, "five")];
    expect(printed(issues)).toBe(
      [
        "warning[unlinked-page]: content/b.json:9:1",
        "  A lone warning.",
        "  hint: Tidy it.",
        "  see: npx json-site explain unlinked-page",
        "",
        "3 odd things in 2 files, each of them odd:",
        "warning[placeholder-address]: content/a.json:1:3 /x/1  one",
        "warning[placeholder-address]: content/a.json:5:3 /x/5  three",
        "  Three is the odd one out.",
        "warning[placeholder-address]: content/c.json:2:3 /x/2  five",
        "hint: Make them even.",
        "see: npx json-site explain placeholder-address",
        "",
        "",
      ].join("\n"),
    );
  });

  it("prints a group of one as any other issue, with its own message and hint", () => {
    expect(printed([odd("content/a.json", 1, "one")])).toBe("warning[placeholder-address]: content/a.json:1:3 /x/1\n  The thing one is odd.\n  hint: Make it even.\n  see: npx json-site explain placeholder-address\n\n");
  });

  it("brief: a group is one line with its count", () => {
    expect(printed([odd("content/a.json", 1, "one"), odd("content/c.json", 2, "five"), single], { brief: true })).toBe(
      "warning[unlinked-page]: content/b.json:9:1\n  A lone warning.\n  hint: Tidy it.\n  see: npx json-site explain unlinked-page\n\nwarning[placeholder-address]: 2 odd things in 2 files (run `npm run check` to list them).\n\n",
    );
  });

  it("errors come first, and the error summary says what they are", () => {
    const errors = [odd("content/a.json", 1, "one"), odd("content/a.json", 2, "two")].map((i) => ({ ...i, severity: "error" as const }));
    const out = printed([single, ...errors]);
    expect(out.indexOf("error[placeholder-address]: content/a.json:1:3")).toBeLessThan(out.indexOf("warning[unlinked-page]: content/b.json"));
    expect(out.trimEnd().split("\n").at(-1)).toBe("2 errors in content (2 odd things in 1 file), 1 warning(s). Nothing was written; dist/ is unchanged.");
  });
});

describe("summaries", () => {
  it("count the issues of each group and the others", () => {
    expect(describeIssues([single])).toBe("");
    expect(describeIssues([odd("content/a.json", 1, "one"), odd("content/c.json", 2, "five")])).toBe("2 odd things in 2 files");
    expect(describeIssues([odd("content/a.json", 1, "one"), single, single])).toBe("1 odd thing in 1 file, 2 others");
  });

  it("end a run that succeeded with one line about its warnings", () => {
    expect(warningSummary([])).toBe("");
    expect(warningSummary([single])).toBe("1 warning (above).");
    expect(warningSummary(Array.from({ length: 27 }, (_, i) => odd(`content/${i % 4}.json`, i + 1, "x")))).toBe("27 warnings: 27 odd things in 4 files (above).");
  });
});
