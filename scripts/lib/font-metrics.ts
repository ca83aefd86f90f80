/**
 * Advance widths from a TrueType font (tables cmap, hmtx, hhea, head), so that text
 * drawn into an image can be wrapped to a width without a layout engine. Kerning is
 * ignored: in a text face most kerning pairs bring glyphs closer, so a measured line is
 * usually a little wider than the drawn one, which errs on the side of wrapping early
 * (a rare widening pair could make a drawn line a hair wider than measured).
 */

export interface FontMetrics {
  /** The width of text at a font size, in the same unit as size. */
  width(text: string, size: number): number;
}

export function fontMetrics(font: Uint8Array): FontMetrics {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, number>();
  const numTables = view.getUint16(4);
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    const tag = String.fromCharCode(font[rec]!, font[rec + 1]!, font[rec + 2]!, font[rec + 3]!);
    tables.set(tag, view.getUint32(rec + 8));
  }
  const table = (tag: string) => {
    const at = tables.get(tag);
    if (at === undefined) throw new Error(`The font has no ${tag} table`);
    return at;
  };
  const unitsPerEm = view.getUint16(table("head") + 18);
  const numberOfHMetrics = view.getUint16(table("hhea") + 34);
  const hmtx = table("hmtx");
  const advance = (glyph: number) => view.getUint16(hmtx + 4 * Math.min(glyph, numberOfHMetrics - 1));
  const glyphOf = cmapLookup(view, table("cmap"));
  const cache = new Map<number, number>();
  return {
    width(text, size) {
      let units = 0;
      for (const ch of text) {
        const cp = ch.codePointAt(0)!;
        let w = cache.get(cp);
        if (w === undefined) cache.set(cp, (w = advance(glyphOf(cp))));
        units += w;
      }
      return (units / unitsPerEm) * size;
    },
  };
}

/** The glyph id of a code point, from a Unicode cmap subtable (format 12, else 4). */
function cmapLookup(view: DataView, cmap: number): (cp: number) => number {
  const count = view.getUint16(cmap + 2);
  let format4: number | undefined;
  for (let i = 0; i < count; i++) {
    const rec = cmap + 4 + i * 8;
    const platform = view.getUint16(rec);
    const encoding = view.getUint16(rec + 2);
    const sub = cmap + view.getUint32(rec + 4);
    const format = view.getUint16(sub);
    if (format === 12 && (platform === 0 || (platform === 3 && encoding === 10))) return format12(view, sub);
    if (format === 4 && (platform === 0 || (platform === 3 && encoding === 1))) format4 ??= sub;
  }
  if (format4 === undefined) throw new Error("The font has no Unicode character map");
  return format4Lookup(view, format4);
}

function format12(view: DataView, sub: number): (cp: number) => number {
  const groups = view.getUint32(sub + 12);
  return (cp) => {
    let lo = 0;
    let hi = groups - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const g = sub + 16 + mid * 12;
      if (cp < view.getUint32(g)) hi = mid - 1;
      else if (cp > view.getUint32(g + 4)) lo = mid + 1;
      else return view.getUint32(g + 8) + cp - view.getUint32(g);
    }
    return 0;
  };
}

function format4Lookup(view: DataView, sub: number): (cp: number) => number {
  const segCount = view.getUint16(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + segCount * 2 + 2;
  const deltas = starts + segCount * 2;
  const ranges = deltas + segCount * 2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let i = 0; i < segCount; i++) {
      if (cp > view.getUint16(ends + i * 2)) continue;
      const start = view.getUint16(starts + i * 2);
      if (cp < start) return 0;
      const delta = view.getInt16(deltas + i * 2);
      const rangeAt = ranges + i * 2;
      const range = view.getUint16(rangeAt);
      if (range === 0) return (cp + delta) & 0xffff;
      const glyph = view.getUint16(rangeAt + range + (cp - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}
