/** Case-study status badges: Available green, Leased blue, Under Review yellow, anything else neutral. */
import { describe, expect, it } from "vitest";
import { STATUS_CLASSES, statusTone } from "../../templates/ui/status.ts";

describe("status colours", () => {
  it.each([
    ["Available", "green"],
    ["Leased", "blue"],
    ["Under Review", "yellow"],
    ["under  review ", "yellow"],
    ["LEASED", "blue"],
    ["Sold", "neutral"],
    ["Coming Soon", "neutral"],
    ["", "neutral"],
  ] as const)("%j is %s", (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it("each tone has its own badge colours", () => {
    expect(new Set(Object.values(STATUS_CLASSES)).size).toBe(4);
    expect(STATUS_CLASSES.green).toContain("emerald");
    expect(STATUS_CLASSES.blue).toContain("blue");
    expect(STATUS_CLASSES.yellow).toContain("amber");
    expect(STATUS_CLASSES.neutral).toContain("ink");
  });
});
