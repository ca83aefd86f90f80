/**
 * The Studio's form widgets (scripts/studio/app/widgets/): which widget a schema gets,
 * the decisions they make (filtering, record choices, Markdown edits, value sync), and
 * their server-rendered markup (roles, names, ids). The interaction itself (keyboard,
 * dialog, CodeMirror) is checked in a real browser by the Studio's browser tests.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import type { WidgetProps } from "@rjsf/utils";
import { StudioContext, type StudioContextValue } from "../../scripts/studio/app/context.ts";
import { studioWidgets, widgetFor } from "../../scripts/studio/app/widgets/index.ts";
import { assetFileName, diffText, filterAddresses, filterAssets, makeLink, oneLine, recordOptions, toggleWrap, type TextEdit } from "../../scripts/studio/app/widgets/logic.ts";

const context: StudioContextValue = {
  addresses: ["/", "/pricing", "/solutions", "/solutions/owners", "/about-solutions"],
  assets: [
    { name: "assets/lobby.jpg", url: "/studio/assets/lobby.jpg", bytes: 245_000, width: 1600, height: 1067 },
    { name: "assets/hero-skyline.svg", url: "/studio/assets/hero-skyline.svg", bytes: 4_800 },
  ],
  records: { plans: [{ id: "flow", label: "Flow" }, { id: "pulse", label: "Pulse" }] },
  upload: () => Promise.reject(new Error("no")),
};

function render(widget: string, props: Partial<WidgetProps>): string {
  const Widget = studioWidgets[widget]!;
  const all = {
    id: "root_field",
    name: "field",
    value: undefined,
    label: "Field",
    required: false,
    disabled: false,
    readonly: false,
    schema: { type: "string" },
    options: {},
    onChange: () => {},
    onBlur: () => {},
    onFocus: () => {},
    registry: {},
    ...props,
  } as unknown as WidgetProps;
  return renderToStaticMarkup(
    <StudioContext.Provider value={context}>
      <Widget {...all} />
    </StudioContext.Provider>,
  );
}

function apply(doc: string, edit: TextEdit): { text: string; selected: string } {
  // The changes are in the original document's positions, as CodeMirror takes them.
  let text = doc;
  for (const change of [...edit.changes].sort((a, b) => b.from - a.from)) text = text.slice(0, change.from) + change.insert + text.slice(change.to);
  return { text, selected: text.slice(Math.min(edit.anchor, edit.head), Math.max(edit.anchor, edit.head)) };
}

describe("widgetFor", () => {
  it("names the widget of each schema keyword, and none for other fields", () => {
    expect(widgetFor({ type: "string", "x-link": true })).toBe("LinkWidget");
    expect(widgetFor({ type: "string", "x-asset": true })).toBe("AssetWidget");
    expect(widgetFor({ type: "string", "x-ref": "plans" })).toBe("RecordWidget");
    expect(widgetFor({ type: "string", "x-markdown": "inline" })).toBe("MarkdownWidget");
    expect(widgetFor({ type: "string", "x-markdown": "block" })).toBe("MarkdownWidget");
    expect(widgetFor({ type: "string" })).toBeUndefined();
    expect(widgetFor({ type: "string", "x-link": false, "x-markdown": "other", "x-ref": "" })).toBeUndefined();
    for (const key of ["LinkWidget", "AssetWidget", "RecordWidget", "MarkdownWidget"]) expect(typeof studioWidgets[key]).toBe("function");
  });
});

describe("filterAddresses", () => {
  it("matches anywhere, ignoring case, those starting with the text first", () => {
    expect(filterAddresses(context.addresses, "SOL")).toEqual(["/solutions", "/solutions/owners", "/about-solutions"]);
    expect(filterAddresses(context.addresses, "/sol")).toEqual(["/solutions", "/solutions/owners"]);
    expect(filterAddresses(context.addresses, "owners")).toEqual(["/solutions/owners"]);
    expect(filterAddresses(context.addresses, "")).toEqual(context.addresses);
    expect(filterAddresses(context.addresses, "https://example.com")).toEqual([]);
  });
});

describe("filterAssets", () => {
  it("keeps the images whose file name has every word", () => {
    expect(filterAssets(context.assets, "SKY svg").map((a) => a.name)).toEqual(["assets/hero-skyline.svg"]);
    expect(filterAssets(context.assets, "assets")).toEqual([]);
    expect(filterAssets(context.assets, " ").length).toBe(2);
    expect(assetFileName("assets/team/ann.jpg")).toBe("team/ann.jpg");
  });
});

describe("recordOptions", () => {
  const plans = context.records["plans"]!;
  it("keeps an unknown id as '(not found)' rather than dropping it", () => {
    const options = recordOptions(plans, "gone", true);
    expect(options.map((o) => o.text)).toEqual(["gone (not found)", "Flow (flow)", "Pulse (pulse)"]);
  });
  it("offers an empty choice when not required, or when nothing is chosen yet", () => {
    expect(recordOptions(plans, "flow", false)[0]).toEqual({ value: "", text: "None" });
    expect(recordOptions(plans, undefined, true)[0]).toEqual({ value: "", text: "Choose…" });
    expect(recordOptions(plans, "flow", true).some((o) => o.value === "")).toBe(false);
  });
});

describe("Markdown edits", () => {
  it("bold wraps the selection and selects the words, and unwraps it again", () => {
    const edit = toggleWrap("Less admin now", 11, 14, "**");
    expect(apply("Less admin now", edit)).toEqual({ text: "Less admin **now**", selected: "now" });
    expect(apply("Less admin **now**", toggleWrap("Less admin **now**", 13, 16, "**"))).toEqual({ text: "Less admin now", selected: "now" });
    expect(apply("Less admin **now**", toggleWrap("Less admin **now**", 11, 18, "**"))).toEqual({ text: "Less admin now", selected: "now" });
  });
  it("keeps spaces at the ends of the selection outside the markers", () => {
    expect(apply("a word b", toggleWrap("a word b", 1, 7, "_")).text).toBe("a _word_ b");
  });
  it("an empty selection gets the markers with the cursor between them", () => {
    const edit = toggleWrap("ab", 1, 1, "_");
    expect(apply("ab", edit).text).toBe("a__b");
    expect([edit.anchor, edit.head]).toEqual([2, 2]);
  });
  it("a link wraps the text and selects https:// for the address", () => {
    expect(apply("see pricing", makeLink("see pricing", 4, 11))).toEqual({ text: "see [pricing](https://)", selected: "https://" });
    const empty = makeLink("x", 1, 1);
    expect(apply("x", empty).text).toBe("x[](https://)");
    expect(empty.anchor).toBe(2);
  });
  it("inline text has no line breaks", () => {
    expect(oneLine("a\nb\r\nc\rd")).toBe("a b c d");
  });
  it("diffText is the one span that turns any text into any other", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const change = diffText(before, after);
        if (before === after) return change === undefined;
        const result = before.slice(0, change!.from) + change!.insert + before.slice(change!.to);
        return result === after && change!.from <= change!.to;
      }),
    );
    expect(diffText("Hello world", "Hello brave world")).toEqual({ from: 6, to: 6, insert: "brave " });
  });
});

describe("markup", () => {
  it("LinkWidget is a combobox with the field's id, controlling a listbox that exists", () => {
    const html = render("LinkWidget", { value: "/pricing", schema: { type: "string", "x-link": true } });
    expect(html).toMatch(/<input[^>]*id="root_field"[^>]*role="combobox"[^>]*aria-expanded="false"[^>]*aria-controls="root_field__listbox"/);
    expect(html).toContain('value="/pricing"');
    expect(html).toMatch(/<ul[^>]*id="root_field__listbox"[^>]*role="listbox"[^>]*aria-label="Pages of this site"[^>]*hidden/);
    expect(html).not.toContain("aria-activedescendant");
  });
  it("AssetWidget shows the current image and a Choose image button", () => {
    const html = render("AssetWidget", { value: "assets/lobby.jpg", schema: { type: "string", "x-asset": true } });
    expect(html).toContain('src="/studio/assets/lobby.jpg"');
    expect(html).toMatch(/<input[^>]*id="root_field"[^>]*value="assets\/lobby.jpg"/);
    expect(html).toContain("1600 × 1067 · 239 KB");
    expect(html).toMatch(/<button type="button" class="sw-button"[^>]*>.*Choose image<\/button>/);
    expect(html).toMatch(/<dialog class="sw-dialog" aria-labelledby="root_field__dialog-title"/);
    expect(render("AssetWidget", { value: "assets/gone.png" })).toContain("No image with this name in content/assets.");
  });
  it("RecordWidget keeps an unknown id selected and lists the collection's records", () => {
    const html = render("RecordWidget", { value: "gone", schema: { type: "string", "x-ref": "plans" } });
    expect(html).toMatch(/<select[^>]*id="root_field"/);
    expect(html).toContain('<option value="gone" selected="">gone (not found)</option>');
    expect(html).toContain('<option value="flow">Flow (flow)</option>');
    expect(render("RecordWidget", { value: undefined, schema: { type: "string", "x-ref": "nothing" } })).toContain("There are no nothing yet.");
  });
  it("MarkdownWidget has a named toolbar with Bold, Italic and Link", () => {
    const html = render("MarkdownWidget", { value: "Hi", label: "Heading", schema: { type: "string", "x-markdown": "inline" } });
    expect(html).toMatch(/role="toolbar" aria-label="Formatting for Heading" aria-controls="root_field"/);
    for (const name of ["Bold", "Italic", "Link"]) expect(html).toContain(`<span class="sw-sr">${name}</span>`);
    expect(html).toContain("sw-markdown--inline");
  });
});
