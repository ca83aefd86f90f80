/**
 * Photos (scripts/pipeline/stages/media/images.ts, photos.ts and scripts/runtime/Picture.tsx,
 * responsive.ts): which copies are made and how they are named, that encoding is
 * deterministic whatever the threads, that the build cache spares all image work, and the
 * markup <Picture> writes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { GeneratedFiles } from "../../scripts/lib/generated.ts";
import { makePhoto } from "../../scripts/lib/synthetic-photos.ts";
import { encodePhoto, engine, focusPoint, formatsFor, PhotoCache, PhotoStyles, planPhoto, readInfo, sourceHash, widthsFor, type PhotoInfo } from "../../scripts/pipeline/stages/media/images.ts";
import { HASHED_NAME } from "../../scripts/pipeline/stages/headers/headers.ts";
import { Ctx, type RenderContext } from "../../scripts/runtime/context.ts";
import { Picture } from "../../scripts/runtime/Picture.tsx";
import { largestSlotWidth, pickCandidate, slotWidth } from "../../scripts/runtime/responsive.ts";
import type { Asset } from "../../scripts/runtime/model.ts";

const temp = mkdtempSync(path.join(os.tmpdir(), "images-test-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe("the copies of a photo", () => {
  it("are 480, 960, 1440 and 1920 px wide, never wider than the original, the original's own width on top (a width within 15% of it left out)", () => {
    expect(widthsFor(4000)).toEqual([480, 960, 1440, 1920]);
    expect(widthsFor(1920)).toEqual([480, 960, 1440, 1920]);
    expect(widthsFor(1700)).toEqual([480, 960, 1440, 1700]);
    expect(widthsFor(1000)).toEqual([480, 1000]);
    expect(widthsFor(300)).toEqual([300]);
  });

  it("are AVIF, WebP and the original's format (JPEG for an opaque AVIF, PNG for one with transparency)", () => {
    expect(formatsFor({ format: "jpeg", opaque: true })).toEqual(["avif", "webp", "jpeg"]);
    expect(formatsFor({ format: "png", opaque: false })).toEqual(["avif", "webp", "png"]);
    expect(formatsFor({ format: "webp", opaque: true })).toEqual(["avif", "webp"]);
    expect(formatsFor({ format: "avif", opaque: true })).toEqual(["avif", "webp", "jpeg"]);
    expect(formatsFor({ format: "avif", opaque: false })).toEqual(["avif", "webp", "png"]);
  });

  it("are named by the photo's name, width and a hash of the original, the settings and the encoder, cache-safe names the headers cache for a year", () => {
    const info: PhotoInfo = { width: 4000, height: 3000, opaque: true, colour: "#336699", format: "jpeg" };
    const a = planPhoto("assets/team/lobby.jpg", info, "aaaa", "enc 1");
    expect(a.variants).toHaveLength(12);
    expect(a.variants[0]).toMatchObject({ width: 1920, height: 1440, format: "avif" });
    expect(a.fallback).toBe("jpeg");
    for (const v of a.variants) {
      expect(v.output).toMatch(new RegExp(`^assets/team/lobby-${v.width}-[a-z0-9]{10}\\.(avif|webp|jpg)$`));
      expect(v.output).toMatch(HASHED_NAME);
    }
    expect(planPhoto("assets/team/lobby.jpg", info, "aaaa", "enc 1")).toEqual(a);
    const keys = (p: ReturnType<typeof planPhoto>) => p.variants.map((v) => v.key);
    expect(keys(planPhoto("assets/team/lobby.jpg", info, "bbbb", "enc 1"))).not.toEqual(expect.arrayContaining([keys(a)[0]]));
    expect(keys(planPhoto("assets/team/lobby.jpg", info, "aaaa", "enc 2"))).not.toEqual(expect.arrayContaining([keys(a)[0]]));
  });
});

describe("reading and encoding", () => {
  it("reads the size as shown (a camera's orientation applied), whether it is opaque, and its dominant colour", async () => {
    const turned = await readInfo(await makePhoto(300, 200, { orientation: 6 }));
    expect(turned).toMatchObject({ width: 200, height: 300, opaque: true, format: "jpeg" });
    expect(turned.colour).toMatch(/^#[0-9a-f]{6}$/);
    const red = await sharp({ create: { width: 64, height: 32, channels: 4, background: { r: 220, g: 20, b: 20, alpha: 0.5 } } }).png().toBuffer();
    const info = await readInfo(red);
    expect(info).toMatchObject({ width: 64, height: 32, opaque: false, format: "png" });
    expect(parseInt(info.colour.slice(1, 3), 16)).toBeGreaterThan(180);
    await expect(readInfo(Buffer.from("not an image"))).rejects.toThrow();
  });

  it("makes every copy at its planned size and format, upright, with no metadata of the original (no camera, no position)", async () => {
    const original = await makePhoto(1200, 900, { orientation: 6 });
    const info = await readInfo(original);
    const photo = planPhoto("assets/p.jpg", info, sourceHash(original), await engine());
    const made = await encodePhoto(original, photo);
    expect(photo.variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual(["avif 900x1200", "avif 480x640", "webp 900x1200", "webp 480x640", "jpeg 900x1200", "jpeg 480x640"]);
    for (const v of photo.variants) {
      const meta = await sharp(made.get(v.key)!).metadata();
      expect(`${meta.format === "heif" ? "avif" : meta.format} ${meta.width}x${meta.height}`).toBe(`${v.format} ${v.width}x${v.height}`);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it("gives the same bytes whatever threads the process set (AVIF's depend on them, so encoding sets its own)", async () => {
    const original = await makePhoto(1200, 800, { seed: 3, noise: 30 });
    const photo = planPhoto("assets/p.jpg", await readInfo(original), sourceHash(original), await engine());
    const before = sharp.concurrency();
    try {
      const made: Map<string, Buffer>[] = [];
      for (const threads of [1, 2, 8]) {
        sharp.concurrency(threads);
        made.push(await encodePhoto(original, photo));
      }
      for (const v of photo.variants) for (const m of made.slice(1)) expect(Buffer.compare(made[0]!.get(v.key)!, m.get(v.key)!), v.output).toBe(0);
    } finally {
      sharp.concurrency(before);
    }
  });
});

describe("the generated files (lib/generated.ts)", () => {
  it("spare every decode and encode once a photo is among them: what they give for a known original does not depend on the bytes given", async () => {
    const cache = new PhotoCache(new GeneratedFiles(path.join(temp, "generated")));
    const original = await makePhoto(600, 400, { seed: 5 });
    const source = sourceHash(original);
    const info = await cache.info(original, source);
    const photo = planPhoto("assets/p.jpg", info, source, await engine());
    const first = await cache.variants(original, photo);
    expect([...first.keys()]).toEqual(photo.variants.map((v) => v.output));
    // Garbage under the same hash: decoding it would throw, so nothing was decoded.
    const garbage = Buffer.from("garbage");
    expect(await cache.info(garbage, source)).toEqual(info);
    const again = await cache.variants(garbage, photo);
    expect([...again.values()].every((v) => "copyFrom" in v)).toBe(true);
  });

  it("work without a folder, in memory", async () => {
    const original = await makePhoto(500, 300, { seed: 6 });
    const cache = new PhotoCache(undefined);
    const photo = planPhoto("assets/p.jpg", await cache.info(original, sourceHash(original)), sourceHash(original), await engine());
    const out = await cache.variants(original, photo);
    expect([...out.values()].every((v) => Buffer.isBuffer(v) && v.length > 0)).toBe(true);
  });
});

describe("focal points and placeholders", () => {
  it("reads a focal point in words or as two percentages", () => {
    expect(focusPoint("left")).toEqual([0, 50]);
    expect(focusPoint("bottom right")).toEqual([100, 100]);
    expect(focusPoint("30% 70%")).toEqual([30, 70]);
    expect(focusPoint("130% 70%")).toBeUndefined();
    expect(focusPoint("middle")).toBeUndefined();
  });

  it("makes one class per colour and focal point in use, named by its value, in a stable order", () => {
    const styles = new PhotoStyles();
    expect(styles.focus([30, 70])).toBe("ssg-at-30-70");
    expect(styles.colour("#336699")).toBe("ssg-bg-336699");
    expect(styles.colour("#336699")).toBe("ssg-bg-336699");
    expect(styles.css()).toBe(".ssg-picture{display:contents}.ssg-picture>source{display:none}.ssg-at-30-70{object-position:30% 70%}.ssg-bg-336699{background-color:#336699}");
  });
});

describe("sizes as a browser reads them", () => {
  it("gives the slot's width at a screen width, and the widest it ever is", () => {
    const half = "(min-width: 1280px) 576px, (min-width: 1024px) calc(50vw - 64px), calc(100vw - 32px)";
    expect(slotWidth(half, 390)).toBe(358);
    expect(slotWidth(half, 1100)).toBe(486);
    expect(slotWidth(half, 1440)).toBe(576);
    expect(largestSlotWidth(half)).toBe(991);
    expect(largestSlotWidth("100vw")).toBe(1920);
    expect(largestSlotWidth("min(100vw, 1280px)")).toBe(1280);
    expect(slotWidth("(orientation: landscape) 50vw, 100vw", 390)).toBeUndefined();
  });

  it("picks the narrowest copy that is sharp enough, else the widest", () => {
    const set = "a 480w, b 960w, c 1440w";
    expect(pickCandidate(set, 390, 1)).toBe("a");
    expect(pickCandidate(set, 390, 2)).toBe("b");
    expect(pickCandidate(set, 1440, 2)).toBe("c");
  });
});

describe("<Picture>", () => {
  const photo: Asset = {
    src: "/assets/p-1920-k.jpg",
    width: 1920,
    height: 1280,
    srcset: "/assets/p-480-j.jpg 480w, /assets/p-1920-k.jpg 1920w",
    sources: [
      { type: "image/avif", srcset: "/assets/p-480-a.avif 480w, /assets/p-1920-b.avif 1920w" },
      { type: "image/webp", srcset: "/assets/p-480-c.webp 480w, /assets/p-1920-d.webp 1920w" },
    ],
    className: "ssg-bg-336699",
    file: "assets/p.jpg",
  };
  const drawing: Asset = { src: "/assets/d-1234567890.svg", width: 800, height: 600 };
  const render = (node: React.ReactNode) => {
    const ctx = { photoSlots: [] } as unknown as RenderContext;
    return { html: renderToStaticMarkup(<Ctx.Provider value={ctx}>{node}</Ctx.Provider>), ctx };
  };

  it("writes AVIF and WebP sources and the fallback with srcset and sizes, lazy, the template's classes and the photo's, and notes the slot", () => {
    const { html, ctx } = render(<Picture image={photo} alt="A lobby" sizes="(min-width: 1024px) 50vw, 100vw" className="w-full" />);
    expect(html).toBe(
      '<picture class="ssg-picture"><source type="image/avif" srcSet="/assets/p-480-a.avif 480w, /assets/p-1920-b.avif 1920w" sizes="(min-width: 1024px) 50vw, 100vw"/>' +
        '<source type="image/webp" srcSet="/assets/p-480-c.webp 480w, /assets/p-1920-d.webp 1920w" sizes="(min-width: 1024px) 50vw, 100vw"/>' +
        '<img src="/assets/p-1920-k.jpg" srcSet="/assets/p-480-j.jpg 480w, /assets/p-1920-k.jpg 1920w" sizes="(min-width: 1024px) 50vw, 100vw" width="1920" height="1280" alt="A lobby" loading="lazy" decoding="async" class="w-full ssg-bg-336699"/></picture>',
    );
    expect(ctx.imagePreload).toBeUndefined();
    expect(ctx.photoSlots).toEqual([["assets/p.jpg", 1023]]);
  });

  it("preloads the first main image only, as its AVIF set, and keeps a drawing one plain <img>", () => {
    const { html, ctx } = render(
      <>
        <Picture image={photo} alt="" sizes="100vw" priority />
        <Picture image={drawing} alt="" sizes="100vw" priority />
      </>,
    );
    expect(ctx.imagePreload).toEqual({ imageSrcSet: photo.sources![0]!.srcset, imageSizes: "100vw", type: "image/avif" });
    expect(html.match(/fetchPriority="high"/g)).toHaveLength(2);
    expect(html).not.toContain('loading="lazy"');
    expect(html).toContain('<picture class="ssg-picture"><img src="/assets/d-1234567890.svg" width="800" height="600" alt="" fetchPriority="high"/></picture>');
    expect(render(<Picture image={drawing} alt="" sizes="100vw" priority />).ctx.imagePreload).toEqual({ href: drawing.src });
  });
});
