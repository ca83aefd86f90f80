/** The Studio's names for fields (scripts/studio/words.ts): what the editor reads in problems, changes and conflicts. */
import { describe, expect, it } from "vitest";
import { fieldInWords, inWords, summaryOf } from "../../scripts/studio/words.ts";

describe("fieldInWords", () => {
  it("says where a field is, lists numbered from 1", () => {
    expect(fieldInWords("")).toBe("The whole file");
    expect(fieldInWords("/sections/2/heading")).toBe("Section 3 › Heading");
    expect(fieldInWords("/seo/srLabel")).toBe("Search engines (SEO) › Label for screen readers");
    expect(fieldInWords("/0/name")).toBe("Item 1 › Name");
  });

  it("names an item by what it says when it is given the file's data, as the form does", () => {
    const data = { items: [{ id: "core", name: "Core" }, { id: "flow", name: "Flow", features: ["A", "B"] }], sections: [{ type: "hero" }] };
    expect(fieldInWords("/items/1/name", data)).toBe("Item 2: Flow › Name");
    // A list of texts: numbered, the text itself is the field's value, not its name.
    expect(fieldInWords("/items/1/features/0", data)).toBe("Item 2: Flow › Feature 1");
    // Nothing to say (no text of its own), or a pointer past the data: numbered only.
    expect(fieldInWords("/sections/0/heading", data)).toBe("Section 1 › Heading");
    expect(fieldInWords("/items/5/name", data)).toBe("Item 6 › Name");
  });
});

describe("summaryOf", () => {
  it("takes a label, title or name first, drops Markdown marks and shortens long texts", () => {
    expect(summaryOf({ href: "/x", label: "Contact" })).toBe("Contact");
    expect(summaryOf({ quote: "**Great** [service](/x)", author: "Board president" })).toBe("Board president");
    expect(summaryOf({ body: "A *short* text" })).toBe("A short text");
    expect(summaryOf({ title: "x".repeat(60) })).toBe(`${"x".repeat(47)}…`);
    expect(summaryOf("text")).toBe("");
    expect(inWords("cardGrid")).toBe("Card grid");
  });
});
