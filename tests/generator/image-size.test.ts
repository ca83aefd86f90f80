/**
 * Image dimensions (scripts/lib/image-size.ts, on the image-size package): the sizes
 * the build writes into every <img>, from bytes built here by hand for each format.
 */
import { describe, expect, it } from "vitest";
import { imageSize } from "../../scripts/lib/image-size.ts";

const u16be = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u24le = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]);
const u16le = (n: number) => Buffer.from([n & 0xff, n >> 8]);
const ascii = (s: string) => Buffer.from(s, "latin1");

const png = (w: number, h: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), u32be(13), ascii("IHDR"), u32be(w), u32be(h), Buffer.from([8, 6, 0, 0, 0]), u32be(0)]);

const gif = (w: number, h: number) => Buffer.concat([ascii("GIF89a"), u16le(w), u16le(h), Buffer.from([0, 0, 0, 0x3b])]);

/** A JPEG: SOI, a JFIF APP0 segment, optional 0xFF fill bytes before the next marker, a baseline SOF0. */
const jpeg = (w: number, h: number, fill = 0) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    Buffer.from([0xff, 0xe0]), u16be(16), ascii("JFIF\0"), Buffer.from([1, 1, 0]), u16be(1), u16be(1), Buffer.from([0, 0]),
    Buffer.alloc(fill, 0xff),
    Buffer.from([0xff, 0xc0]), u16be(17), Buffer.from([8]), u16be(h), u16be(w), Buffer.from([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
    Buffer.from([0xff, 0xd9]),
  ]);

const riff = (chunk: string, payload: Buffer) => {
  const body = Buffer.concat([ascii("WEBP"), ascii(chunk), Buffer.from(u32be(0).reverse()), payload]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([ascii("RIFF"), size, body]);
};
const webpExtended = (w: number, h: number) => riff("VP8X", Buffer.concat([Buffer.from([0, 0, 0, 0]), u24le(w - 1), u24le(h - 1)]));
const webpLossy = (w: number, h: number) => riff("VP8 ", Buffer.concat([Buffer.from([0x9d, 0x01, 0x2a].map(() => 0)), Buffer.from([0x9d, 0x01, 0x2a]), u16le(w), u16le(h)]));
const webpLossless = (w: number, h: number) => {
  const bits = (w - 1) | ((h - 1) << 14);
  const b = Buffer.alloc(4);
  b.writeUInt32LE(bits >>> 0);
  return riff("VP8L", Buffer.concat([Buffer.from([0x2f]), b]));
};

/** An ISO BMFF box: size, type, payload. */
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32be(8 + body.length), ascii(type), body]);
};
const fullBox = (type: string, ...payload: Buffer[]) => box(type, Buffer.alloc(4), ...payload);
const avif = (w: number, h: number) =>
  Buffer.concat([
    box("ftyp", ascii("avif"), u32be(0), ascii("avifmif1miaf")),
    fullBox("meta", fullBox("hdlr", u32be(0), ascii("pict"), Buffer.alloc(13)), box("iprp", box("ipco", fullBox("ispe", u32be(w), u32be(h))))),
  ]);

const svg = (attributes: string) => Buffer.from(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" ${attributes}><rect width="1" height="1"/></svg>\n`);

describe("imageSize", () => {
  it.each([
    ["PNG", "a.png", png(640, 480), { width: 640, height: 480 }],
    ["GIF", "a.gif", gif(320, 200), { width: 320, height: 200 }],
    ["JPEG", "a.jpg", jpeg(1200, 800), { width: 1200, height: 800 }],
    ["WebP, extended (VP8X)", "a.webp", webpExtended(1600, 900), { width: 1600, height: 900 }],
    ["WebP, lossy (VP8)", "a.webp", webpLossy(300, 150), { width: 300, height: 150 }],
    ["WebP, lossless (VP8L)", "a.webp", webpLossless(257, 129), { width: 257, height: 129 }],
    ["AVIF", "a.avif", avif(1920, 1080), { width: 1920, height: 1080 }],
    ["SVG with width and height", "a.svg", svg('viewBox="0 0 32 32" width="64" height="48"'), { width: 64, height: 48 }],
    ["SVG with px and decimals", "a.svg", svg('width="99.6px" height="10.2px"'), { width: 100, height: 10 }],
    ["SVG with only a viewBox", "a.svg", svg('viewBox="0 0 1600 1000"'), { width: 1600, height: 1000 }],
    ["SVG with a viewBox in commas and runs of spaces", "a.svg", svg("viewBox=' 0,0  24,\n 12 '"), { width: 24, height: 12 }],
    ["SVG with units and single quotes", "a.svg", svg("width='2in' height='72pt'"), { width: 192, height: 96 }],
    ["SVG with a percentage width: the viewBox", "a.svg", svg('width="100%" height="100%" viewBox="-10 -10 300 200"'), { width: 300, height: 200 }],
    ["SVG with a width and a viewBox: scaled", "a.svg", svg('width="150" viewBox="0 0 300 200"'), { width: 150, height: 100 }],
  ])("%s", (_, name, bytes, size) => {
    expect(imageSize(bytes, name)).toEqual(size);
  });

  it.each([
    ["an empty file", "a.png", Buffer.alloc(0)],
    ["text", "notes.png", Buffer.from("not an image at all")],
    ["a truncated PNG", "a.png", png(640, 480).subarray(0, 12)],
    ["a JPEG without a frame header", "a.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    // A slice of a larger Buffer, as Node's pooled small Buffers are: image-size must not read past its end.
    ["a JPEG cut off in its frame header", "a.jpg", jpeg(1200, 800).subarray(0, 24)],
    ["a JPEG cut off in its frame header (a Buffer of its own)", "a.jpg", Buffer.from(new Uint8Array(jpeg(1200, 800).subarray(0, 24)).buffer)],
    // 0xFF fill bytes before a marker are allowed (JPEG, B.1.1.2) but image-size 2.1.0 throws
    // "Corrupt JPG" (the old hand-written reader failed too): the build then says the size cannot be read.
    ["a JPEG with fill bytes before its frame header", "a.jpeg", jpeg(1200, 800, 3)],
    ["an SVG without a size or viewBox", "a.svg", svg('class="x"')],
    ["a file that is not an SVG, named .svg", "a.svg", png(640, 480)],
    ["an SVG not named .svg", "a.txt", svg('width="10" height="10"')],
    ["a file with weak signatures (read as TGA by image-size)", "font.woff2", Buffer.alloc(64)],
  ])("%s gives undefined", (_, name, bytes) => {
    expect(imageSize(bytes, name)).toBeUndefined();
  });
});
