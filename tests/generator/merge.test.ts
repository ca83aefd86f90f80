/**
 * The Studio's three-way merge (scripts/studio/merge.ts), over random content: a side that
 * changed nothing takes the other's whole; edits to different fields, to different items of a
 * list while the other side adds one, and to different lines of a text all survive; the same
 * field changed two ways is a conflict at its pointer, and nothing is decided for the editor.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonical, mergeData } from "../../scripts/studio/merge.ts";

const json = fc.jsonValue({ maxDepth: 3 });
const record = fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.string({ maxLength: 12 }), { minKeys: 2, maxKeys: 8 });

describe("the Studio's three-way merge", () => {
  it("takes the other side whole when one side changed nothing, and agrees with itself", () => {
    fc.assert(
      fc.property(json, json, (base, other) => {
        expect(canonical(mergeData(base, base, other).value)).toBe(canonical(other));
        expect(canonical(mergeData(base, other, base).value)).toBe(canonical(other));
        expect(mergeData(base, other, other)).toMatchObject({ conflicts: [] });
        expect(mergeData(base, other, base).fromTheirs).toEqual([]);
      }),
    );
  });

  it("keeps both sides' edits to different fields, and names the fields it took from the other side", () => {
    fc.assert(
      fc.property(record, fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (base, a, b) => {
        const keys = Object.keys(base);
        const [k1, k2] = [keys[0]!, keys[1]!];
        const mine = { ...base, [k1]: `${base[k1]}${a}!` };
        const theirs = { ...base, [k2]: `${base[k2]}${b}?` };
        const merged = mergeData({ fields: base }, { fields: mine }, { fields: theirs });
        expect(merged.conflicts).toEqual([]);
        expect(merged.value).toEqual({ fields: { ...base, [k1]: mine[k1], [k2]: theirs[k2] } });
        expect(merged.fromTheirs).toEqual([`/fields/${k2.replace(/~/g, "~0").replace(/\//g, "~1")}`]);
      }),
    );
  });

  it("keeps an edit to one item while the other side adds or removes another", () => {
    const items = fc.uniqueArray(fc.record({ heading: fc.string({ minLength: 1, maxLength: 10 }) }), { minLength: 3, maxLength: 8, selector: (i) => i.heading });
    fc.assert(
      fc.property(items, fc.nat(), fc.nat(), fc.boolean(), (base, editAt, at, add) => {
        const edited = editAt % base.length;
        const mine = base.map((s, i) => (i === edited ? { heading: `${s.heading} (edited)` } : s));
        // The other side adds an item, or removes one other than the edited item.
        const removeAt = [...base.keys()].filter((i) => i !== edited)[at % (base.length - 1)]!;
        const theirs = add ? [...base.slice(0, at % (base.length + 1)), { heading: "A new item" }, ...base.slice(at % (base.length + 1))] : base.filter((_, i) => i !== removeAt);
        const merged = mergeData({ sections: base }, { sections: mine }, { sections: theirs });
        expect(merged.conflicts).toEqual([]);
        const headings = (merged.value as { sections: { heading: string }[] }).sections.map((s) => s.heading);
        expect(headings).toContain(`${base[edited]!.heading} (edited)`);
        if (add) expect(headings).toContain("A new item");
        else expect(headings).not.toContain(base[removeAt]!.heading);
        expect(headings).toHaveLength(theirs.length);
      }),
    );
  });

  it("merges a text's lines as git does, and asks when both changed the same line", () => {
    const base = "Line one\nLine two\nLine three\nLine four\nLine five\n";
    const mine = base.replace("Line one", "Line one, edited here");
    const theirs = base.replace("Line five", "Line five, edited elsewhere");
    expect(mergeData({ body: base }, { body: mine }, { body: theirs })).toEqual({
      value: { body: "Line one, edited here\nLine two\nLine three\nLine four\nLine five, edited elsewhere\n" },
      conflicts: [],
      fromTheirs: ["/body"],
    });
    const clash = mergeData({ body: base }, { body: mine }, { body: base.replace("Line one", "Line one, otherwise") });
    expect(clash.conflicts).toEqual([{ pointer: "/body", mine, theirs: base.replace("Line one", "Line one, otherwise") }]);
    expect(clash.value).toEqual({ body: mine });
  });

  it("reports the same field changed two ways as a conflict at its pointer, keeping mine in the merged value", () => {
    fc.assert(
      fc.property(record, fc.string({ minLength: 1, maxLength: 8 }), (base, word) => {
        const key = Object.keys(base)[0]!;
        const mine = { ...base, [key]: `${word}-mine` };
        const theirs = { ...base, [key]: `${word}-theirs` };
        const merged = mergeData([base], [mine], [theirs]);
        expect(merged.conflicts).toEqual([{ pointer: `/0/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, mine: mine[key], theirs: theirs[key] }]);
        expect(merged.value).toEqual([mine]);
      }),
    );
  });
});
