/** The brand font (scripts/pipeline/stages/media/font.ts): what it is cut to, what it weighs, that it is the same every time, and the fallback's overrides. */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { BUDGET } from "../../scripts/lib/budgets.ts";
import { projectPaths, ROOT } from "../../scripts/lib/paths.ts";
import { readFileSync } from "node:fs";
import { ARIAL, BASE_TEXT, FALLBACKS, fontStack, brandFont, contentStrings, fallbackOverrides, FONT_URL_TOKEN, fontFaceCss, fontText, templateTexts, withFontUrl } from "../../scripts/pipeline/stages/media/font.ts";
import { HASHED_NAME, IMMUTABLE_PREFIX } from "../../scripts/pipeline/stages/headers/headers.ts";
import { load } from "../../scripts/pipeline/stages/load/load.ts";
import { resolveFont } from "../../scripts/lib/site-module.ts";
import siteModule from "../../templates/site.ts";
import { GeneratedFiles } from "../../scripts/lib/generated.ts";

/** The site's font (templates/site.ts), its files found. */
const FONT = resolveFont(siteModule.font, path.join(ROOT, "templates"));

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), "bos-font-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("fontText", () => {
  it("holds printable ASCII, Latin-1 and the punctuation copy uses, plus every other character given, sorted and once", () => {
    const text = fontText(["Zürich – “quoted” → ő", "ő\n\t"]);
    for (const ch of "AZaz09 !?&@é©–—“”‘’…•→€") expect(text).toContain(ch);
    expect(text).toContain("ő");
    expect([...text].filter((c) => c === "ő")).toHaveLength(1);
    expect(text).not.toMatch(/[\n\t\u0080-\u009f]/);
    const codes = [...text].map((c) => c.codePointAt(0)!);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect(fontText([])).toBe(fontText([BASE_TEXT]));
  });

  it("gives a frozen list (templateTexts', whose code points it keeps) what it gives a copy, over random texts and extra code points", () => {
    const texts = fc.array(fc.string({ unit: "binary", maxLength: 40 }), { maxLength: 8 });
    const extra = fc.array(fc.array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 6 }), { maxLength: 3 });
    fc.assert(
      fc.property(texts, extra, (list, more) => {
        const frozen = Object.freeze([...list]);
        const first = fontText(frozen, more);
        // Asked again (the kept code points) and with other extras, it still matches a fresh copy's answer.
        expect(fontText(frozen, more)).toBe(first);
        expect(first).toBe(fontText([...list], more));
        expect(fontText(frozen)).toBe(fontText([...list]));
      }),
      { numRuns: 200 },
    );
  });

  it("reads the templates' texts as a frozen list, so that its code points are kept only while it cannot change", async () => {
    expect(Object.isFrozen(await templateTexts(path.join(ROOT, "templates")))).toBe(true);
  });

  it("reads every string in content, keys included", async () => {
    const loaded = await load(projectPaths(ROOT));
    const strings = [...contentStrings(loaded.files)];
    expect(strings).toContain("Building OS");
    expect(strings.join("").length).toBeGreaterThan(10_000);
  });
});

describe("brandFont", () => {
  it("cuts the site's characters into one WOFF2 within the font budget, the same bytes every time, kept among the generated files", async () => {
    const loaded = await load(projectPaths(ROOT));
    const text = fontText([...contentStrings(loaded.files), ...(await templateTexts(path.join(ROOT, "templates")))]);
    const dir = tempDir();
    const store = new GeneratedFiles(dir);
    const made = await brandFont(FONT, text, store);
    expect(Buffer.from(made.bytes.subarray(0, 4)).toString("latin1")).toBe("wOF2");
    expect(made.bytes.byteLength).toBeLessThanOrEqual(BUDGET.fonts);
    expect(made.bytes.byteLength).toBeGreaterThan(10_000);
    expect(made.url).toBe(`/${made.output}`);
    expect(made.url.startsWith(IMMUTABLE_PREFIX)).toBe(true);
    expect(made.output).toMatch(HASHED_NAME);
    const kept = readdirSync(path.join(dir, "fonts"));
    expect(kept).toHaveLength(1);
    expect(Buffer.compare(readFileSync(path.join(dir, "fonts", kept[0]!)), Buffer.from(made.bytes))).toBe(0);
    // From the store (what it holds under that name is what is used: nothing is cut), and cut again without it: byte-identical.
    const cached = await brandFont(FONT, text, store);
    const again = await brandFont(FONT, text, undefined);
    expect(Buffer.compare(Buffer.from(cached.bytes), Buffer.from(made.bytes))).toBe(0);
    expect(Buffer.compare(Buffer.from(again.bytes), Buffer.from(made.bytes))).toBe(0);
    expect(again.output).toBe(made.output);
    writeFileSync(path.join(dir, "fonts", kept[0]!), "wOF2 planted");
    expect(Buffer.from((await brandFont(FONT, text, store)).bytes).toString()).toBe("wOF2 planted");
    // A character of the source outside the base set (content wrote one) makes a larger file with another name.
    const more = await brandFont(FONT, fontText([text, "Œœ‰†"]), store);
    expect(more.output).not.toBe(made.output);
    expect(more.bytes.byteLength).toBeGreaterThan(made.bytes.byteLength);
  }, 60_000);
});

describe("the fallback face", () => {
  it("scales Arial to Inter's average width and sets Inter's ascent, descent and line gap", () => {
    const inter = { unitsPerEm: 2048, ascent: 1984, descent: -494, lineGap: 0, xWidthAvg: 978 };
    expect(fallbackOverrides(inter, ARIAL)).toEqual({ sizeAdjust: 107.12, ascentOverride: 90.44, descentOverride: 22.52, lineGapOverride: 0 });
    // A font identical to the fallback needs no adjustment.
    expect(fallbackOverrides(ARIAL, ARIAL)).toEqual({ sizeAdjust: 100, ascentOverride: 90.53, descentOverride: 21.19, lineGapOverride: 3.27 });
  });

  it("is declared beside the brand face, which swaps in and waits for its address", async () => {
    const css = await fontFaceCss(FONT);
    const faces = css.split("@font-face").slice(1);
    expect(faces).toHaveLength(1 + FALLBACKS.length * 2);
    expect(faces[0]).toContain('font-family: "Inter";');
    expect(faces[0]).toContain("font-display: swap;");
    expect(faces[0]).toContain("font-weight: 400 700;");
    expect(faces[0]).toContain(`url("${FONT_URL_TOKEN}") format("woff2")`);
    // Arial regular: Inter's regular metrics (Capsize publishes xWidthAvg 978 for Inter Regular).
    const arial = faces.find((f) => f.includes('"Inter Fallback";') && f.includes("font-weight: 400;"))!;
    expect(arial).toMatch(/src: local\("Arial"\), local\("ArialMT"\), local\("Liberation Sans"\)/);
    expect(arial).toMatch(/size-adjust: 10[67]\.\d+%;/);
    expect(arial).toMatch(/ascent-override: (8[89]|9[01])\.\d+%;/);
    expect(arial).toContain("line-gap-override: 0%;");
    for (const f of faces.slice(1)) expect(f).toMatch(/font-weight: (400|700);[\s\S]*size-adjust: [\d.]+%;[\s\S]*ascent-override: [\d.]+%;[\s\S]*descent-override: [\d.]+%;[\s\S]*line-gap-override: [\d.]+%;/);
  });

  it("is named in --font-sans in its order, between Inter and the system fonts", () => {
    const css = readFileSync(path.join(ROOT, "templates/styles.css"), "utf8");
    const stack = /--font-sans:\s*([^;]+);/.exec(css)![1]!;
    expect(stack).toBe(fontStack(FONT.family, stack.slice(stack.indexOf("ui-sans-serif"))));
  });

  it("gets the hashed address in place of the token, and refuses a stylesheet without the brand face", () => {
    expect(withFontUrl(`a{src:url(${FONT_URL_TOKEN})}`, "/assets/inter-abcdefgh12.woff2")).toBe("a{src:url(/assets/inter-abcdefgh12.woff2)}");
    expect(() => withFontUrl("a{}", "/x.woff2")).toThrow(/brand @font-face/);
  });
});
