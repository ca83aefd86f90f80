import { describe, expect, it } from "vitest";
import { classifyLink, normalizeRoute } from "../../scripts/lib/url.ts";

describe("classifyLink", () => {
  it.each([
    ["/pricing", { kind: "internal", path: "/pricing", hash: "" }],
    ["/solutions/#top", { kind: "internal", path: "/solutions/", hash: "#top" }],
    ["/a?b=1", { kind: "internal", path: "/a", hash: "?b=1" }],
    ["#main", { kind: "anchor" }],
    ["https://help.example.com/x?y", { kind: "external" }],
    ["http://example.com", { kind: "external" }],
    ["mailto:hello@example.com?subject=Hi", { kind: "external" }],
    ["tel:+1 (403) 555-0100", { kind: "external" }],
  ])("accepts %s", (href, expected) => {
    expect(classifyLink(href)).toEqual(expected);
  });

  it.each([
    ["javascript:alert(1)", 'Links starting with "javascript:" are not allowed.'],
    ["JavaScript:alert(1)", 'Links starting with "JavaScript:" are not allowed.'],
    ["data:text/html,hi", 'Links starting with "data:" are not allowed.'],
    ["//evil.example.com", '"//evil.example.com" has no scheme.'],
    ["pricing", '"pricing" is neither a page of this site nor a full address.'],
    ["www.example.com", '"www.example.com" is neither a page of this site nor a full address.'],
    [" /pricing", "The address starts or ends with spaces."],
    ["https://", '"https://" is not a complete address.'],
  ])("rejects %s", (href, reason) => {
    const c = classifyLink(href);
    expect(c.kind).toBe("unsafe");
    expect(c.kind === "unsafe" && c.reason).toBe(reason);
  });

  it("suggests the fix for a missing slash or scheme", () => {
    expect(classifyLink("pricing")).toMatchObject({ hint: "Pages of this site start with a slash: /pricing." });
    expect(classifyLink("www.example.com")).toMatchObject({ hint: "Write https://www.example.com." });
  });
});

describe("normalizeRoute", () => {
  it("drops trailing slashes but keeps the root", () => {
    expect(normalizeRoute("/a/")).toBe("/a");
    expect(normalizeRoute("/a")).toBe("/a");
    expect(normalizeRoute("/")).toBe("/");
  });
});
