/**
 * SVG -> PNG with resvg, in one worker thread, so that drawing images runs on the
 * second core while the main thread renders pages (resvg's own renderAsync draws on
 * the libuv pool but encodes the PNG on the main thread: about 7 ms a share image).
 * Only the fonts named are loaded, never the system's, so every machine draws the
 * same pixels. The worker does not keep the process alive once no image is pending.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

const require = createRequire(import.meta.url);

// Plain CommonJS run by the worker (eval), so it needs no TypeScript loader.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { Resvg } = require(workerData.resvg);
const font = { loadSystemFonts: false, fontFiles: workerData.fontFiles, defaultFontFamily: workerData.family };
const noFont = { loadSystemFonts: false }; // reading the fonts takes about 4 ms an image: only for images with text
parentPort.on("message", ({ id, svg, width }) => {
  try {
    const fitTo = width ? { mode: "width", value: width } : { mode: "original" };
    const png = new Resvg(svg, { font: svg.includes("<text") ? font : noFont, fitTo, logLevel: "off" }).render().asPng();
    parentPort.postMessage({ id, png });
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  }
});
`;

/** The worker's code, part of every drawn image's name (share-images.ts): another way of drawing, other names. */
export const RASTERIZER_CODE = WORKER;

export interface Rasterizer {
  /** The PNG of svg, at its own size or scaled to width pixels wide. */
  png(svg: string, width?: number): Promise<Uint8Array>;
}

interface Pending {
  resolve(png: Uint8Array): void;
  reject(e: Error): void;
}

const workers = new Map<string, Rasterizer>();

/** A rasterizer with these fonts (one worker per font set, kept for the process). */
export function rasterizer(fontFiles: string[], family: string): Rasterizer {
  const key = JSON.stringify([fontFiles, family]);
  let r = workers.get(key);
  if (!r) workers.set(key, (r = startWorker(fontFiles, family, () => workers.delete(key))));
  return r;
}

function startWorker(fontFiles: string[], family: string, onExit: () => void): Rasterizer {
  const worker = new Worker(WORKER, { eval: true, workerData: { resvg: require.resolve("@resvg/resvg-js"), fontFiles, family } });
  worker.unref();
  const pending = new Map<number, Pending>();
  let next = 0;
  const settle = (id: number) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return p;
  };
  worker.on("message", (m: { id: number; png?: Uint8Array; error?: string }) => {
    const p = settle(m.id);
    if (m.error !== undefined) p?.reject(new Error(`Drawing an image failed: ${m.error}`));
    else p?.resolve(m.png!);
  });
  worker.on("error", (e) => {
    onExit(); // the next image starts a new worker
    for (const id of [...pending.keys()]) settle(id)?.reject(e);
  });
  return {
    png(svg, width) {
      return new Promise((resolve, reject) => {
        const id = next++;
        if (pending.size === 0) worker.ref(); // keep the process alive until every image is back
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, svg, width });
      });
    },
  };
}
