/**
 * Photo-like JPEGs for the tests and the bench made with sharp (no downloads), as a phone would give
 * them: a sky-to-ground gradient, blocks of "windows", and sensor noise, so that they
 * compress like photos rather than like flat drawings. Deterministic for a seed.
 */
import sharp from "sharp";
import { seededRandom } from "./random.ts";

/** A JPEG `width` × `height`; `noise` (0–100) sets how busy it is (and so how heavy); `orientation` writes an EXIF orientation tag. */
export async function makePhoto(width: number, height: number, { seed = 1, noise = 24, quality = 90, orientation }: { seed?: number; noise?: number; quality?: number; orientation?: number } = {}): Promise<Buffer> {
  const random = seededRandom(seed);
  const raw = Buffer.alloc(width * height * 3);
  const hue = random();
  // Window blocks: a grid of lit and dark rectangles on the lower half.
  const cols = 24 + Math.floor(random() * 16);
  const rows = 12 + Math.floor(random() * 8);
  const lit = Array.from({ length: cols * rows }, () => random() < 0.45);
  for (let y = 0; y < height; y++) {
    const t = y / height;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = (random() - 0.5) * noise * 2;
      let r = 40 + 150 * (1 - t) * (0.6 + 0.4 * hue), g = 60 + 120 * (1 - t), b = 90 + 140 * (1 - t) * (1 - 0.3 * hue);
      if (t > 0.45) {
        const cx = Math.floor((x / width) * cols), cy = Math.floor(((t - 0.45) / 0.55) * rows);
        const inWindow = (x / width) * cols - cx > 0.2 && ((t - 0.45) / 0.55) * rows - cy > 0.25;
        if (inWindow) [r, g, b] = lit[cy * cols + cx] ? [235, 200, 130] : [35, 45, 60];
        else [r, g, b] = [70, 72, 80];
      }
      raw[i] = Math.max(0, Math.min(255, r + n));
      raw[i + 1] = Math.max(0, Math.min(255, g + n));
      raw[i + 2] = Math.max(0, Math.min(255, b + n));
    }
  }
  let image = sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality });
  if (orientation) image = image.withMetadata({ orientation });
  return image.toBuffer();
}

/** What a phone gives: 4,000 × 3,000 and about 12 MB (busy enough that a JPEG at quality 97 is that heavy). */
export function phonePhoto(seed = 1): Promise<Buffer> {
  return makePhoto(4000, 3000, { seed, noise: 130, quality: 97 });
}
