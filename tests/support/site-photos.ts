// Draws the site's three photographs, and is how they were made (run it again to redraw):
//   content/assets/case-calgary.jpg      a slim residential tower downtown, mountains behind, golden hour
//   content/assets/lobby.jpg             a residential lobby by day (the video poster)
//   content/assets/residential-dusk.jpg  residential towers at blue hour (a page background)
// Nothing is downloaded and no model is involved: each is a small ray-traced scene (boxes,
// cylinders, leaf-shaped discs, a procedural sky and mountains), finished like a photograph
// (depth of field, bloom, filmic tone curve, grade, vignette, grain composited with sharp) and
// encoded as a progressive JPEG (quality 82, no metadata). All randomness is seeded, so every
// run writes the same bytes. Rows are shared among child processes, one per core.
//
//   npx tsx tests/support/site-photos.ts                 all three, full size (a few minutes)
//   npx tsx tests/support/site-photos.ts lobby --scale=0.5 --spp=1 --out=/tmp     a quick look
//   npx tsx tests/support/site-photos.ts lobby --crop=1300,350,1100,700 --out=/tmp a detail at full size

import { fork } from "node:child_process";
import { writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { seededRandom } from "../../scripts/lib/random.ts";

type RGB = [number, number, number];

// ---------------------------------------------------------------- randomness and noise

/** A hash of up to four integers to [0, 1). */
function hash(a: number, b = 0, c = 0, d = 0): number {
  let h = 0x2545f491;
  h = Math.imul(h ^ (a | 0), 0x5bd1e995); h ^= h >>> 15;
  h = Math.imul(h ^ (b | 0), 0x5bd1e995); h ^= h >>> 15;
  h = Math.imul(h ^ (c | 0), 0x5bd1e995); h ^= h >>> 15;
  h = Math.imul(h ^ (d | 0), 0x5bd1e995);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

// Per-sample randomness while rendering: reseeded for every pixel sample, so the image
// does not depend on the order pixels are drawn in.
let rngState = 1;
function reseed(a: number, b: number, c: number): void {
  rngState = (hash(a, b, c) * 4294967296) >>> 0 || 1;
}
function rand(): number {
  let x = rngState;
  x ^= x << 13; x >>>= 0;
  x ^= x >>> 17;
  x ^= x << 5; x >>>= 0;
  rngState = x;
  return x / 4294967296;
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

/** Value noise in 2D, [0, 1). */
function noise2(x: number, y: number, seed = 0): number {
  const xi = Math.floor(x), yi = Math.floor(y);
  const fx = smooth(x - xi), fy = smooth(y - yi);
  const a = hash(xi, yi, seed), b = hash(xi + 1, yi, seed);
  const c = hash(xi, yi + 1, seed), d = hash(xi + 1, yi + 1, seed);
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

/** Fractal value noise, roughly [0, 1). */
function fbm(x: number, y: number, octaves: number, seed = 0): number {
  let sum = 0, amp = 0.5, norm = 0;
  for (let i = 0; i < octaves; i++) {
    sum += amp * noise2(x, y, seed + i * 17);
    norm += amp;
    x = x * 2.03 + 11.7;
    y = y * 2.03 - 5.3;
    amp *= 0.5;
  }
  return sum / norm;
}

function clamp(x: number, lo = 0, hi = 1): number {
  return x < lo ? lo : x > hi ? hi : x;
}

function mix(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

function smoothstep(e0: number, e1: number, x: number): number {
  return smooth(clamp((x - e0) / (e1 - e0)));
}

// ---------------------------------------------------------------- colour

/** A CSS hex colour as linear RGB (never modify what it returns: it is shared). */
const hexCache = new Map<string, RGB>();
function hex(h: string, scale = 1): RGB {
  const key = scale === 1 ? h : h + scale;
  const known = hexCache.get(key);
  if (known) return known;
  const n = parseInt(h.slice(1), 16);
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  };
  const c: RGB = [lin((n >> 16) & 255) * scale, lin((n >> 8) & 255) * scale, lin(n & 255) * scale];
  hexCache.set(key, c);
  return c;
}

function mixRGB(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function scaleRGB(a: RGB, s: number): RGB {
  return [a[0] * s, a[1] * s, a[2] * s];
}

/** The colour of a black body at about `kelvin`, normalised to a maximum of 1 (linear). */
function kelvin(k: number): RGB {
  const t = k / 100;
  const r = t <= 66 ? 255 : 329.7 * Math.pow(t - 60, -0.1332);
  const g = t <= 66 ? 99.47 * Math.log(t) - 161.1 : 288.1 * Math.pow(t - 60, -0.0755);
  const b = t >= 66 ? 255 : t <= 19 ? 0 : 138.5 * Math.log(t - 10) - 305.0;
  const c: RGB = [clamp(r / 255), clamp(g / 255), clamp(b / 255)];
  return [c[0] ** 2.2, c[1] ** 2.2, c[2] ** 2.2];
}

// ---------------------------------------------------------------- geometry

const BOX = 0, SPHERE = 1, CYLINDER = 2, DISC = 3;
const STRIDE = 12;

/** Primitives in flat arrays, and a bounding-volume hierarchy over them. */
interface Scene {
  kind: number[];
  data: number[];
  mat: number[];
  tag: number[];
  // compiled:
  k: Int8Array;
  d: Float64Array;
  m: Int32Array;
  g: Int32Array;
  order: Int32Array;
  nodeBox: Float64Array;
  nodeLeft: Int32Array;
  nodeRight: Int32Array;
  nodeStart: Int32Array;
  nodeCount: Int32Array;
  nodeAxis: Int8Array;
  big: Int32Array;
  clear: Uint8Array; // 1 for what casts no shadow (glass railings)
  clearMats: number[];
  bigMats: number[]; // materials of large surfaces (walls, floors), tested on every ray, outside the hierarchy
}

function newScene(): Scene {
  const empty = new Int32Array(0);
  return {
    kind: [], data: [], mat: [], tag: [],
    k: new Int8Array(0), d: new Float64Array(0), m: empty, g: empty, order: empty,
    nodeBox: new Float64Array(0), nodeLeft: empty, nodeRight: empty, nodeStart: empty, nodeCount: empty,
    nodeAxis: new Int8Array(0), big: empty, clear: new Uint8Array(0), clearMats: [], bigMats: [],
  };
}

function addPrim(s: Scene, kind: number, values: number[], mat: number, tag: number): number {
  s.kind.push(kind);
  for (let i = 0; i < STRIDE; i++) s.data.push(values[i] ?? 0);
  s.mat.push(mat);
  s.tag.push(tag);
  return s.kind.length - 1;
}

function addBox(s: Scene, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, mat: number, tag = 0): number {
  return addPrim(s, BOX, [Math.min(x0, x1), Math.min(y0, y1), Math.min(z0, z1), Math.max(x0, x1), Math.max(y0, y1), Math.max(z0, z1)], mat, tag);
}

function addSphere(s: Scene, x: number, y: number, z: number, r: number, mat: number, tag = 0): number {
  return addPrim(s, SPHERE, [x, y, z, r], mat, tag);
}

/** A vertical cylinder with caps. */
function addCylinder(s: Scene, x: number, z: number, r: number, y0: number, y1: number, mat: number, tag = 0): number {
  return addPrim(s, CYLINDER, [x, z, r, y0, y1], mat, tag);
}

/** A flat ellipse (a leaf, a lamp shade): centre, normal, in-plane axis u, radii along u and n×u. */
function addDisc(s: Scene, c: RGB, n: RGB, u: RGB, ru: number, rv: number, mat: number, tag = 0): number {
  const nl = Math.hypot(n[0], n[1], n[2]);
  const nx = n[0] / nl, ny = n[1] / nl, nz = n[2] / nl;
  // make u perpendicular to n
  const dot = u[0] * nx + u[1] * ny + u[2] * nz;
  let ux = u[0] - dot * nx, uy = u[1] - dot * ny, uz = u[2] - dot * nz;
  const ul = Math.hypot(ux, uy, uz) || 1;
  ux /= ul; uy /= ul; uz /= ul;
  return addPrim(s, DISC, [c[0], c[1], c[2], nx, ny, nz, ux, uy, uz, ru, rv], mat, tag);
}

function primBounds(s: Scene, i: number, out: Float64Array): void {
  const o = i * STRIDE, d = s.data;
  const v = (j: number) => d[o + j] as number;
  switch (s.kind[i]) {
    case BOX:
      for (let j = 0; j < 6; j++) out[j] = v(j);
      break;
    case SPHERE: {
      const r = v(3);
      out[0] = v(0) - r; out[1] = v(1) - r; out[2] = v(2) - r;
      out[3] = v(0) + r; out[4] = v(1) + r; out[5] = v(2) + r;
      break;
    }
    case CYLINDER:
      out[0] = v(0) - v(2); out[1] = v(3); out[2] = v(1) - v(2);
      out[3] = v(0) + v(2); out[4] = v(4); out[5] = v(1) + v(2);
      break;
    default: {
      const r = Math.max(v(9), v(10));
      out[0] = v(0) - r; out[1] = v(1) - r; out[2] = v(2) - r;
      out[3] = v(0) + r; out[4] = v(1) + r; out[5] = v(2) + r;
    }
  }
}

/** Freezes the primitives and builds the hierarchy (median split on the widest axis).
 *  Huge primitives (the ground) stay out of it and are tested on every ray. */
function compile(s: Scene): Scene {
  const n = s.kind.length;
  s.k = Int8Array.from(s.kind);
  s.d = Float64Array.from(s.data);
  s.m = Int32Array.from(s.mat);
  s.g = Int32Array.from(s.tag);
  s.clear = Uint8Array.from(s.mat, (m) => (s.clearMats.includes(m) ? 1 : 0));
  const bounds = new Float64Array(n * 6);
  const tmp = new Float64Array(6);
  const order: number[] = [], big: number[] = [];
  for (let i = 0; i < n; i++) {
    primBounds(s, i, tmp);
    bounds.set(tmp, i * 6);
    const huge = (tmp[3] as number) - (tmp[0] as number) > 5000 || s.bigMats.includes(s.mat[i] as number);
    (huge ? big : order).push(i);
  }
  s.big = Int32Array.from(big);
  const box: number[] = [], left: number[] = [], right: number[] = [], start: number[] = [], count: number[] = [], axes: number[] = [];
  const build = (from: number, to: number): number => {
    const id = left.length;
    const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
    for (let i = from; i < to; i++) {
      const o = (order[i] as number) * 6;
      for (let a = 0; a < 3; a++) {
        b[a] = Math.min(b[a] as number, bounds[o + a] as number);
        b[a + 3] = Math.max(b[a + 3] as number, bounds[o + a + 3] as number);
      }
    }
    box.push(...b);
    left.push(-1); right.push(-1); start.push(from); count.push(to - from); axes.push(0);
    if (to - from <= 3) return id;
    // the split with the least surface-area cost, over the three axes
    let bestCost = Infinity, axis = 0, mid = (from + to) >> 1, bestOrder: number[] = [];
    for (let a = 0; a < 3; a++) {
      const centre = (i: number) => (bounds[i * 6 + a] as number) + (bounds[i * 6 + a + 3] as number);
      const part = order.slice(from, to).sort((x, y) => centre(x) - centre(y));
      const n = part.length;
      const leftArea = sweepAreas(part, bounds);
      const rightArea = sweepAreas([...part].reverse(), bounds).reverse();
      for (let k = 1; k < n; k++) {
        const cost = (leftArea[k - 1] as number) * k + (rightArea[k] as number) * (n - k);
        if (cost < bestCost) { bestCost = cost; axis = a; mid = from + k; bestOrder = part; }
      }
    }
    for (let i = 0; i < bestOrder.length; i++) order[from + i] = bestOrder[i] as number;
    count[id] = 0;
    axes[id] = axis;
    left[id] = build(from, mid);
    right[id] = build(mid, to);
    return id;
  };
  if (order.length > 0) build(0, order.length);
  s.nodeBox = Float64Array.from(box);
  s.nodeLeft = Int32Array.from(left);
  s.nodeRight = Int32Array.from(right);
  s.nodeStart = Int32Array.from(start);
  s.nodeCount = Int32Array.from(count);
  s.nodeAxis = Int8Array.from(axes);
  s.order = Int32Array.from(order);
  return s;
}

/** Surface areas of the boxes bounding the first 1, 2, … primitives of `part`. */
function sweepAreas(part: number[], bounds: Float64Array): number[] {
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  return part.map((p) => {
    const o = p * 6;
    x0 = Math.min(x0, bounds[o] as number); y0 = Math.min(y0, bounds[o + 1] as number); z0 = Math.min(z0, bounds[o + 2] as number);
    x1 = Math.max(x1, bounds[o + 3] as number); y1 = Math.max(y1, bounds[o + 4] as number); z1 = Math.max(z1, bounds[o + 5] as number);
    const dx = x1 - x0, dy = y1 - y0, dz = z1 - z0;
    return dx * dy + dy * dz + dz * dx;
  });
}

// The nearest hit of the last trace(): distance, primitive, and (after hitNormal) normal.
let hitT = 0, hitPrim = -1;
let nX = 0, nY = 0, nZ = 0;
const stack = new Int32Array(128);
const EPS = 1e-4;

function intersectPrim(s: Scene, i: number, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, tmax: number): number {
  const d = s.d, o = i * STRIDE;
  switch (s.k[i]) {
    case BOX: {
      let t0 = EPS, t1 = tmax;
      let ta = ((d[o] as number) - ox) / dx, tb = ((d[o + 3] as number) - ox) / dx;
      if (ta > tb) { const t = ta; ta = tb; tb = t; }
      if (ta > t0) t0 = ta;
      if (tb < t1) t1 = tb;
      ta = ((d[o + 1] as number) - oy) / dy; tb = ((d[o + 4] as number) - oy) / dy;
      if (ta > tb) { const t = ta; ta = tb; tb = t; }
      if (ta > t0) t0 = ta;
      if (tb < t1) t1 = tb;
      ta = ((d[o + 2] as number) - oz) / dz; tb = ((d[o + 5] as number) - oz) / dz;
      if (ta > tb) { const t = ta; ta = tb; tb = t; }
      if (ta > t0) t0 = ta;
      if (tb < t1) t1 = tb;
      if (t0 > t1) return Infinity;
      return t0 > EPS ? t0 : Infinity;
    }
    case SPHERE: {
      const cx = ox - (d[o] as number), cy = oy - (d[o + 1] as number), cz = oz - (d[o + 2] as number);
      const r = d[o + 3] as number;
      const b = cx * dx + cy * dy + cz * dz;
      const c = cx * cx + cy * cy + cz * cz - r * r;
      const disc = b * b - c;
      if (disc < 0) return Infinity;
      const sq = Math.sqrt(disc);
      let t = -b - sq;
      if (t < EPS) t = -b + sq;
      return t > EPS && t < tmax ? t : Infinity;
    }
    case CYLINDER: {
      const cx = ox - (d[o] as number), cz = oz - (d[o + 1] as number), r = d[o + 2] as number;
      const y0 = d[o + 3] as number, y1 = d[o + 4] as number;
      let best = tmax;
      const a = dx * dx + dz * dz;
      if (a > 1e-12) {
        const b = cx * dx + cz * dz, c = cx * cx + cz * cz - r * r;
        const disc = b * b - a * c;
        if (disc >= 0) {
          const sq = Math.sqrt(disc);
          let t = (-b - sq) / a;
          if (t <= EPS) t = (-b + sq) / a;
          const y = oy + dy * t;
          if (t > EPS && t < best && y >= y0 && y <= y1) best = t;
        }
      }
      if (Math.abs(dy) > 1e-12) {
        const tc = ((dy > 0 ? y0 : y1) - oy) / dy; // the cap facing the ray
        if (tc > EPS && tc < best) {
          const px = cx + dx * tc, pz = cz + dz * tc;
          if (px * px + pz * pz <= r * r) best = tc;
        }
      }
      return best < tmax ? best : Infinity;
    }
    default: {
      const nx = d[o + 3] as number, ny = d[o + 4] as number, nz = d[o + 5] as number;
      const den = dx * nx + dy * ny + dz * nz;
      if (Math.abs(den) < 1e-12) return Infinity;
      const t = (((d[o] as number) - ox) * nx + ((d[o + 1] as number) - oy) * ny + ((d[o + 2] as number) - oz) * nz) / den;
      if (t <= EPS || t >= tmax) return Infinity;
      const qx = ox + dx * t - (d[o] as number), qy = oy + dy * t - (d[o + 1] as number), qz = oz + dz * t - (d[o + 2] as number);
      const ux = d[o + 6] as number, uy = d[o + 7] as number, uz = d[o + 8] as number;
      const vx = ny * uz - nz * uy, vy = nz * ux - nx * uz, vz = nx * uy - ny * ux;
      const u = (qx * ux + qy * uy + qz * uz) / (d[o + 9] as number);
      const v = (qx * vx + qy * vy + qz * vz) / (d[o + 10] as number);
      // a leaf-like outline: widest a little below the middle, pointed at the tip
      const w = 1 - u * u;
      return w > 0 && v * v <= w * (1 - 0.35 * u) * (1 - 0.35 * u) ? t : Infinity;
    }
  }
}

/** Walks the hierarchy (nearer child first); with `any`, stops at the first hit (shadow rays). */
function traverse(s: Scene, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, tmax: number, any: boolean): boolean {
  let found = false, best = tmax;
  const big = s.big;
  for (let i = 0; i < big.length; i++) {
    const p = big[i] as number;
    const t = intersectPrim(s, p, ox, oy, oz, dx, dy, dz, best);
    if (t < best) {
      best = t; hitPrim = p; found = true;
      if (any) return true;
    }
  }
  const nb = s.nodeBox, counts = s.nodeCount, starts = s.nodeStart, lefts = s.nodeLeft, rights = s.nodeRight, axes = s.nodeAxis, order = s.order;
  if (counts.length === 0) {
    if (found) hitT = best;
    return found;
  }
  const ix = 1 / dx, iy = 1 / dy, iz = 1 / dz;
  const negX = dx < 0, negY = dy < 0, negZ = dz < 0;
  let sp = 0;
  stack[sp++] = 0;
  while (sp > 0) {
    const node = stack[--sp] as number;
    const b = node * 6;
    let t0 = 0, t1 = best;
    let ta = ((nb[b] as number) - ox) * ix, tb = ((nb[b + 3] as number) - ox) * ix;
    if (ta > tb) { const t = ta; ta = tb; tb = t; }
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
    ta = ((nb[b + 1] as number) - oy) * iy; tb = ((nb[b + 4] as number) - oy) * iy;
    if (ta > tb) { const t = ta; ta = tb; tb = t; }
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
    ta = ((nb[b + 2] as number) - oz) * iz; tb = ((nb[b + 5] as number) - oz) * iz;
    if (ta > tb) { const t = ta; ta = tb; tb = t; }
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
    if (t0 > t1) continue;
    const count = counts[node] as number;
    if (count > 0) {
      const start = starts[node] as number;
      for (let i = start; i < start + count; i++) {
        const p = order[i] as number;
        if (any && skipClear && s.clear[p] === 1) continue;
        const t = intersectPrim(s, p, ox, oy, oz, dx, dy, dz, best);
        if (t < best) {
          best = t;
          hitPrim = p;
          found = true;
          if (any) return true;
        }
      }
    } else {
      const axis = axes[node] as number;
      const neg = axis === 0 ? negX : axis === 1 ? negY : negZ;
      // push the farther child first, so the nearer one is visited first
      stack[sp++] = neg ? (lefts[node] as number) : (rights[node] as number);
      stack[sp++] = neg ? (rights[node] as number) : (lefts[node] as number);
    }
  }
  if (found) hitT = best;
  return found;
}

function trace(s: Scene, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, tmax = 1e9): boolean {
  return traverse(s, ox, oy, oz, dx, dy, dz, tmax, false);
}

/** Whether anything lies along the ray before tmax; `throughClear`: ignore what casts no shadow. */
let skipClear = true;
function occluded(s: Scene, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, tmax = 1e9, throughClear = true): boolean {
  skipClear = throughClear;
  return traverse(s, ox, oy, oz, dx, dy, dz, tmax, true);
}

/** Sets nX, nY, nZ: the surface normal at the point `p` of primitive `i`, facing the ray `d`. */
function hitNormal(s: Scene, i: number, px: number, py: number, pz: number, dx: number, dy: number, dz: number): void {
  const d = s.d, o = i * STRIDE;
  switch (s.k[i]) {
    case BOX: {
      let best = Infinity;
      for (let a = 0; a < 3; a++) {
        const p = a === 0 ? px : a === 1 ? py : pz;
        const lo = Math.abs(p - (d[o + a] as number)), hi = Math.abs(p - (d[o + a + 3] as number));
        if (lo < best) { best = lo; nX = a === 0 ? -1 : 0; nY = a === 1 ? -1 : 0; nZ = a === 2 ? -1 : 0; }
        if (hi < best) { best = hi; nX = a === 0 ? 1 : 0; nY = a === 1 ? 1 : 0; nZ = a === 2 ? 1 : 0; }
      }
      break;
    }
    case SPHERE: {
      const r = d[o + 3] as number;
      nX = (px - (d[o] as number)) / r; nY = (py - (d[o + 1] as number)) / r; nZ = (pz - (d[o + 2] as number)) / r;
      break;
    }
    case CYLINDER: {
      const y0 = d[o + 3] as number, y1 = d[o + 4] as number;
      if (Math.abs(py - y1) < 1e-6) { nX = 0; nY = 1; nZ = 0; }
      else if (Math.abs(py - y0) < 1e-6) { nX = 0; nY = -1; nZ = 0; }
      else {
        const r = d[o + 2] as number;
        nX = (px - (d[o] as number)) / r; nY = 0; nZ = (pz - (d[o + 1] as number)) / r;
      }
      break;
    }
    default:
      nX = d[o + 3] as number; nY = d[o + 4] as number; nZ = d[o + 5] as number;
  }
  if (nX * dx + nY * dy + nZ * dz > 0) { nX = -nX; nY = -nY; nZ = -nZ; }
}

// ---------------------------------------------------------------- camera and rendering

interface Camera {
  pos: RGB;
  fwd: RGB;
  right: RGB;
  up: RGB;
  tanHalf: number; // of the vertical field of view
  shift: number; // lens shift, in units of half the frame height
}

/** A level camera (verticals stay vertical, as with an architectural shift lens). */
function levelCamera(pos: RGB, yawDeg: number, vfovDeg: number, shift: number, pitchDeg = 0): Camera {
  const yaw = (yawDeg * Math.PI) / 180, pitch = (pitchDeg * Math.PI) / 180;
  const fwd: RGB = [Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), Math.cos(yaw) * Math.cos(pitch)];
  const right: RGB = [Math.cos(yaw), 0, -Math.sin(yaw)];
  const up: RGB = [
    fwd[1] * right[2] - fwd[2] * right[1],
    fwd[2] * right[0] - fwd[0] * right[2],
    fwd[0] * right[1] - fwd[1] * right[0],
  ];
  // the cross product above points down for a right-handed fwd × right; flip it up
  if (up[1] < 0) { up[0] = -up[0]; up[1] = -up[1]; up[2] = -up[2]; }
  return { pos, fwd, right, up, tanHalf: Math.tan((vfovDeg * Math.PI) / 360), shift };
}

type Shader = (ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, depth: number) => RGB;

interface Frame {
  width: number;
  height: number;
  rgb: Float32Array; // linear, unbounded
  depth: Float32Array; // distance to what each pixel shows
  scale: number; // of the full frame, to the final size (for blur radii)
}

/** Two stratified pairs for the current pixel sample, in [0, 1)²: samples of a pixel cover
 *  the square evenly (each pair shifted by its own random offset per pixel), which keeps
 *  soft light and occlusion smooth with few samples. */
let strat1U = 0.5, strat1V = 0.5, strat2U = 0.5, strat2V = 0.5;
function stratify(x: number, y: number, sx: number, sy: number, n: number): void {
  strat1U = frac((sx + hash(x, y, sx, 11)) / n + hash(x, y, 1));
  strat1V = frac((sy + hash(x, y, sy, 12)) / n + hash(x, y, 2));
  strat2U = frac((sy + hash(x, y, sx, 13)) / n + hash(x, y, 3));
  strat2V = frac(((sx + sy) % n + hash(x, y, sy, 14)) / n + hash(x, y, 4));
}

function frac(v: number): number {
  return v - Math.floor(v);
}

/** The part of the full frame to draw (all of it, or a crop for a quick look at full size). */
interface Window { fullW: number; fullH: number; x0: number; y0: number; w: number; h: number }

/** Samples a pixel: `base`×`base` jittered samples, and `more`×`more` on top where those disagree
 *  by more than `threshold` (edges, fine detail, soft shadows), so flat areas cost little. */
interface Sampling { base: number; more: number; threshold: number }

// the running sums of one pixel, and its darkest and brightest sample (perceptual)
const acc = { r: 0, g: 0, b: 0, logDepth: 0, count: 0, lo: Infinity, hi: -Infinity };

function samplePixel(cam: Camera, win: Window, x: number, y: number, n: number, pass: number, shade: Shader): void {
  const aspect = win.fullW / win.fullH;
  for (let sy = 0; sy < n; sy++) {
    for (let sx = 0; sx < n; sx++) {
      reseed(x, y, pass * 1000 + sy * n + sx);
      stratify(x, y, sx + pass * 7, sy + pass * 13, n);
      const u = ((x + (sx + rand()) / n) / win.fullW) * 2 - 1;
      const v = 1 - ((y + (sy + rand()) / n) / win.fullH) * 2;
      const px = u * cam.tanHalf * aspect, py = (v + cam.shift) * cam.tanHalf;
      let dx = cam.fwd[0] + px * cam.right[0] + py * cam.up[0];
      let dy = cam.fwd[1] + px * cam.right[1] + py * cam.up[1];
      let dz = cam.fwd[2] + px * cam.right[2] + py * cam.up[2];
      const l = Math.hypot(dx, dy, dz);
      dx /= l; dy /= l; dz /= l;
      lastDepth = 1e6;
      const c = shade(cam.pos[0], cam.pos[1], cam.pos[2], dx, dy, dz, 0);
      if (!Number.isFinite(c[0] + c[1] + c[2])) continue;
      // clamped: a stray glint would bloom into a streak
      const r = Math.min(c[0], 12), g = Math.min(c[1], 12), b = Math.min(c[2], 12);
      acc.r += r; acc.g += g; acc.b += b;
      acc.logDepth += Math.log(lastDepth);
      acc.count += 1;
      const lum = Math.sqrt((0.3 * r + 0.6 * g + 0.1 * b) / (1 + 0.3 * r + 0.6 * g + 0.1 * b));
      acc.lo = Math.min(acc.lo, lum);
      acc.hi = Math.max(acc.hi, lum);
    }
  }
}

/** Traces every `parts`-th row of the window, from row `part`. The shader sets `lastDepth`. */
let lastDepth = 0;
function renderRows(cam: Camera, win: Window, sampling: Sampling, shade: Shader, part: number, parts: number): { rgb: Float32Array; depth: Float32Array } {
  const rows = Math.ceil((win.h - part) / parts);
  const rgb = new Float32Array(rows * win.w * 3);
  const depth = new Float32Array(rows * win.w);
  const started = Date.now();
  for (let row = 0; row < rows; row++) {
    const y = win.y0 + part + row * parts;
    for (let col = 0; col < win.w; col++) {
      const x = win.x0 + col;
      acc.r = acc.g = acc.b = acc.logDepth = acc.count = 0;
      acc.lo = Infinity; acc.hi = -Infinity;
      samplePixel(cam, win, x, y, sampling.base, 0, shade);
      if (sampling.more > 0 && acc.hi - acc.lo > sampling.threshold) samplePixel(cam, win, x, y, sampling.more, 1, shade);
      const i = row * win.w + col, k = 1 / Math.max(1, acc.count);
      rgb[i * 3] = acc.r * k; rgb[i * 3 + 1] = acc.g * k; rgb[i * 3 + 2] = acc.b * k;
      depth[i] = Math.exp(acc.logDepth * k);
    }
    if (part === 0 && row % 50 === 49) process.stderr.write(`\r${Math.round(((row + 1) / rows) * 100)}% in ${((Date.now() - started) / 1000).toFixed(0)} s   `);
  }
  return { rgb, depth };
}

// ---------------------------------------------------------------- finishing, like a photo

interface Look {
  exposure: number;
  white: RGB; // white balance multipliers
  bloom: number; // strength of the glow around bright light
  bloomThreshold: number;
  contrast: number; // around mid grey, in display space
  saturation: number;
  lift: RGB; // black level (display space, 0–1)
  shadowTint: RGB; // added to the shadows
  highlightTint: RGB; // added to the highlights
  vignette: number;
  grain: number; // strength of the grain (roughly its standard deviation, in 8-bit steps)
  soften: number; // a final lens softness (gaussian sigma, px)
  dof?: { focus: number; range: number; blur: number }; // depth of field: blur grows away from `focus`
}

/** Gaussian-like blur of one channel (three box passes each way), in place. */
function blurChannel(ch: Float32Array, w: number, h: number, sigma: number): void {
  if (sigma < 0.3) return;
  const boxes = boxSizes(sigma);
  const tmp = new Float32Array(ch.length);
  for (const r of boxes) {
    boxPass(ch, tmp, w, h, r, true);
    boxPass(tmp, ch, w, h, r, false);
  }
}

function boxSizes(sigma: number): number[] {
  const ideal = Math.sqrt((12 * sigma * sigma) / 3 + 1);
  let wl = Math.floor(ideal);
  if (wl % 2 === 0) wl--;
  const m = Math.round((12 * sigma * sigma - 3 * wl * wl - 12 * wl - 9) / (-4 * wl - 4));
  return [0, 1, 2].map((i) => ((i < m ? wl : wl + 2) - 1) / 2);
}

function boxPass(src: Float32Array, dst: Float32Array, w: number, h: number, r: number, horizontal: boolean): void {
  const lines = horizontal ? h : w, len = horizontal ? w : h;
  const step = horizontal ? 1 : w;
  const norm = 1 / (2 * r + 1);
  for (let l = 0; l < lines; l++) {
    const base = horizontal ? l * w : l;
    const last = base + (len - 1) * step;
    let sum = 0;
    for (let i = -r; i <= r; i++) sum += src[base + clamp(i, 0, len - 1) * step] as number;
    for (let i = 0; i < len; i++) {
      dst[base + i * step] = sum * norm;
      const add = i + r + 1 < len ? base + (i + r + 1) * step : last;
      const drop = i - r > 0 ? base + (i - r) * step : base;
      sum += (src[add] as number) - (src[drop] as number);
    }
  }
}

function splitChannels(rgb: Float32Array, n: number): Float32Array[] {
  const out = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) (out[c] as Float32Array)[i] = rgb[i * 3 + c] as number;
  return out;
}

/** Blurs the frame by depth: sharp at `focus`, up to `blur` px sigma away from it. */
function depthOfField(frame: Frame, dof: NonNullable<Look["dof"]>): void {
  const { width: w, height: h, rgb, depth } = frame;
  const n = w * h;
  const levels = [0, dof.blur / 3, dof.blur * 0.66, dof.blur].map((b) => b * frame.scale);
  const blurred = levels.map((sigma) => {
    const ch = splitChannels(rgb, n);
    for (const c of ch) blurChannel(c, w, h, sigma);
    return ch;
  });
  for (let i = 0; i < n; i++) {
    const coc = clamp(Math.abs(Math.log((depth[i] as number) / dof.focus)) / dof.range) * 3;
    const lo = Math.min(2, Math.floor(coc)), t = coc - lo;
    for (let c = 0; c < 3; c++) {
      const a = (blurred[lo] as Float32Array[])[c] as Float32Array, b = (blurred[lo + 1] as Float32Array[])[c] as Float32Array;
      rgb[i * 3 + c] = mix(a[i] as number, b[i] as number, t);
    }
  }
}

/** Adds a soft glow around what is brighter than the threshold (as lenses and sensors do). */
function bloom(frame: Frame, look: Look): void {
  const { width: w, height: h, rgb } = frame;
  const n = w * h;
  const bright = splitChannels(rgb, n);
  for (const ch of bright) for (let i = 0; i < n; i++) ch[i] = Math.max(0, (ch[i] as number) - look.bloomThreshold);
  const scale = frame.scale;
  for (const [sigma, weight] of [[3, 0.5], [12, 0.3], [40, 0.2]] as const) {
    for (let c = 0; c < 3; c++) {
      const ch = Float32Array.from(bright[c] as Float32Array);
      blurChannel(ch, w, h, sigma * scale);
      for (let i = 0; i < n; i++) rgb[i * 3 + c] = (rgb[i * 3 + c] as number) + (ch[i] as number) * weight * look.bloom;
    }
  }
}

/** Filmic tone curve (ACES fit), linear in, display-linear out. */
function filmic(x: number): number {
  return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14));
}

function toSrgb(x: number): number {
  return x <= 0.0031308 ? 12.92 * x : 1.055 * Math.pow(x, 1 / 2.4) - 0.055;
}

/** Exposure, tone curve, grade and vignette: the frame as 8-bit sRGB. */
function develop(frame: Frame, look: Look): Uint8Array {
  const { width: w, height: h, rgb } = frame;
  const out = new Uint8Array(w * h * 3);
  const diag = Math.hypot(w / 2, h / 2);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const r = Math.hypot(x - w / 2, y - h / 2) / diag;
      const vig = 1 - look.vignette * Math.pow(r, 2.2);
      const gain = look.exposure * vig;
      const c: RGB = [
        toSrgb(filmic((rgb[i] as number) * gain * look.white[0])),
        toSrgb(filmic((rgb[i + 1] as number) * gain * look.white[1])),
        toSrgb(filmic((rgb[i + 2] as number) * gain * look.white[2])),
      ];
      const luma = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
      const shadow = Math.pow(1 - luma, 3), highlight = Math.pow(luma, 3);
      for (let k = 0; k < 3; k++) {
        let v = luma + ((c[k] as number) - luma) * look.saturation;
        v = 0.5 + (v - 0.5) * look.contrast;
        v += (look.shadowTint[k] as number) * shadow + (look.highlightTint[k] as number) * highlight;
        v = (look.lift[k] as number) + v * (1 - (look.lift[k] as number));
        out[i + k] = Math.round(clamp(v) * 255);
      }
    }
  }
  return out;
}

/** Film grain: gaussian noise a little over a pixel in size, mostly in brightness. */
function grainLayer(w: number, h: number, sigma: number, seed: number): Buffer {
  const n = w * h;
  const next = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next());
  const luma = new Float32Array(n);
  for (let i = 0; i < n; i++) luma[i] = gauss();
  blurChannel(luma, w, h, 0.55);
  const out = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    const l = (luma[i] as number) * sigma * 1.5;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(clamp(128 + l + gauss() * sigma * 0.2, 0, 255));
  }
  return out;
}

/** The finished photograph: depth of field, bloom, grade, grain (composited), JPEG. */
async function finish(frame: Frame, look: Look, seed: number): Promise<Buffer> {
  if (look.dof) depthOfField(frame, look.dof);
  if (look.bloom > 0) bloom(frame, look);
  const { width: w, height: h } = frame;
  const pixels = develop(frame, look);
  const raw = { width: w, height: h, channels: 3 as const };
  let image = sharp(Buffer.from(pixels.buffer), { raw });
  const soften = look.soften * frame.scale;
  if (soften > 0.3) image = sharp(await image.blur(soften).raw().toBuffer(), { raw });
  return image
    .composite([{ input: grainLayer(w, h, look.grain, seed), raw, blend: "overlay" }])
    .jpeg({ quality: 82, progressive: true, chromaSubsampling: "4:2:0", mozjpeg: true })
    .toBuffer();
}

// ---------------------------------------------------------------- a city of boxes

const M_FACADE = 1, M_SLAB = 3, M_RAIL = 4, M_GROUND = 5, M_MECH = 6, M_FIN = 7, M_TREE = 8, M_BEACON = 9;

type FacadeStyle = "curtain" | "grid" | "punched" | "balcony" | "bands";

interface Facade {
  style: FacadeStyle;
  floorH: number;
  bayW: number;
  frame: RGB; // mullions, spandrels, walls (albedo)
  glass: RGB; // glass tint
  f0: number; // reflectance of the glass seen straight on
  wobble: number; // how unevenly the panes sit (radians)
  lobbyH: number;
  blinds: number; // share of windows with blinds or curtains drawn
  lit: number; // share of rooms lit at night
  office: boolean;
}

interface Building {
  x0: number; z0: number; x1: number; z1: number;
  h: number;
  facade: Facade;
  seed: number;
}

interface City {
  scene: Scene;
  buildings: Building[];
}

/** Adds one building: its box (or stacked boxes for setbacks), roof clutter and a parapet. */
function addBuilding(city: City, b: Building, rnd: () => number, setbacks = 0): void {
  const tag = city.buildings.length;
  city.buildings.push(b);
  const s = city.scene;
  let { x0, z0, x1, z1 } = b;
  let y = 0;
  const tiers = setbacks + 1;
  for (let t = 0; t < tiers; t++) {
    const top = t === tiers - 1 ? b.h : y + (b.h - y) * (0.55 + rnd() * 0.2);
    const topSnapped = t === tiers - 1 ? top : Math.round(top / b.facade.floorH) * b.facade.floorH;
    addBox(s, x0, y, z0, x1, topSnapped, z1, M_FACADE, tag);
    y = topSnapped;
    if (t < tiers - 1) {
      const ix = (x1 - x0) * (0.08 + rnd() * 0.08), iz = (z1 - z0) * (0.08 + rnd() * 0.08);
      x0 += ix; x1 -= ix * (rnd() < 0.5 ? 1 : 0.3); z0 += iz * (rnd() < 0.5 ? 1 : 0.3); z1 -= iz;
    }
  }
  addRoofClutter(s, x0, z0, x1, z1, b.h, rnd, tag);
}

function addRoofClutter(s: Scene, x0: number, z0: number, x1: number, z1: number, y: number, rnd: () => number, tag: number): void {
  const w = x1 - x0, d = z1 - z0;
  // mechanical penthouse
  if (w > 14 && d > 14) {
    const pw = w * (0.3 + rnd() * 0.3), pd = d * (0.3 + rnd() * 0.3);
    const px = x0 + (w - pw) * rnd(), pz = z0 + (d - pd) * rnd();
    addBox(s, px, y, pz, px + pw, y + 3 + rnd() * 3, pz + pd, M_MECH, tag);
  }
  if (w > 20 && d > 20 && rnd() < 0.35) { // a water tank on legs
    const tx = x0 + 4 + (w - 8) * rnd(), tz = z0 + 4 + (d - 8) * rnd();
    addCylinder(s, tx, tz, 1.6, y + 1.5, y + 5.5, M_MECH, tag);
    addCylinder(s, tx, tz, 0.25, y, y + 1.5, M_MECH, tag);
  }
  const units = Math.floor(w * d / 90);
  for (let i = 0; i < Math.min(units, 14); i++) {
    const uw = 1.5 + rnd() * 3, ud = 1.5 + rnd() * 3;
    const ux = x0 + 1 + (w - uw - 2) * rnd(), uz = z0 + 1 + (d - ud - 2) * rnd();
    addBox(s, ux, y, uz, ux + uw, y + 1 + rnd() * 1.6, uz + ud, M_MECH, tag);
  }
  // parapet
  const p = 0.25;
  addBox(s, x0, y, z0, x1, y + 1.1, z0 + p, M_MECH, tag);
  addBox(s, x0, y, z1 - p, x1, y + 1.1, z1, M_MECH, tag);
  addBox(s, x0, y, z0, x0 + p, y + 1.1, z1, M_MECH, tag);
  addBox(s, x1 - p, y, z0, x1, y + 1.1, z1, M_MECH, tag);
}

/** The slim residential tower: a podium, then floors with wrap-around balconies, then a crown. */
function addResidentialTower(city: City, cx: number, cz: number, floors: number, facade: Facade, podium: Facade, halfW: number, halfD: number): number {
  const s = city.scene;
  const tag = city.buildings.length;
  const podiumH = 5 * podium.floorH;
  const pw = halfW + 9, pd = halfD + 7, seed = Math.floor(hash(cx, cz) * 1e6);
  city.buildings.push({ x0: cx - pw, z0: cz - pd, x1: cx + pw, z1: cz + pd, h: podiumH, facade: podium, seed });
  addBox(s, cx - pw, 0, cz - pd, cx + pw, podiumH, cz + pd, M_FACADE, tag);
  addBox(s, cx - pw - 0.4, podiumH, cz - pd - 0.4, cx + pw + 0.4, podiumH + 1.2, cz + pd + 0.4, M_SLAB, tag);
  const top = podiumH + floors * facade.floorH;
  const towerTag = city.buildings.length;
  city.buildings.push({ x0: cx - halfW, z0: cz - halfD, x1: cx + halfW, z1: cz + halfD, h: top, facade, seed: seed + 1 });
  addBox(s, cx - halfW, podiumH, cz - halfD, cx + halfW, top, cz + halfD, M_FACADE, towerTag);
  const deep = 1.7, slab = 0.3, rail = 1.05;
  for (let f = 1; f <= floors; f++) {
    const y = podiumH + f * facade.floorH;
    const e = f === floors ? deep + 0.9 : deep;
    addBox(s, cx - halfW - e, y - slab, cz - halfD - e, cx + halfW + e, y, cz + halfD + e, M_SLAB, towerTag);
    if (f === floors) break;
    const x0 = cx - halfW - deep, x1 = cx + halfW + deep, z0 = cz - halfD - deep, z1 = cz + halfD + deep, t = 0.04;
    addBox(s, x0, y, z0, x1, y + rail, z0 + t, M_RAIL, towerTag);
    addBox(s, x0, y, z1 - t, x1, y + rail, z1, M_RAIL, towerTag);
    addBox(s, x0, y, z0, x0 + t, y + rail, z1, M_RAIL, towerTag);
    addBox(s, x1 - t, y, z0, x1, y + rail, z1, M_RAIL, towerTag);
  }
  // the crown: a set-back plant room behind a screen of slim fins
  const crownH = 7;
  addBox(s, cx - halfW + 3, top, cz - halfD + 3, cx + halfW - 3, top + crownH - 0.5, cz + halfD - 3, M_MECH, towerTag);
  for (let x = cx - halfW + 0.6; x < cx + halfW; x += 0.9) {
    addBox(s, x, top, cz - halfD + 0.2, x + 0.12, top + crownH, cz - halfD + 0.9, M_FIN, towerTag);
    addBox(s, x, top, cz + halfD - 0.9, x + 0.12, top + crownH, cz + halfD - 0.2, M_FIN, towerTag);
  }
  for (let z = cz - halfD + 0.6; z < cz + halfD; z += 0.9) {
    addBox(s, cx - halfW + 0.2, top, z, cx - halfW + 0.9, top + crownH, z + 0.12, M_FIN, towerTag);
    addBox(s, cx + halfW - 0.9, top, z, cx + halfW - 0.2, top + crownH, z + 0.12, M_FIN, towerTag);
  }
  addBox(s, cx - halfW - 0.5, top + crownH, cz - halfD - 0.5, cx + halfW + 0.5, top + crownH + 0.6, cz + halfD + 0.5, M_SLAB, towerTag);
  return top + crownH + 0.6;
}

/** Vertical fins in front of the two faces the camera sees (-z and +x). */
function addFins(city: City, b: Building, spacing: number, depth: number): void {
  const tag = city.buildings.length - 1;
  const s = city.scene;
  for (let x = b.x0 + spacing / 2; x < b.x1; x += spacing) addBox(s, x - 0.15, b.facade.lobbyH, b.z0 - depth, x + 0.15, b.h, b.z0, M_FIN, tag);
  for (let z = b.z0 + spacing / 2; z < b.z1; z += spacing) addBox(s, b.x1, b.facade.lobbyH, z - 0.15, b.x1 + depth, b.h, z + 0.15, M_FIN, tag);
}

function addTree(s: Scene, x: number, z: number, rnd: () => number): void {
  const h = 5 + rnd() * 4;
  addCylinder(s, x, z, 0.18, 0, h * 0.5, M_TREE, 1);
  for (let i = 0; i < 5; i++) {
    const a = rnd() * Math.PI * 2, r = 1 + rnd() * 1.2;
    addSphere(s, x + Math.cos(a) * r, h * (0.55 + rnd() * 0.35), z + Math.sin(a) * r, 1.5 + rnd(), M_TREE, 0);
  }
}

/** What a ray hit on a facade: glass (and where in which room) or the solid frame. */
interface FacadeHit {
  glass: boolean;
  spandrel: boolean; // opaque glass in front of a floor slab
  shop: boolean; // the tall ground floor
  albedo: RGB;
  cell: number; // a random number of this pane
  room: number; // a random number of the room behind it
  fx: number; fy: number; // position within the pane, 0–1
  a: number; up: number; // position in the room's window wall (m)
  roomW: number; roomH: number;
  tx: number; tz: number; // the facade's horizontal direction
  recess: number; // shadow in a window recess, 0–1
}

const F: FacadeHit = {
  glass: false, spandrel: false, shop: false, albedo: [0, 0, 0], cell: 0, room: 0, fx: 0, fy: 0,
  a: 0, up: 0, roomW: 3, roomH: 3, tx: 1, tz: 0, recess: 0,
};

/** Classifies a hit on the vertical face of a building's box (prim i) at p with normal (nx, 0, nz). */
function facadeAt(city: City, i: number, px: number, py: number, pz: number, nx: number, nz: number): FacadeHit {
  const s = city.scene, o = i * STRIDE;
  const b = city.buildings[s.g[i] as number] as Building;
  const f = b.facade;
  const alongZ = Math.abs(nx) > 0.5;
  F.tx = alongZ ? 0 : 1; F.tz = alongZ ? 1 : 0;
  const lo = (s.d[o + (alongZ ? 2 : 0)] as number), hi = (s.d[o + (alongZ ? 5 : 3)] as number);
  const top = s.d[o + 4] as number, base = s.d[o + 1] as number;
  const u = (alongZ ? pz : px) - lo, width = hi - lo;
  const face = alongZ ? (nx > 0 ? 1 : 3) : (nz > 0 ? 2 : 0);
  const nb = Math.max(1, Math.round(width / f.bayW)), bw = width / nb;
  const bay = Math.min(nb - 1, Math.floor(u / bw));
  F.fx = u / bw - bay;
  F.glass = false; F.spandrel = false; F.shop = false; F.recess = 0;
  F.albedo = f.frame;
  const v = py - base;
  const lobby = base < 1 ? f.lobbyH : 0;
  if (py > top - 1.2) return F; // parapet
  if (v < lobby) return shopfront(b, u, v, face, lobby);
  const fl = Math.floor((v - lobby) / f.floorH);
  F.fy = (v - lobby) / f.floorH - fl;
  F.cell = hash(b.seed, face * 1000 + bay, fl);
  const roomBays = Math.max(1, Math.round(4 / bw));
  const room = Math.floor(bay / roomBays);
  F.room = hash(b.seed + 1, face * 1000 + room, fl);
  F.roomW = roomBays * bw;
  F.roomH = f.floorH;
  F.a = u - room * roomBays * bw;
  F.up = F.fy * f.floorH;
  const mull = 0.06 / bw, edge = F.fx < mull || F.fx > 1 - mull;
  switch (f.style) {
    case "curtain":
      if (edge || (F.fy > 0.3 && F.fy < 0.312)) return F;
      F.glass = true;
      F.spandrel = F.fy < 0.3;
      return F;
    case "bands":
      if (F.fy < 0.42) return panelled(F, f, bay, fl, 1.2);
      if (F.fx < 0.02 || F.fx > 0.98) return F;
      F.glass = true;
      return F;
    case "grid": {
      const inX = F.fx > 0.17 && F.fx < 0.83, inY = F.fy > 0.33 && F.fy < 0.9;
      if (!inX || !inY) return panelled(F, f, bay, fl, 3);
      F.glass = true;
      F.recess = clamp(1 - (0.9 - F.fy) / 0.1) * 0.6 + clamp(1 - (F.fx - 0.17) / 0.06) * 0.3;
      return F;
    }
    case "punched": {
      const wide = 0.22 + 0.12 * Math.floor(hash(b.seed, face, bay) * 3);
      const solid = hash(b.seed + 3, face, bay) < 0.12;
      const inX = F.fx > wide && F.fx < 1 - wide, inY = F.fy > 0.3 && F.fy < 0.92;
      if (solid || !inX || !inY) return panelled(F, f, bay, fl, 0.8);
      F.glass = true;
      F.recess = clamp(1 - (0.92 - F.fy) / 0.08) * 0.5;
      return F;
    }
    case "balcony": {
      if (edge || F.fy < 0.1) return F;
      if (hash(b.seed + 5, face, bay) < 0.07 || (F.cell < 0.03)) return panelled(F, f, bay, fl, 0.3);
      F.glass = true;
      return F;
    }
  }
  return F;
}

/** A solid wall panel, its colour varying a little panel to panel. */
function panelled(h: FacadeHit, f: Facade, bay: number, fl: number, amount: number): FacadeHit {
  const k = 1 + (hash(bay, fl, 77) - 0.5) * 0.12 * amount;
  h.albedo = [f.frame[0] * k, f.frame[1] * k, f.frame[2] * k * (1 + (hash(bay, fl, 78) - 0.5) * 0.05)];
  return h;
}

function shopfront(b: Building, u: number, v: number, face: number, lobby: number): FacadeHit {
  const bay = Math.floor(u / 3);
  F.fx = u / 3 - bay;
  F.fy = v / lobby;
  F.cell = hash(b.seed, face * 1000 + bay, -1);
  F.room = F.cell;
  F.roomW = 3; F.roomH = lobby; F.a = F.fx * 3; F.up = v;
  if (F.fx < 0.03 || F.fx > 0.97 || F.fy > 0.85 || F.fy < 0.05) return F;
  F.glass = true;
  F.shop = true;
  return F;
}

/** Interior mapping: which surface of the room behind a window a ray sees, and how far in. */
interface RoomView { surface: "back" | "side" | "ceiling" | "floor"; depth: number; a: number; up: number }
const RV: RoomView = { surface: "back", depth: 0, a: 0, up: 0 };

function lookIntoRoom(h: FacadeHit, dAlong: number, dUp: number, dIn: number, roomDepth: number): RoomView {
  const tA = dAlong > 1e-6 ? (h.roomW - h.a) / dAlong : dAlong < -1e-6 ? -h.a / dAlong : Infinity;
  const ceiling = h.roomH - 0.35;
  const up = clamp(h.up, 0.01, ceiling - 0.01);
  const tU = dUp > 1e-6 ? (ceiling - up) / dUp : dUp < -1e-6 ? -up / dUp : Infinity;
  const tD = roomDepth / Math.max(dIn, 1e-6);
  const t = Math.min(tA, tU, tD);
  RV.surface = t === tD ? "back" : t === tA ? "side" : dUp > 0 ? "ceiling" : "floor";
  RV.depth = dIn * t;
  RV.a = h.a + dAlong * t;
  RV.up = up + dUp * t;
  return RV;
}

// ---------------------------------------------------------------- sky and mountains

interface Sky {
  sun: RGB; // direction to the sun
  sunColor: RGB; // irradiance of the sunlight
  zenith: RGB;
  horizon: RGB;
  glow: RGB; // around the sun
  ground: RGB; // land seen far off, below the horizon
  mountains: number; // 0 for none
  viewYaw: number; // where the mountains are centred (radians)
}

/** Summits of a range: azimuth (radians from the view's centre), height (radians), steepness. */
function peaks(seed: number, count: number, lo: number, hi: number, steep: number): [number, number, number][] {
  const rnd = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const az = -RIDGE_SPAN + rnd() * 2 * RIDGE_SPAN;
    const big = Math.pow(rnd(), 1.8);
    return [az, lo + (hi - lo) * big, steep * (0.6 + 0.8 * rnd())] as [number, number, number];
  });
}

/** The height of the mountains (radians above the horizon) at azimuth `az`: the envelope of
 *  many summits' flanks, roughened. */
function ridgeAt(az: number, far: boolean, summits: [number, number, number][]): number {
  let h = far ? 0.004 : 0.002;
  for (const [pa, ph, ps] of summits) h = Math.max(h, ph * Math.exp((-ps * Math.abs(az - pa)) / ph));
  let rough = 0, amp = 1, f = far ? 45 : 30;
  for (let o = 0; o < 6; o++) {
    rough += amp * (1 - Math.abs(noise2(az * f, 0.5, (far ? 300 : 400) + o) * 2 - 1));
    amp *= 0.55;
    f *= 2.2;
  }
  return h + (rough / 2.1 - 0.5) * (far ? 0.009 : 0.004);
}

// the ridges, tabulated over ±0.8 rad of azimuth around the view
const RIDGE_STEP = 0.00005, RIDGE_SPAN = 0.8;
let RIDGES: Float32Array[] = [];

function ridge(az: number, far: boolean): number {
  if (RIDGES.length === 0) {
    RIDGES = [false, true].map((isFar) => {
      const summits = isFar ? peaks(77, 60, 0.01, 0.04, 0.5) : peaks(78, 50, 0.004, 0.012, 0.25);
      const n = Math.round((2 * RIDGE_SPAN) / RIDGE_STEP) + 2;
      const table = new Float32Array(n);
      for (let i = 0; i < n; i++) table[i] = ridgeAt(-RIDGE_SPAN + i * RIDGE_STEP, isFar, summits);
      return table;
    });
  }
  const table = RIDGES[far ? 1 : 0] as Float32Array;
  const x = clamp((az + RIDGE_SPAN) / RIDGE_STEP, 0, table.length - 2);
  const i = Math.floor(x), t = x - i;
  return mix(table[i] as number, table[i + 1] as number, t);
}

function skyColor(sky: Sky, dx: number, dy: number, dz: number, withMountains = true): RGB {
  const cs = dx * sky.sun[0] + dy * sky.sun[1] + dz * sky.sun[2];
  if (dy < 0) return mixRGB(sky.horizon, sky.ground, smoothstep(0, -0.06, dy));
  const t = Math.pow(smoothstep(-0.01, 0.2, dy), 0.6);
  const c = mixRGB(sky.horizon, sky.zenith, t);
  const g = Math.max(0, cs);
  const glow = 0.35 * Math.pow(g, 6) + 0.6 * Math.pow(g, 60) * 1.0 + (cs > 0.99996 ? 60 : 0);
  const low = 1 - smoothstep(0, 0.25, dy);
  c[0] += sky.glow[0] * glow * (0.6 + 0.4 * low);
  c[1] += sky.glow[1] * glow * (0.6 + 0.4 * low);
  c[2] += sky.glow[2] * glow * (0.6 + 0.4 * low);
  if (withMountains && sky.mountains > 0 && dy < 0.06) return mountainsOver(sky, c, dx, dy, dz);
  return c;
}

const ROCK_SHADE = hex("#5a6472"), ROCK_LIT = hex("#918679"), SNOW_SHADE = hex("#9fb0c8"), SNOW_LIT = hex("#fff1e4", 1.12);
const HILL_SHADE = hex("#4e5866"), HILL_LIT = hex("#8a7e6c");

/** Rock ribs and gullies on a mountain face (ridged noise, stretched down the slope), 0–1. */
function terrain(az: number, e: number): number {
  let v = 0, amp = 1, f = 1;
  for (let o = 0; o < 4; o++) {
    v += amp * (1 - Math.abs(noise2(az * 240 * f, e * 90 * f, 500 + o) * 2 - 1));
    amp *= 0.5;
    f *= 2.1;
  }
  return v / 1.875;
}

/** How much a mountain face turns to the low sun (on the side `side`): the silhouette's slope, and the ribs. */
function slopeLight(az: number, e: number, far: boolean, side: number): number {
  const d = 0.003;
  const slope = (ridge(az + d, far) - ridge(az - d, far)) / (2 * d);
  const q = 0.0008;
  const gx = (terrain(az + q, e) - terrain(az - q, e)) / (2 * q) / 240;
  const gy = (terrain(az, e + q) - terrain(az, e - q)) / (2 * q) / 90;
  return clamp(0.5 - side * (0.3 * Math.tanh(slope * 2) + 0.5 * gx) + 0.15 * gy);
}

/** Snow-capped ranges faint in the haze, lit by the low sun from the side; foothills before them. */
function mountainsOver(sky: Sky, behind: RGB, dx: number, dy: number, dz: number): RGB {
  const az = Math.atan2(dx, dz) - sky.viewYaw;
  const e = dy;
  const far = ridge(az, true), near = ridge(az, false);
  if (e >= far && e >= near) return behind;
  const sunAz = Math.atan2(sky.sun[0], sky.sun[2]) - sky.viewYaw;
  const side = Math.sign(sunAz - az) || 1;
  const base = smoothstep(0.008, 0, e); // the foot of the range sinks into haze
  if (e < near) {
    const lit = slopeLight(az, e, false, side);
    const c = mixRGB(HILL_SHADE, HILL_LIT, lit);
    return mixRGB(c, sky.horizon, 0.5 + 0.5 * base);
  }
  const lit = slopeLight(az, e, true, side);
  const rel = (far - e) / Math.max(far, 0.01); // 0 at the crest, 1 at the horizon
  const snowy = 1.05 - rel * 1.5 + (0.5 - terrain(az, e)) * 1.5 + (fbm(az * 90, e * 40, 3, 6) - 0.5) * 0.9;
  const snow = smoothstep(0.3, 0.62, snowy);
  const rock = mixRGB(ROCK_SHADE, ROCK_LIT, lit);
  const white = mixRGB(SNOW_SHADE, SNOW_LIT, smoothstep(0.3, 0.7, lit));
  const c = mixRGB(rock, white, snow);
  return mixRGB(c, sky.horizon, 0.56 + 0.44 * base);
}

// ---------------------------------------------------------------- the city by day

function reflect(dx: number, dy: number, dz: number, nx: number, ny: number, nz: number): RGB {
  const k = 2 * (dx * nx + dy * ny + dz * nz);
  return [dx - k * nx, dy - k * ny, dz - k * nz];
}

function fresnel(f0: number, cos: number): number {
  const m = 1 - clamp(cos);
  return f0 + (1 - f0) * m * m * m * m * m;
}

/** A pane's normal: the facade's, tilted a little pane by pane and bowed across the pane. */
function paneNormal(h: FacadeHit, wobble: number, nx: number, nz: number): RGB {
  const a = (hash(h.cell * 1e6, 1) - 0.5) * wobble + (h.fx - 0.5) * wobble * 0.5;
  const b = (hash(h.cell * 1e6, 2) - 0.5) * wobble + (h.fy - 0.5) * wobble * 0.4;
  const x = nx + a * h.tx, y = b, z = nz + a * h.tz;
  const l = Math.hypot(x, y, z);
  return [x / l, y / l, z / l];
}

function materialAlbedo(mat: number, b: Building | undefined, px: number, py: number, pz: number): RGB {
  switch (mat) {
    case M_FACADE: { // a roof: pale membrane, grey gravel or dark felt, patched and stained
      const kind = b ? hash(b.seed, 41) : 0.5;
      const base = kind < 0.35 ? hex("#a9a8a4") : kind < 0.75 ? hex("#6a6866") : hex("#3e3c3b");
      const n = fbm(px * 0.15, pz * 0.15, 3, 5), seams = Math.abs(((px + pz * 0.01) % 1.5) / 1.5 - 0.5) < 0.02 ? 0.9 : 1;
      return scaleRGB(base, (0.7 + 0.5 * n) * seams);
    }
    case M_SLAB: return scaleRGB(hex("#e4e0d8"), 0.92 + 0.1 * noise2(px * 0.3, pz * 0.3, 3));
    case M_MECH: return scaleRGB(hex("#8c8c88"), 0.8 + 0.35 * noise2(px * 0.5 + py, pz * 0.5, 4));
    case M_FIN: return b ? scaleRGB(b.facade.frame, 1.1) : hex("#9a9a96");
    case M_TREE: return scaleRGB(hex("#4f5a2c"), 0.6 + 0.7 * noise2(px * 2, py * 2 + pz * 2, 6));
    case M_GROUND: {
      const n = noise2(px * 0.05, pz * 0.05, 8);
      return scaleRGB(hex("#6e6a64"), 0.7 + 0.4 * n);
    }
    default: return hex("#808080");
  }
}

interface DayLight {
  sky: Sky;
  ambient: RGB; // sky light on a vertical wall
  bounce: RGB; // light from the ground
  hazeDistance: number;
}

function cityDayShader(city: City, light: DayLight): Shader {
  const s = city.scene, sky = light.sky, L = sky.sun;
  const irradiance = (px: number, py: number, pz: number, nx: number, ny: number, nz: number): RGB => {
    const ndl = nx * L[0] + ny * L[1] + nz * L[2];
    const sun = ndl > 0 && !occluded(s, px + nx * 0.02, py + ny * 0.02, pz + nz * 0.02, L[0], L[1], L[2]) ? ndl : 0;
    const canyon = 0.45 + 0.55 * smoothstep(0, 50, py);
    const up = 0.5 + 0.5 * ny;
    const toward = 0.75 + 0.5 * Math.max(0, nx * L[0] + nz * L[2]);
    return [
      sky.sunColor[0] * sun + (light.ambient[0] * up * 1.6 * toward + light.bounce[0] * (1 - up)) * canyon,
      sky.sunColor[1] * sun + (light.ambient[1] * up * 1.6 * toward + light.bounce[1] * (1 - up)) * canyon,
      sky.sunColor[2] * sun + (light.ambient[2] * up * 1.6 * toward + light.bounce[2] * (1 - up)) * canyon,
    ];
  };
  const haze = (c: RGB, t: number, dx: number, dy: number, dz: number): RGB => {
    const f = 1 - Math.exp(-t / light.hazeDistance);
    const h = skyColor(sky, dx, Math.max(0.002, dy * 0.3), dz, false);
    return mixRGB(c, h, f);
  };
  const shade: Shader = (ox, oy, oz, dx, dy, dz, depth) => {
    if (!trace(s, ox, oy, oz, dx, dy, dz)) return skyColor(sky, dx, dy, dz);
    const t = hitT, prim = hitPrim;
    const px = ox + dx * t, py = oy + dy * t, pz = oz + dz * t;
    hitNormal(s, prim, px, py, pz, dx, dy, dz);
    const nx = nX, ny = nY, nz = nZ;
    if (depth === 0) lastDepth = t;
    const mat = s.m[prim] as number;
    const b = city.buildings[s.g[prim] as number];
    let c: RGB;
    if (mat === M_RAIL) {
      const o = prim * STRIDE;
      if (py > (s.d[o + 4] as number) - 0.06) c = surface(hex("#b9b9b4"), irradiance(px, py, pz, nx, ny, nz));
      else {
        const behind = shade(px + dx * 0.1, py + dy * 0.1, pz + dz * 0.1, dx, dy, dz, depth);
        const fr = fresnel(0.05, -(dx * nx + dy * ny + dz * nz));
        const r = reflect(dx, dy, dz, nx, ny, nz);
        c = mixRGB([behind[0] * 0.78, behind[1] * 0.86, behind[2] * 0.84], skyColor(sky, r[0], r[1], r[2]), fr);
      }
    } else if (mat === M_FACADE && Math.abs(ny) < 0.5 && b) {
      const h = facadeAt(city, prim, px, py, pz, nx, nz);
      const e = irradiance(px, py, pz, nx, ny, nz);
      if (!h.glass) c = surface(weathered(h.albedo, px * h.tx + pz * h.tz + b.seed % 1000, py), e);
      else c = glassDay(h, b, e, px, py, pz, dx, dy, dz, nx, nz, depth);
    } else {
      c = surface(materialAlbedo(mat, b, px, py, pz), irradiance(px, py, pz, nx, ny, nz));
    }
    return haze(c, t, dx, dy, dz);
  };
  const glassDay = (h: FacadeHit, b: Building, e: RGB, px: number, py: number, pz: number, dx: number, dy: number, dz: number, nx: number, nz: number, depth: number): RGB => {
    const f = b.facade;
    const n = paneNormal(h, f.wobble, nx, nz);
    const cos = -(dx * n[0] + dy * n[1] + dz * n[2]);
    const r = reflect(dx, dy, dz, n[0], n[1], n[2]);
    const fr = fresnel(h.spandrel ? f.f0 * 1.2 : f.f0, cos);
    const refl = depth < 1 ? shade(px + nx * 0.05, py, pz + nz * 0.05, r[0], r[1], r[2], depth + 1) : skyColor(sky, r[0], Math.max(r[1], 0.01), r[2]);
    let inside: RGB;
    if (h.spandrel) inside = scaleRGB(f.frame, 0.25 * (e[0] + e[1] + e[2]) / 3);
    else inside = interiorDay(h, f, e, dx * h.tx + dz * h.tz, dy, -(dx * nx + dz * nz));
    const k = 1 - h.recess * 0.5;
    const coat = clamp(f.f0 * 2); // coated glass tints what it reflects too
    return [
      (fr * refl[0] * mix(1, f.glass[0] * 1.6, coat) + (1 - fr) * inside[0] * f.glass[0]) * k,
      (fr * refl[1] * mix(1, f.glass[1] * 1.6, coat) + (1 - fr) * inside[1] * f.glass[1]) * k,
      (fr * refl[2] * mix(1, f.glass[2] * 1.6, coat) + (1 - fr) * inside[2] * f.glass[2]) * k,
    ];
  };
  return shade;
}

function surface(albedo: RGB, e: RGB): RGB {
  return [albedo[0] * e[0], albedo[1] * e[1], albedo[2] * e[2]];
}

/** Rain streaks and dirt on a wall: a little darker in vertical stains. */
function weathered(albedo: RGB, u: number, v: number): RGB {
  const k = 0.9 + 0.16 * fbm(u * 0.6, v * 0.04, 3, 21) - 0.06 * noise2(u * 3, v * 0.2, 22);
  return scaleRGB(albedo, k);
}

/** What is seen through a window by day: blinds or curtains, or the dim room behind. */
function interiorDay(h: FacadeHit, f: Facade, e: RGB, dAlong: number, dUp: number, dIn: number): RGB {
  const light = (e[0] + e[1] + e[2]) / 3;
  const warm = hex("#f2e8da");
  if (h.shop) {
    const v = lookIntoRoom(h, dAlong, dUp, dIn, 8);
    return scaleRGB(warm, (v.surface === "ceiling" ? 0.5 : 0.25) * (0.6 + h.room) + light * 0.05);
  }
  if (h.cell < f.blinds) {
    if (f.office) {
      const drop = 0.25 + 0.75 * hash(h.cell * 1e6, 3);
      if (h.fy > 1 - drop) {
        const slat = 0.85 + 0.15 * Math.sin(h.up * 2 * Math.PI / 0.05);
        return scaleRGB(warm, light * 0.32 * slat);
      }
    } else {
      const side = hash(h.cell * 1e6, 4), open = hash(h.cell * 1e6, 5) * 0.7;
      const covered = side < 0.5 ? h.fx > open : h.fx < 1 - open;
      if (covered || side > 0.85) {
        const fold = 0.85 + 0.15 * Math.sin(h.a * 2 * Math.PI / 0.14);
        return scaleRGB(hash(h.room * 1e6, 9) < 0.7 ? warm : hex("#c9c2b5"), light * 0.3 * fold);
      }
    }
  }
  const v = lookIntoRoom(h, dAlong, dUp, dIn, 6);
  const albedo = v.surface === "ceiling" ? 0.75 : v.surface === "floor" ? 0.25 : 0.5;
  let c = light * 0.09 * albedo * Math.exp(-v.depth / 2.2);
  if (f.office && h.room < 0.6 && v.surface === "ceiling") {
    const panel = Math.abs(((v.a + 0.6) % 1.2) - 0.6) < 0.3 && Math.abs(((v.depth + 0.9) % 1.8) - 0.9) < 0.3;
    if (panel) c += 0.35;
  }
  if (v.surface === "back" && v.up < 1 && hash(h.room * 1e6, 11) < 0.5) c *= 0.4; // furniture
  return scaleRGB(warm, c);
}

// ---------------------------------------------------------------- 1. the case study: a tower downtown

const FACADES: Record<string, Facade> = {
  heroTower: { style: "balcony", floorH: 3.1, bayW: 1.6, frame: hex("#d6d3cc"), glass: hex("#a9bcbd"), f0: 0.16, wobble: 0.004, lobbyH: 0, blinds: 0.5, lit: 0.55, office: false },
  heroPodium: { style: "bands", floorH: 4.2, bayW: 1.8, frame: hex("#b5a898"), glass: hex("#9fb0b0"), f0: 0.1, wobble: 0.006, lobbyH: 6, blinds: 0.3, lit: 0.5, office: true },
  tealGlass: { style: "curtain", floorH: 4, bayW: 1.5, frame: hex("#46525a"), glass: hex("#6a9fb2"), f0: 0.3, wobble: 0.005, lobbyH: 8, blinds: 0.25, lit: 0.45, office: true },
  darkGlass: { style: "curtain", floorH: 4.2, bayW: 1.5, frame: hex("#2f3134"), glass: hex("#6b7878"), f0: 0.34, wobble: 0.004, lobbyH: 9, blinds: 0.2, lit: 0.4, office: true },
  bronze: { style: "curtain", floorH: 4, bayW: 1.5, frame: hex("#6b5646"), glass: hex("#a08d75"), f0: 0.28, wobble: 0.005, lobbyH: 8, blinds: 0.3, lit: 0.4, office: true },
  concrete: { style: "grid", floorH: 3.7, bayW: 2.8, frame: hex("#b9ab96"), glass: hex("#8a989a"), f0: 0.08, wobble: 0.01, lobbyH: 5, blinds: 0.5, lit: 0.4, office: true },
  greyBands: { style: "bands", floorH: 3.9, bayW: 1.8, frame: hex("#a7acae"), glass: hex("#8ea4ad"), f0: 0.2, wobble: 0.01, lobbyH: 6, blinds: 0.35, lit: 0.45, office: true },
  brick: { style: "punched", floorH: 3.2, bayW: 3.2, frame: hex("#7d5f52"), glass: hex("#8d9a9a"), f0: 0.07, wobble: 0.02, lobbyH: 4.5, blinds: 0.5, lit: 0.55, office: false },
  whitePanel: { style: "punched", floorH: 3.1, bayW: 2.8, frame: hex("#d2cabd"), glass: hex("#95a4a6"), f0: 0.08, wobble: 0.015, lobbyH: 4.5, blinds: 0.55, lit: 0.6, office: false },
  charcoalBrick: { style: "punched", floorH: 3.3, bayW: 2.6, frame: hex("#4d4541"), glass: hex("#8d9a9a"), f0: 0.07, wobble: 0.02, lobbyH: 4.5, blinds: 0.5, lit: 0.55, office: false },
  greyPanel: { style: "grid", floorH: 3.4, bayW: 2.4, frame: hex("#8b8c89"), glass: hex("#8a989a"), f0: 0.08, wobble: 0.01, lobbyH: 5, blinds: 0.5, lit: 0.5, office: true },
  midGlass: { style: "curtain", floorH: 3.9, bayW: 1.5, frame: hex("#3b4046"), glass: hex("#7d9aa3"), f0: 0.22, wobble: 0.014, lobbyH: 6, blinds: 0.3, lit: 0.45, office: true },
  punchedWarm: { style: "punched", floorH: 3.0, bayW: 2.4, frame: hex("#a59a8c"), glass: hex("#95a4a6"), f0: 0.08, wobble: 0.015, lobbyH: 4.5, blinds: 0.6, lit: 0.6, office: false },
  sandBalcony: { style: "balcony", floorH: 3.1, bayW: 1.8, frame: hex("#c7bba8"), glass: hex("#9aabab"), f0: 0.09, wobble: 0.01, lobbyH: 5, blinds: 0.55, lit: 0.6, office: false },
};

interface CityPlan {
  seed: number;
  cam: Camera;
  residential: { dist: number; x: number; floors: number; facade: string; podium: string; halfW: number; halfD: number }[]; // the first is the hero
  beacons: boolean; // red lights on the tallest roofs
  towers: { dist: number; x: number; w: number; d: number; h: number; facade: string; setbacks?: number; fins?: boolean }[];
  fillFacades: string[];
  maxFill: (dist: number, left: number, right: number) => number; // the tallest filler allowed there (screen extent)
}

/** A point on the ground at `dist` metres from the camera, at horizontal screen position x (-1…1). */
function groundAt(cam: Camera, dist: number, x: number, aspect: number): [number, number] {
  const k = x * cam.tanHalf * aspect;
  const dx = cam.fwd[0] + k * cam.right[0], dz = cam.fwd[2] + k * cam.right[2];
  const l = Math.hypot(dx, dz);
  return [cam.pos[0] + (dx / l) * dist, cam.pos[2] + (dz / l) * dist];
}

/** Distance from the camera and screen x of a ground point. */
function screenOf(cam: Camera, x: number, z: number, aspect: number): [number, number] {
  const rx = x - cam.pos[0], rz = z - cam.pos[2];
  const f = rx * cam.fwd[0] + rz * cam.fwd[2], r = rx * cam.right[0] + rz * cam.right[2];
  return [Math.hypot(rx, rz), r / f / (cam.tanHalf * aspect)];
}

function buildCity(plan: CityPlan, aspect: number): City {
  const city: City = { scene: newScene(), buildings: [] };
  const rnd = seededRandom(plan.seed);
  const s = city.scene;
  s.clearMats = [M_RAIL];
  addBox(s, -60000, -1, -60000, 60000, 0, 60000, M_GROUND, 0);
  city.buildings.push({ x0: 0, z0: 0, x1: 0, z1: 0, h: 0, facade: FACADES.concrete as Facade, seed: 0 });
  const hero = plan.residential[0] as CityPlan["residential"][number];
  const [hx, hz] = groundAt(plan.cam, hero.dist, hero.x, aspect);
  // streets run along x and z; blocks are 100 m apart, the hero stands in the middle of one
  const pitch = 100, street = 22;
  const taken: [number, number, number, number][] = [];
  for (const r of plan.residential) {
    let [x, z] = groundAt(plan.cam, r.dist, r.x, aspect);
    if (r !== hero) { // to the middle of its block
      x = hx + Math.round((x - hx) / pitch) * pitch;
      z = hz + Math.round((z - hz) / pitch) * pitch;
    }
    const top = addResidentialTower(city, x, z, r.floors, FACADES[r.facade] as Facade, FACADES[r.podium] as Facade, r.halfW, r.halfD);
    if (plan.beacons) addSphere(s, x, top + 1.2, z, 0.5, M_BEACON, 0);
    taken.push([x - 30, z - 26, x + 30, z + 26]);
  }
  for (const t of plan.towers) {
    const [x, z] = groundAt(plan.cam, t.dist, t.x, aspect);
    const b: Building = { x0: x - t.w / 2, z0: z - t.d / 2, x1: x + t.w / 2, z1: z + t.d / 2, h: t.h, facade: FACADES[t.facade] as Facade, seed: Math.floor(rnd() * 1e6) };
    addBuilding(city, b, rnd, t.setbacks ?? 0);
    if (t.fins) addFins(city, b, 3, 0.9);
    if (plan.beacons && t.h > 80) addSphere(s, x, t.h + 7, z, 0.5, M_BEACON, 0);
    taken.push([b.x0 - 4, b.z0 - 4, b.x1 + 4, b.z1 + 4]);
  }
  const overlaps = (x0: number, z0: number, x1: number, z1: number) => taken.some((q) => x0 < q[2] && x1 > q[0] && z0 < q[3] && z1 > q[1]);
  for (let i = -14; i <= 14; i++) {
    for (let j = -14; j <= 16; j++) {
      const bx = hx + i * pitch - pitch / 2 + street / 2, bz = hz + j * pitch - pitch / 2 + street / 2;
      const size = pitch - street;
      const [dist, sx] = screenOf(plan.cam, bx + size / 2, bz + size / 2, aspect);
      if (dist < 120 || dist > 2600 || Math.abs(sx) > 1.6 + 150 / dist) continue;
      // two to four buildings per block
      const split = rnd() < 0.5;
      const parts: [number, number, number, number][] = split
        ? [[bx, bz, bx + size, bz + size * 0.5 - 2], [bx, bz + size * 0.5 + 2, bx + size, bz + size]]
        : [[bx, bz, bx + size * 0.5 - 2, bz + size], [bx + size * 0.5 + 2, bz, bx + size, bz + size]];
      for (const [x0, z0, x1, z1] of parts) {
        if (overlaps(x0, z0, x1, z1)) continue;
        const corners = [[x0, z0], [x1, z0], [x0, z1], [x1, z1]].map(([x, z]) => screenOf(plan.cam, x as number, z as number, aspect));
        const d = Math.min(...corners.map((c) => c[0]));
        const cap = plan.maxFill(d, Math.min(...corners.map((c) => c[1])), Math.max(...corners.map((c) => c[1])));
        const name = plan.fillFacades[Math.floor(rnd() * plan.fillFacades.length)] as string;
        const facade = FACADES[name] as Facade;
        const floors = Math.max(2, Math.floor((cap * (0.35 + 0.65 * rnd())) / facade.floorH));
        const h = facade.lobbyH + floors * facade.floorH;
        const inset = rnd() * 4;
        addBuilding(city, { x0: x0 + inset, z0: z0 + inset, x1: x1 - inset * rnd(), z1: z1 - inset * rnd(), h, facade, seed: Math.floor(rnd() * 1e6) }, rnd, h > 60 && rnd() < 0.4 ? 1 : 0);
      }
      // street trees along the near side of the block
      if (dist < 900) for (let k = 0; k < 6; k++) addTree(s, bx + 6 + k * 14, bz - 5, rnd);
    }
  }
  compile(s);
  return city;
}

function calgaryPlan(): CityPlan {
  const cam = levelCamera([0, 75, 0], -50, 15, 0.2);
  const heroDistance = 540, heroX = 0.2;
  return {
    seed: 1202,
    cam,
    residential: [{ dist: heroDistance, x: heroX, floors: 27, facade: "heroTower", podium: "heroPodium", halfW: 10, halfD: 14 }],
    beacons: false,
    towers: [
      { dist: 1100, x: -0.16, w: 40, d: 44, h: 200, facade: "tealGlass", setbacks: 1 },
      { dist: 1550, x: 0.0, w: 36, d: 36, h: 150, facade: "darkGlass" },
      { dist: 850, x: 0.64, w: 36, d: 44, h: 150, facade: "bronze", fins: true },
      { dist: 1400, x: 0.47, w: 40, d: 40, h: 178, facade: "greyBands", setbacks: 2 },
      { dist: 620, x: 1.0, w: 30, d: 30, h: 95, facade: "whitePanel" },
      { dist: 700, x: -0.98, w: 34, d: 30, h: 104, facade: "concrete" },
      { dist: 1900, x: 0.86, w: 40, d: 40, h: 130, facade: "darkGlass" },
    ],
    fillFacades: ["brick", "whitePanel", "concrete", "greyBands", "charcoalBrick", "sandBalcony", "greyPanel", "midGlass", "midGlass", "charcoalBrick"],
    maxFill: (dist, left, right) => {
      const heroHalf = 0.16 * (540 / heroDistance);
      const overHero = right > heroX - heroHalf && left < heroX + heroHalf;
      // in front of the hero tower, stay below the line from the camera to its third floor
      if (overHero && dist < heroDistance) return Math.min(34, 75 - (75 - 12) * (dist / heroDistance));
      if (dist < 600) return 40;
      if (dist > 900) return 62; // below the horizon, so the mountains show
      return 58;
    },
  };
}

const GOLDEN: Sky = {
  sun: norm([0.85, 0.17, 0.5]),
  sunColor: scaleRGB(kelvin(3200), 4.3),
  zenith: hex("#6a92c2", 1.0),
  horizon: hex("#ead8c0", 1.0),
  glow: hex("#ffb36b", 1.2),
  ground: hex("#9b8f80"),
  mountains: 1,
  viewYaw: (-50 * Math.PI) / 180,
};

function norm(v: RGB): RGB {
  const l = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / l, v[1] / l, v[2] / l];
}

const CALGARY_LOOK: Look = {
  exposure: 0.62,
  white: [1, 1, 1],
  bloom: 0.15, bloomThreshold: 1.2,
  contrast: 1.1, saturation: 0.92,
  lift: [0.02, 0.026, 0.036],
  shadowTint: [-0.01, 0.0, 0.015], highlightTint: [0.02, 0.008, -0.02],
  vignette: 0.28, grain: 3.5, soften: 0.45,
};

function calgaryScene(): { cam: Camera; shader: Shader } {
  const plan = calgaryPlan();
  const city = buildCity(plan, 1.5);
  const shader = cityDayShader(city, { sky: GOLDEN, ambient: hex("#7f9fcc", 0.42), bounce: hex("#8a7660", 0.16), hazeDistance: 5500 });
  return { cam: plan.cam, shader };
}

// ---------------------------------------------------------------- 3. residential towers at blue hour

interface Dusk {
  glowAz: number; // azimuth of the afterglow (world, radians)
  zenith: RGB;
  mid: RGB;
  horizon: RGB; // the orange band
  haze: RGB;
}

const BLUE_HOUR: Dusk = {
  glowAz: (58 * Math.PI) / 180,
  zenith: hex("#0b1834", 0.9),
  mid: hex("#30548c", 0.7),
  horizon: hex("#ff9440", 1.5),
  haze: hex("#2a3658", 0.3),
};

/** The sky after sunset: deep blue above, an orange band low down, brighter towards the afterglow. */
function duskSky(d: Dusk, dx: number, dy: number, dz: number): RGB {
  const az = Math.atan2(dx, dz);
  let da = Math.abs(az - d.glowAz);
  if (da > Math.PI) da = 2 * Math.PI - da;
  const toward = Math.exp(-da * da * 3.5); // 1 towards the afterglow
  const e = Math.max(dy, -0.02);
  const band = Math.exp(-Math.max(e, 0) / (0.018 + 0.02 * toward)) * (0.25 + 0.75 * toward);
  const blue = mixRGB(d.mid, d.zenith, smoothstep(0.0, 0.4, e));
  const pink = Math.exp(-Math.abs(e - 0.05) / 0.03) * 0.025 * toward;
  const k = (0.6 + 0.4 * toward) * (1 - 0.85 * clamp(band)); // the blue gives way to the glow
  const c: RGB = [
    blue[0] * k + d.horizon[0] * band + pink * 0.9,
    blue[1] * k + d.horizon[1] * band + pink * 0.5,
    blue[2] * k + d.horizon[2] * band + pink * 0.4,
  ];
  // a few thin streaks of cloud low in the west, lit from below
  if (e > 0.01 && e < 0.12) {
    const streak = smoothstep(0.58, 0.78, fbm(az * 9, e * 140, 4, 31)) * smoothstep(0.12, 0.04, e) * smoothstep(0.01, 0.03, e);
    const lit = mixRGB(hex("#3a3850", 0.6), hex("#f0a070", 1.0), toward * smoothstep(0.1, 0.02, e));
    return mixRGB(c, lit, streak * 0.55);
  }
  return c;
}

/** What a window shows at night: the lit room behind it (or a dark one), curtains, a television. */
function interiorNight(h: FacadeHit, f: Facade, dAlong: number, dUp: number, dIn: number): RGB {
  const r = h.room * 1e6;
  const v = lookIntoRoom(h, dAlong, dUp, dIn, 5.5);
  const lit = h.shop || h.room < f.lit * 0.72;
  if (!lit) return [0.004, 0.005, 0.007];
  const light = kelvin(2500 + 1500 * Math.pow(hash(r, 1), 2));
  const power = (h.shop ? 2.5 : 0.4 + 2.2 * Math.pow(hash(r, 2), 1.5)) * (hash(r, 7) < 0.25 ? 0.3 : 1);
  const lx = h.roomW * (0.25 + 0.5 * hash(r, 3)), lu = h.roomH - 0.8, ld = 1.2 + 3 * hash(r, 4);
  const d2 = (v.a - lx) ** 2 + (v.up - lu) ** 2 + (v.depth - ld) ** 2;
  let albedo = v.surface === "ceiling" ? 0.75 : v.surface === "floor" ? 0.3 : 0.55 + 0.2 * hash(r, 5);
  if (v.surface === "back" && v.up < 0.85 && Math.abs(v.a - h.roomW * hash(r, 6)) < 1.1) albedo = 0.12; // a sofa, a sideboard
  let e = power * albedo * (0.18 + 1 / (1 + d2 * 0.9));
  const c: RGB = [light[0] * e, light[1] * e, light[2] * e];
  if (hash(r, 8) < 0.06 && v.surface === "back") { // the blue of a television
    c[0] += 0.05; c[1] += 0.1; c[2] += 0.25;
  }
  if (h.cell < f.blinds) { // curtains drawn part way: they glow
    const side = hash(h.cell * 1e6, 4), open = hash(h.cell * 1e6, 5) * 0.8;
    const covered = side < 0.5 ? h.fx > open : h.fx < 1 - open;
    if (covered || side > 0.8) {
      const fold = 0.8 + 0.2 * Math.sin((h.a * 2 * Math.PI) / 0.14);
      e = power * 0.32 * fold * (0.6 + 0.4 * smoothstep(0, h.roomH, h.up));
      return [light[0] * e, light[1] * e * 0.95, light[2] * e * 0.85];
    }
  }
  return c;
}

function cityDuskShader(city: City, d: Dusk): Shader {
  const s = city.scene;
  const ambient = (ny: number, nx: number, nz: number, py: number): RGB => {
    const up = 0.5 + 0.5 * ny;
    const west = Math.max(0, nx * Math.sin(d.glowAz) + nz * Math.cos(d.glowAz));
    const street = Math.exp(-py / 18) * (ny < 0.5 ? 1 : 0.3); // warm light from the streets below
    return [
      0.007 + 0.018 * up + 0.02 * west + 0.05 * street,
      0.011 + 0.028 * up + 0.012 * west + 0.034 * street,
      0.022 + 0.05 * up + 0.008 * west + 0.017 * street,
    ];
  };
  const haze = (c: RGB, t: number, dx: number, dz: number): RGB => {
    const f = 1 - Math.exp(-t / 4200);
    const hz = mixRGB(d.haze, duskSky(d, dx, 0.03, dz), 0.2);
    return mixRGB(c, hz, f);
  };
  const shade: Shader = (ox, oy, oz, dx, dy, dz, depth) => {
    if (!trace(s, ox, oy, oz, dx, dy, dz)) return duskSky(d, dx, dy, dz);
    const t = hitT, prim = hitPrim;
    const px = ox + dx * t, py = oy + dy * t, pz = oz + dz * t;
    hitNormal(s, prim, px, py, pz, dx, dy, dz);
    const nx = nX, ny = nY, nz = nZ;
    if (depth === 0) lastDepth = t;
    const mat = s.m[prim] as number;
    const b = city.buildings[s.g[prim] as number];
    let c: RGB;
    if (mat === M_BEACON) c = [6, 0.25, 0.1];
    else if (mat === M_FIN) { // the crown's fins, washed with light from below
      const up = py - (s.d[prim * STRIDE + 1] as number);
      const e = ambient(ny, nx, nz, py);
      const wash = 0.9 * Math.exp(-up / 2.2);
      c = surface(hex("#c9c4bb"), [e[0] + wash, e[1] + wash * 0.92, e[2] + wash * 0.8]);
    }
    else if (mat === M_GROUND) c = streetAt(px, pz);
    else if (mat === M_RAIL) {
      const behind = shade(px + dx * 0.1, py + dy * 0.1, pz + dz * 0.1, dx, dy, dz, depth);
      const r = reflect(dx, dy, dz, nx, ny, nz);
      const fr = fresnel(0.05, -(dx * nx + dy * ny + dz * nz));
      c = mixRGB([behind[0] * 0.8, behind[1] * 0.86, behind[2] * 0.86], duskSky(d, r[0], r[1], r[2]), fr);
    } else if (mat === M_FACADE && Math.abs(ny) < 0.5 && b) {
      const h = facadeAt(city, prim, px, py, pz, nx, nz);
      if (!h.glass) c = surface(weathered(h.albedo, px * h.tx + pz * h.tz + b.seed % 1000, py), ambient(ny, nx, nz, py));
      else {
        const f = b.facade;
        const n = paneNormal(h, f.wobble, nx, nz);
        const cos = -(dx * n[0] + dy * n[1] + dz * n[2]);
        const r = reflect(dx, dy, dz, n[0], n[1], n[2]);
        const fr = fresnel(f.f0, cos);
        const refl = depth < 1 ? shade(px + nx * 0.05, py, pz + nz * 0.05, r[0], r[1], r[2], depth + 1) : duskSky(d, r[0], Math.max(r[1], 0.01), r[2]);
        const inside = h.spandrel ? scaleRGB(f.frame, 0.02) : interiorNight(h, f, dx * h.tx + dz * h.tz, dy, -(dx * nx + dz * nz));
        c = [fr * refl[0] + (1 - fr) * inside[0] * f.glass[0] * 1.3, fr * refl[1] + (1 - fr) * inside[1] * f.glass[1] * 1.3, fr * refl[2] + (1 - fr) * inside[2] * f.glass[2] * 1.3];
      }
    } else {
      const albedo = materialAlbedo(mat, b, px, py, pz);
      const e = ambient(ny, nx, nz, py);
      if (ny > 0.5) { e[0] *= 0.55; e[1] *= 0.55; e[2] *= 0.6; } // roofs
      if (mat === M_SLAB && ny < -0.5) { e[0] += 0.12; e[1] += 0.08; e[2] += 0.04; } // balcony soffits over lit rooms
      c = surface(albedo, e);
    }
    return haze(c, t, dx, dz);
  };
  return shade;
}

/** Streets at night: dark asphalt, pools of light from the lamps, lit kerbs. */
function streetAt(x: number, z: number): RGB {
  const pitch = 100, street = 22;
  const u = (((x % pitch) + pitch) % pitch), v = (((z % pitch) + pitch) % pitch);
  const inStreet = u < street || v < street;
  if (!inStreet) return [0.01, 0.01, 0.012];
  const lamp = (w: number) => {
    const k = ((w % 30) + 30) % 30 - 15;
    return Math.exp(-(k * k) / 30);
  };
  const pool = (u < street ? lamp(z) : 0) + (v < street ? lamp(x) : 0);
  const e = 0.04 + 0.5 * pool;
  return [e * 1.0, e * 0.72, e * 0.45];
}

function duskPlan(): CityPlan {
  const cam = levelCamera([0, 48, 0], 28, 26, 0.34);
  return {
    seed: 2718,
    cam,
    residential: [
      { dist: 330, x: 0.5, floors: 34, facade: "heroTower", podium: "heroPodium", halfW: 14, halfD: 12 },
      { dist: 560, x: 0.16, floors: 26, facade: "sandBalcony", podium: "heroPodium", halfW: 12, halfD: 12 },
      { dist: 520, x: 0.95, floors: 30, facade: "heroTower", podium: "greyPanel", halfW: 13, halfD: 11 },
    ],
    beacons: true,
    towers: [
      { dist: 900, x: 0.32, w: 30, d: 30, h: 96, facade: "whitePanel" },
      { dist: 1300, x: 0.72, w: 34, d: 34, h: 120, facade: "punchedWarm" },
      { dist: 1600, x: -0.3, w: 30, d: 30, h: 70, facade: "whitePanel" },
    ],
    fillFacades: ["brick", "whitePanel", "charcoalBrick", "punchedWarm", "greyPanel", "sandBalcony"],
    maxFill: (dist, left, right) => {
      if (right < 0.05) return dist < 900 ? 16 : 26; // the calm left: low roofs below the sky
      if (left < 0.05) return 24;
      return dist < 500 ? 30 : 45;
    },
  };
}

function duskScene(): { cam: Camera; shader: Shader } {
  const plan = duskPlan();
  const city = buildCity(plan, 1.5);
  return { cam: plan.cam, shader: cityDuskShader(city, BLUE_HOUR) };
}

const DUSK_LOOK: Look = {
  exposure: 1.6,
  white: [0.97, 1, 1.06],
  bloom: 0.5, bloomThreshold: 0.8,
  contrast: 1.06, saturation: 0.92,
  lift: [0.012, 0.016, 0.03],
  shadowTint: [-0.005, 0.0, 0.02], highlightTint: [0.02, 0.005, -0.02],
  vignette: 0.3, grain: 4, soften: 0.5,
};

// ---------------------------------------------------------------- 2. the lobby

const L_FLOOR = 1, L_CEILING = 2, L_BACK = 3, L_SIDE = 4, L_FRAME = 5, L_MARBLE = 6, L_DESKTOP = 7, L_FABRIC = 8,
  L_LEATHER = 9, L_WALNUT = 10, L_METAL = 11, L_LEAF = 12, L_POT = 13, L_SOIL = 14, L_BARK = 15, L_SCREEN = 16,
  L_GLOBE = 17, L_RUG = 18, L_BRASS = 19, L_PLINTH = 20, L_DARK = 21;

const ROOM = { x0: -6, x1: 7, z0: -1, z1: 11, h: 4.0 };
const WINDOW = { y0: 0.08, y1: 3.7, z0: -1, z1: 11 }; // the glazing along the left wall (x = ROOM.x0)
const SUN_IN: RGB = norm([-0.6, 0.55, 0.58]); // towards the sun, outside the left windows
const DAYLIGHT = hex("#dfe5df", 3.4); // the average radiance of the garden and sky seen through the glazing
const SLATS = { x0: -4.6, x1: 0.9 }; // the oak feature wall behind the desk
const SCREEN = { x0: 1.6, x1: 3.8, y0: 1.2, y1: 2.44 };

function addBoxMat(s: Scene, b: [number, number, number, number, number, number], mat: number, tag = 0): void {
  addBox(s, b[0], b[1], b[2], b[3], b[4], b[5], mat, tag);
}

/** A sofa (or, short, an armchair) with its back to -x or +x: plinth, base, cushions, back, arms. */
function addSofa(s: Scene, x: number, z0: number, z1: number, backToMinusX: boolean, mat: number): void {
  const d = 0.95, dir = backToMinusX ? 1 : -1;
  const xb = x, xf = x + dir * d; // back and front
  const lo = (a: number, b: number) => Math.min(a, b), hi = (a: number, b: number) => Math.max(a, b);
  const span = (a: number, b: number): [number, number] => [lo(a, b), hi(a, b)];
  const [bx0, bx1] = span(xb + dir * 0.05, xf - dir * 0.05);
  addBoxMat(s, [bx0, 0, z0 + 0.08, bx1, 0.1, z1 - 0.08], L_PLINTH);
  const [sx0, sx1] = span(xb, xf);
  addBoxMat(s, [sx0, 0.1, z0, sx1, 0.4, z1], mat);
  const arm = 0.18, inner0 = z0 + arm, inner1 = z1 - arm;
  const n = Math.max(1, Math.round((inner1 - inner0) / 0.75));
  const w = (inner1 - inner0) / n;
  for (let i = 0; i < n; i++) {
    const [cx0, cx1] = span(xb + dir * 0.24, xf - dir * 0.01);
    addBoxMat(s, [cx0, 0.4, inner0 + i * w + 0.008, cx1, 0.55, inner0 + (i + 1) * w - 0.008], mat, 1);
    const [kx0, kx1] = span(xb + dir * 0.05, xb + dir * 0.26);
    addBoxMat(s, [kx0, 0.55, inner0 + i * w + 0.012, kx1, 0.86, inner0 + (i + 1) * w - 0.012], mat, 2);
  }
  const [ax0, ax1] = span(xb, xb + dir * 0.07);
  addBoxMat(s, [ax0, 0.4, z0, ax1, 0.74, z1], mat);
  addBoxMat(s, [sx0, 0.4, z0, sx1, 0.62, z0 + arm], mat);
  addBoxMat(s, [sx0, 0.4, z1 - arm, sx1, 0.62, z1], mat);
}

/** A potted plant: pot, soil, a stem, and `count` leaves in a loose crown. */
function addPlant(s: Scene, x: number, z: number, height: number, leaf: number, count: number, spread: number, rnd: () => number, potR = 0.3): void {
  const potH = potR * 1.6;
  addCylinder(s, x, z, potR, 0, potH, L_POT);
  addCylinder(s, x, z, potR - 0.025, potH - 0.04, potH - 0.03, L_SOIL);
  addCylinder(s, x, z, 0.022, potH - 0.04, height * 0.8, L_BARK);
  for (let i = 0; i < count; i++) {
    const t = Math.pow(rnd(), 0.75);
    const y = potH + 0.35 + (height - potH - 0.35) * t;
    const bulge = Math.sin(Math.PI * clamp(0.15 + t * 0.85)) * spread;
    const a = rnd() * Math.PI * 2, r = 0.04 + bulge * (0.4 + 0.6 * rnd());
    const cx = x + Math.cos(a) * r, cz = z + Math.sin(a) * r;
    const lift = 0.2 + rnd() * 0.9 - t * 0.4;
    const u: RGB = [Math.cos(a), lift, Math.sin(a)];
    const tangent: RGB = [-Math.sin(a), 0, Math.cos(a)];
    const un = norm(u);
    const across: RGB = [un[1] * tangent[2] - un[2] * tangent[1], un[2] * tangent[0] - un[0] * tangent[2], un[0] * tangent[1] - un[1] * tangent[0]];
    const twist = (rnd() - 0.5) * 1.6;
    const n: RGB = [across[0] * Math.cos(twist) + tangent[0] * Math.sin(twist), across[1] * Math.cos(twist) + tangent[1] * Math.sin(twist), across[2] * Math.cos(twist) + tangent[2] * Math.sin(twist)];
    const size = leaf * (0.7 + 0.5 * rnd());
    addDisc(s, [cx + un[0] * size, y + un[1] * size, cz + un[2] * size], n, un, size, size * 0.62, L_LEAF, i);
  }
}

function buildLobby(): Scene {
  const s = newScene();
  s.clearMats = [L_FRAME]; // thin enough to ignore for the soft daylight (not for the sun)
  s.bigMats = [L_FLOOR, L_CEILING, L_BACK, L_SIDE];
  const rnd = seededRandom(4242);
  const { x0, x1, z0, z1, h } = ROOM;
  // the shell
  addBoxMat(s, [x0 - 0.5, -0.2, z0 - 0.5, x1 + 0.5, 0, z1 + 0.5], L_FLOOR);
  addBoxMat(s, [x0 - 0.5, h, z0 - 0.5, x1 + 0.5, h + 0.3, z1 + 0.5], L_CEILING);
  addBoxMat(s, [x0 - 0.5, 0, z1, x1 + 0.5, h, z1 + 0.3], L_BACK);
  addBoxMat(s, [x1, 0, z0 - 0.5, x1 + 0.3, h, z1 + 0.5], L_SIDE);
  addBoxMat(s, [x0 - 0.5, 0, z0 - 0.3, x1 + 0.5, h, z0], L_SIDE);
  // the glazing: curb, head, mullions and a transom, in dark bronze
  addBoxMat(s, [x0 - 0.3, 0, z0, x0, WINDOW.y0, z1], L_FRAME);
  addBoxMat(s, [x0 - 0.3, WINDOW.y1, z0, x0, WINDOW.y1 + 0.07, z1], L_FRAME);
  addBoxMat(s, [x0 - 0.3, WINDOW.y1 + 0.07, z0, x0, h, z1], L_CEILING);
  addBoxMat(s, [x0 - 0.12, 2.86, z0, x0 + 0.02, 2.92, z1], L_FRAME);
  for (let z = z0 + 0.5; z < z1; z += 1.5) addBoxMat(s, [x0 - 0.14, WINDOW.y0, z - 0.03, x0 + 0.03, WINDOW.y1, z + 0.03], L_FRAME);
  // the concierge desk: marble front on a shadow-gap plinth, a dark top, two monitors from behind
  addBoxMat(s, [-3.5, 0, 8.95, 0.1, 0.09, 9.7], L_PLINTH);
  addBoxMat(s, [-3.6, 0.09, 8.9, 0.2, 1.04, 9.75], L_MARBLE);
  addBoxMat(s, [-3.68, 1.04, 8.84, 0.28, 1.09, 9.8], L_DESKTOP);
  for (const mx of [-2.6, -0.9]) {
    addBoxMat(s, [mx - 0.29, 1.2, 9.35, mx + 0.29, 1.55, 9.38], L_DARK);
    addBoxMat(s, [mx - 0.03, 1.09, 9.38, mx + 0.03, 1.25, 9.42], L_DARK);
  }
  // pendant globes over the desk on thin cords
  for (const gx of [-2.9, -1.7, -0.5]) {
    addSphere(s, gx, 2.75, 9.3, 0.17, L_GLOBE);
    addCylinder(s, gx, 9.3, 0.005, 2.9, h, L_DARK);
  }
  // the wall screen, a low walnut credenza under it with a few objects
  addBoxMat(s, [SCREEN.x0, SCREEN.y0, z1 - 0.06, SCREEN.x1, SCREEN.y1, z1], L_SCREEN);
  addBoxMat(s, [1.3, 0.06, z1 - 0.5, 4.1, 0.5, z1 - 0.02], L_WALNUT);
  addBoxMat(s, [1.35, 0, z1 - 0.46, 4.05, 0.06, z1 - 0.06], L_PLINTH);
  addCylinder(s, 1.75, z1 - 0.26, 0.09, 0.5, 0.82, L_POT);
  addCylinder(s, 2.0, z1 - 0.3, 0.06, 0.5, 0.66, L_DARK);
  addBoxMat(s, [3.2, 0.5, z1 - 0.4, 3.62, 0.56, z1 - 0.12], L_FABRIC);
  addBoxMat(s, [3.25, 0.56, z1 - 0.37, 3.55, 0.6, z1 - 0.15], L_DARK);
  // the lounge: rug, a sofa with its back to the windows, two armchairs, a round table
  addBoxMat(s, [-5.5, 0, 4.6, -1.5, 0.012, 8.1], L_RUG);
  addSofa(s, -5.45, 5.0, 7.7, true, L_FABRIC);
  addSofa(s, -1.75, 4.85, 5.8, false, L_LEATHER);
  addSofa(s, -1.75, 6.9, 7.85, false, L_LEATHER);
  addCylinder(s, -3.2, 6.35, 0.55, 0.34, 0.39, L_WALNUT);
  addCylinder(s, -3.2, 6.35, 0.3, 0.012, 0.34, L_METAL);
  addCylinder(s, -3.05, 6.2, 0.07, 0.39, 0.56, L_BRASS); // a small vase
  // a side table and a lamp at the end of the sofa
  addCylinder(s, -5.05, 8.3, 0.26, 0.0, 0.55, L_METAL);
  addCylinder(s, -5.05, 8.3, 0.02, 0.55, 1.25, L_BRASS);
  addCylinder(s, -5.05, 8.3, 0.2, 1.25, 1.5, L_GLOBE);
  // plants: a fiddle-leaf fig by the windows, others by the desk, in the corner, and near the camera
  addPlant(s, -4.8, 3.7, 2.2, 0.15, 140, 0.5, rnd, 0.32);
  addPlant(s, 0.75, 10.3, 1.9, 0.12, 120, 0.42, rnd, 0.3);
  addPlant(s, -5.3, 10.2, 1.7, 0.09, 150, 0.38, rnd, 0.26);
  addPlant(s, 4.6, 4.2, 2.2, 0.13, 140, 0.5, rnd, 0.32);
  return compile(s);
}

/** The garden outside the windows, very bright against the room: sky, trees, paving. */
function outside(dx: number, dy: number, dz: number): RGB {
  const az = Math.atan2(dz, -dx);
  const trees = 0.18 + 0.22 * fbm(az * 2.5, 1.3, 4, 61) + 0.08 * Math.sin(az * 5);
  if (dy > trees) {
    const t = smoothstep(trees, 0.9, dy);
    return mixRGB(hex("#e8eef2", 5.5), hex("#b8cde3", 4.5), t);
  }
  if (dy > -0.05) {
    const leaf = fbm(az * 14, dy * 14, 4, 62);
    const c = mixRGB(hex("#7f9a5a", 2.2), hex("#d6e2b8", 4.2), smoothstep(0.3, 0.75, leaf));
    return mixRGB(c, hex("#e8eef2", 5.5), smoothstep(trees - 0.12, trees, dy) * 0.6);
  }
  return mixRGB(hex("#c9c4b8", 3.2), hex("#8a9a6a", 2.4), smoothstep(-0.1, -0.4, dy));
}

/** Dappled shade from the trees outside, where the sunbeam crosses the window wall. */
function dapple(py: number, pz: number): number {
  return smoothstep(0.35, 0.6, fbm(py * 0.9 + 3, pz * 0.7, 4, 71));
}

/** The wall screen: a dark dashboard with cards, a line chart, bars and a ring (no text). */
function dashboard(u: number, v: number): RGB {
  const bg = hex("#0d1524", 0.9);
  const card = hex("#17233a", 1.1);
  const teal = hex("#35d3c0", 2.2), violet = hex("#8c7cf0", 1.8), blue = hex("#3e8ef7", 2.0), amber = hex("#f2b84b", 1.8);
  const inRect = (x0: number, y0: number, x1: number, y1: number, r = 0.012) => {
    const cx = clamp(u, x0 + r, x1 - r), cy = clamp(v, y0 + r * 1.78, y1 - r * 1.78);
    return Math.hypot((u - cx) / r, (v - cy) / (r * 1.78)) <= 1;
  };
  if (u < 0.055) { // the side rail with round icons
    for (let i = 0; i < 6; i++) if (Math.hypot((u - 0.0275) * 1.78, v - 0.12 - i * 0.09) < 0.018) return i === 1 ? teal : hex("#2c3a55", 1.4);
    return hex("#111b2d", 1.0);
  }
  if (v < 0.075) return inRect(0.8, 0.02, 0.93, 0.055, 0.01) ? hex("#22314d", 1.3) : hex("#101a2b", 1.0);
  // four tiles along the top
  for (let i = 0; i < 4; i++) {
    const x0 = 0.075 + i * 0.232, x1 = x0 + 0.215;
    if (inRect(x0, 0.1, x1, 0.3)) {
      const accent = [teal, blue, violet, amber][i] as RGB;
      if (Math.hypot((u - x0 - 0.025) * 1.78, v - 0.15) < 0.022) return scaleRGB(accent, 0.8);
      if (v > 0.2 && v < 0.235 && u > x0 + 0.015 && u < x0 + 0.015 + 0.16 * (0.45 + 0.5 * hash(i, 3))) return hex("#c9d3e6", 1.6);
      if (v > 0.255 && v < 0.268 && u > x0 + 0.015 && u < x1 - 0.015) return u < x0 + 0.015 + (x1 - x0 - 0.03) * (0.3 + 0.6 * hash(i, 5)) ? accent : hex("#26344f", 1.2);
      return card;
    }
  }
  // the big chart
  if (inRect(0.075, 0.33, 0.63, 0.95)) {
    const cx = (u - 0.1) / 0.5, cy = (v - 0.4) / 0.5;
    if (cx > 0 && cx < 1 && cy > 0 && cy < 1) {
      const line = (x: number, seed: number) => 0.55 - 0.3 * x + 0.12 * Math.sin(x * 9 + seed) + 0.06 * Math.sin(x * 23 + seed * 2);
      const a = line(cx, 1), b = line(cx, 4) + 0.15;
      if (Math.abs(cy - a) < 0.012) return teal;
      if (Math.abs(cy - b) < 0.01) return violet;
      if (cy > a) return mixRGB(card, teal, 0.25 * (1 - (cy - a) / (1 - a)));
      if (Math.abs((cy * 5) % 1) < 0.02) return hex("#22314d", 1.2);
    }
    return card;
  }
  // the ring and the bars
  if (inRect(0.655, 0.33, 0.97, 0.95)) {
    const rx = (u - 0.81) * 1.78, ry = v - 0.52;
    const r = Math.hypot(rx, ry);
    if (r > 0.1 && r < 0.14) {
      const ang = (Math.atan2(ry, rx) / (2 * Math.PI) + 1) % 1;
      return ang < 0.46 ? teal : ang < 0.72 ? blue : ang < 0.88 ? violet : hex("#2c3a55", 1.3);
    }
    for (let i = 0; i < 3; i++) {
      const y = 0.72 + i * 0.075;
      if (v > y && v < y + 0.025 && u > 0.68 && u < 0.945) return u < 0.68 + 0.265 * (0.35 + 0.55 * hash(i, 9)) ? [blue, teal, amber][i] as RGB : hex("#26344f", 1.2);
    }
    return card;
  }
  return bg;
}

function lobbyAlbedo(mat: number, tag: number, px: number, py: number, pz: number): RGB {
  switch (mat) {
    case L_FLOOR: { // large stone tiles, staggered, each a little different, faint clouding
      const tu = px / 1.2, row = Math.floor(pz / 0.6), tv = pz / 0.6;
      const tu2 = tu + (row % 2) * 0.5, col = Math.floor(tu2);
      const joint = Math.min(tu2 - col, 1 - (tu2 - col)) * 1.2 < 0.003 || Math.min(tv - row, 1 - (tv - row)) * 0.6 < 0.003;
      if (joint) return hex("#8d877e");
      const k = 0.93 + 0.1 * hash(col, row, 5) + 0.08 * (fbm(px * 0.8, pz * 0.8, 4, 12) - 0.5);
      return scaleRGB(hex("#d9d3c9"), k);
    }
    case L_CEILING: // the oak slats of the feature wall turn onto the ceiling over the desk
      return px > SLATS.x0 && px < SLATS.x1 && pz > 8.2 && py > ROOM.h - 0.01 ? oakSlats(px, pz * 0.3) : hex("#f1efea");
    case L_BACK: {
      if (px < SLATS.x0) return scaleRGB(hex("#ebe6dd"), 0.97 + 0.03 * noise2(px * 3, py * 3, 2));
      if (px < SLATS.x1) return oakSlats(px, py);
      return travertine(px, py);
    }
    case L_SIDE: return pz < 0 ? hex("#ebe6dd") : travertine(pz, py);
    case L_FRAME: return hex("#3a3632");
    case L_MARBLE: return marble(px + pz * 0.3, py);
    case L_DESKTOP: return hex("#3b2f27");
    case L_FABRIC: return scaleRGB(hex("#d3cabd"), (tag === 2 ? 1.04 : 1) * (0.94 + 0.1 * noise2(px * 40, py * 40 + pz * 40, 3)));
    case L_LEATHER: return scaleRGB(hex("#6b4631"), 0.9 + 0.15 * fbm(px * 6, py * 6 + pz * 6, 3, 4));
    case L_WALNUT: return scaleRGB(hex("#5a3b26"), 0.8 + 0.4 * fbm(px * 2, pz * 30, 3, 8));
    case L_METAL: return hex("#2a2a2b");
    case L_LEAF: {
      const k = 0.55 + 0.6 * hash(tag, 3);
      const c = mixRGB(hex("#22401c"), hex("#4a6a2a"), hash(tag, 4));
      return scaleRGB(c, k * (0.9 + 0.2 * noise2(px * 25, py * 25 + pz * 25, 5)));
    }
    case L_POT: return hex("#d8d2c6");
    case L_SOIL: return hex("#2a2119");
    case L_BARK: return hex("#5b4a3a");
    case L_RUG: {
      const border = px < -5.3 || px > -1.7 || pz < 4.8 || pz > 7.9;
      return scaleRGB(border ? hex("#8f877b") : hex("#b9b1a4"), 0.95 + 0.08 * noise2(px * 30, pz * 30, 9));
    }
    case L_BRASS: return hex("#b48a4a");
    case L_PLINTH: return hex("#1e1c1a");
    default: return hex("#202020");
  }
}

function oakSlats(x: number, y: number): RGB {
  const pitch = 0.07, u = (((x - SLATS.x0) % pitch) + pitch) % pitch;
  if (u > 0.048) return hex("#2a1d14");
  const slat = Math.floor((x - SLATS.x0) / pitch);
  const grain = fbm(x * 60 + slat * 7, y * 1.6, 4, 40);
  const k = (0.8 + 0.35 * grain) * (0.9 + 0.2 * hash(slat, 1)) * (0.88 + 0.12 * Math.sin((Math.PI * u) / 0.048));
  return scaleRGB(hex("#b38c62"), k);
}

function travertine(u: number, y: number): RGB {
  const pu = u / 1.2, pv = y / 0.6;
  const row = Math.floor(pv), col = Math.floor(pu + (row % 2) * 0.5);
  const fu = pu + (row % 2) * 0.5 - col, fv = pv - row;
  if (fu < 0.004 || fv < 0.006) return hex("#9b8f7c");
  const bands = fbm(u * 1.5 + col * 3, y * 14, 4, 20);
  const k = 0.9 + 0.12 * hash(col, row, 2) + 0.14 * (bands - 0.5) - 0.1 * smoothstep(0.78, 0.86, fbm(u * 9, y * 18, 3, 21));
  return scaleRGB(hex("#d3c5ad"), k);
}

function marble(u: number, v: number): RGB {
  const warp = fbm(u * 1.2, v * 1.2, 5, 30);
  const vein = Math.abs(Math.sin((u * 1.4 + v * 2.2 + warp * 5) * Math.PI));
  const fine = Math.abs(Math.sin((u * 3.1 - v * 1.3 + fbm(u * 3, v * 3, 4, 31) * 4) * Math.PI));
  const k = 1 - 0.35 * (1 - smoothstep(0, 0.05, vein)) - 0.15 * (1 - smoothstep(0, 0.03, fine));
  return scaleRGB(hex("#ece9e3"), k * (0.96 + 0.06 * warp));
}

const DOWNLIGHTS: RGB[] = [];
for (const x of [-4.1, -2.3, -0.5, 1.9, 3.5, 5.1]) DOWNLIGHTS.push([x, ROOM.h - 0.02, ROOM.z1 - 0.45]);

function lobbyShader(s: Scene): Shader {
  const warm = kelvin(2900), sunColor = scaleRGB(kelvin(5000), 11);
  /** Light arriving at p (normal n): the windows' daylight, the sun, the lamps, and a soft fill. */
  const irradiance = (px: number, py: number, pz: number, nx: number, ny: number, nz: number, samples: number): RGB => {
    const e: RGB = [0, 0, 0];
    // daylight from the glazing: exact for an open view, times the share of it not blocked
    let vis = samples === 0 ? 1 : 0;
    for (let i = 0; i < samples; i++) {
      const wy = WINDOW.y0 + (WINDOW.y1 - WINDOW.y0) * (i === 0 ? strat1U : strat2U);
      const wz = WINDOW.z0 + (WINDOW.z1 - WINDOW.z0) * (i === 0 ? strat1V : strat2V);
      let lx = ROOM.x0 - px, ly = wy - py, lz = wz - pz;
      const dist = Math.hypot(lx, ly, lz);
      lx /= dist; ly /= dist; lz /= dist;
      if (nx * lx + ny * ly + nz * lz <= 0) { vis += 0.5; continue; } // behind the surface: no say
      if (!occluded(s, px + nx * 0.002, py + ny * 0.002, pz + nz * 0.002, lx, ly, lz, dist - 0.01)) vis += 1;
    }
    if (samples > 0) vis /= samples;
    const k = rectangleLight(px, py, pz, nx, ny, nz, ROOM.x0, WINDOW.y0, WINDOW.y1, WINDOW.z0, WINDOW.z1) * vis * 0.94;
    e[0] += DAYLIGHT[0] * k; e[1] += DAYLIGHT[1] * k; e[2] += DAYLIGHT[2] * k;
    const ndl = nx * SUN_IN[0] + ny * SUN_IN[1] + nz * SUN_IN[2];
    if (ndl > 0) { // the sun through the glass, dappled by the trees outside
      const t = (ROOM.x0 - px) / SUN_IN[0];
      const wy = py + SUN_IN[1] * t, wz = pz + SUN_IN[2] * t;
      if (wy > WINDOW.y0 && wy < WINDOW.y1 && wz > WINDOW.z0 && wz < WINDOW.z1 && !occluded(s, px + nx * 0.002, py + ny * 0.002, pz + nz * 0.002, SUN_IN[0], SUN_IN[1], SUN_IN[2], t, false)) {
        const k = ndl * dapple(wy, wz);
        e[0] += sunColor[0] * k; e[1] += sunColor[1] * k; e[2] += sunColor[2] * k;
      }
    }
    for (const l of DOWNLIGHTS) { // wall-washing downlights along the back wall
      const lx = l[0] - px, ly = l[1] - py, lz = l[2] - pz;
      const d2 = lx * lx + ly * ly + lz * lz, dist = Math.sqrt(d2);
      const cosP = (nx * lx + ny * ly + nz * lz) / dist, spot = Math.pow(Math.max(0, -ly / dist), 5);
      if (cosP <= 0) continue;
      const k = (2.2 * cosP * spot) / d2;
      e[0] += warm[0] * k; e[1] += warm[1] * k; e[2] += warm[2] * k;
    }
    // a soft fill for the light bounced about the room, brighter towards the windows
    const toWindow = 0.6 + 0.4 * smoothstep(ROOM.x1, ROOM.x0, px) + 0.25 * Math.max(0, -nx);
    const up = 0.8 + 0.45 * Math.max(0, -ny);
    const ao = samples > 0 ? occlusion(s, px, py, pz, nx, ny, nz) : 0.85;
    const fill = 0.32 * toWindow * up * ao;
    e[0] += fill * 1.0; e[1] += fill * 0.97; e[2] += fill * 0.92;
    return e;
  };
  const shade: Shader = (ox, oy, oz, dx, dy, dz, depth) => {
    if (!trace(s, ox, oy, oz, dx, dy, dz)) return outside(dx, dy, dz);
    const t = hitT, prim = hitPrim;
    const px = ox + dx * t, py = oy + dy * t, pz = oz + dz * t;
    hitNormal(s, prim, px, py, pz, dx, dy, dz);
    const nx = nX, ny = nY, nz = nZ;
    if (depth === 0) lastDepth = t;
    const mat = s.m[prim] as number, tag = s.g[prim] as number;
    if (mat === L_GLOBE) return scaleRGB(hex("#ffd9a8"), 7);
    if (mat === L_CEILING && downlightAt(px, pz)) return scaleRGB(hex("#fff1dc"), 30);
    let albedo = lobbyAlbedo(mat, tag, px, py, pz);
    let glow: RGB = [0, 0, 0];
    if (mat === L_SCREEN) {
      const u = (px - SCREEN.x0) / (SCREEN.x1 - SCREEN.x0), v = 1 - (py - SCREEN.y0) / (SCREEN.y1 - SCREEN.y0);
      const bezel = u < 0.008 || u > 0.992 || v < 0.014 || v > 0.986 || nz > -0.5;
      glow = bezel ? [0, 0, 0] : dashboard((u - 0.008) / 0.984, (v - 0.014) / 0.972);
      albedo = [0.01, 0.01, 0.012];
    }
    const e = irradiance(px, py, pz, nx, ny, nz, depth === 0 ? 2 : 0);
    let c: RGB = [albedo[0] * e[0] + glow[0], albedo[1] * e[1] + glow[1], albedo[2] * e[2] + glow[2]];
    if (mat === L_LEAF) { // light through the leaves
      const back = -(nx * SUN_IN[0] + ny * SUN_IN[1] + nz * SUN_IN[2]);
      if (back > 0) c = [c[0] + albedo[0] * 1.2 * back, c[1] + albedo[1] * 1.6 * back, c[2] + albedo[2] * 0.6 * back];
    }
    const gloss = mat === L_FLOOR ? 0.035 : mat === L_SCREEN ? 0.04 : mat === L_MARBLE ? 0.035 : mat === L_LEATHER ? 0.03 : mat === L_BRASS ? 0.5 : mat === L_DESKTOP ? 0.04 : 0;
    if (gloss > 0 && depth === 0) {
      const blur = mat === L_FLOOR ? 0.07 : mat === L_LEATHER ? 0.2 : 0.01;
      let r = reflect(dx, dy, dz, nx, ny, nz);
      r = norm([r[0] + (rand() - 0.5) * blur, r[1] + (rand() - 0.5) * blur, r[2] + (rand() - 0.5) * blur]);
      const fr = fresnel(gloss, -(dx * nx + dy * ny + dz * nz));
      const refl = shade(px + nx * 0.002, py + ny * 0.002, pz + nz * 0.002, r[0], r[1], r[2], depth + 1);
      const tint = mat === L_BRASS ? albedo : [1, 1, 1];
      c = [c[0] * (1 - fr) + refl[0] * fr * (tint[0] as number), c[1] * (1 - fr) + refl[1] * fr * (tint[1] as number), c[2] * (1 - fr) + refl[2] * fr * (tint[2] as number)];
    }
    return c;
  };
  return shade;
}

function downlightAt(x: number, z: number): boolean {
  for (const l of DOWNLIGHTS) if ((x - l[0]) ** 2 + (z - l[2]) ** 2 < 0.0049) return true;
  const gx = Math.round((x + 0.2) / 2.6) * 2.6 - 0.2, gz = Math.round((z - 2.5) / 3) * 3 + 2.5;
  return gz < 9 && gx > -5 && (x - gx) ** 2 + (z - gz) ** 2 < 0.0049;
}

/** Irradiance at p (normal n) from a rectangle of unit radiance in the plane x = wx: the
 *  exact polygon formula, after clipping the rectangle to what lies above p's surface. */
function rectangleLight(px: number, py: number, pz: number, nx: number, ny: number, nz: number, wx: number, y0: number, y1: number, z0: number, z1: number): number {
  const quad: RGB[] = [[wx - px, y0 - py, z0 - pz], [wx - px, y1 - py, z0 - pz], [wx - px, y1 - py, z1 - pz], [wx - px, y0 - py, z1 - pz]];
  const poly: RGB[] = [];
  for (let i = 0; i < 4; i++) {
    const a = quad[i] as RGB, b = quad[(i + 1) % 4] as RGB;
    const da = a[0] * nx + a[1] * ny + a[2] * nz - 1e-4, db = b[0] * nx + b[1] * ny + b[2] * nz - 1e-4;
    if (da >= 0) poly.push(a);
    if (da >= 0 !== db >= 0) {
      const t = da / (da - db);
      poly.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
    }
  }
  let sum = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as RGB, b = poly[(i + 1) % poly.length] as RGB;
    const cx = a[1] * b[2] - a[2] * b[1], cy = a[2] * b[0] - a[0] * b[2], cz = a[0] * b[1] - a[1] * b[0];
    const cl = Math.hypot(cx, cy, cz);
    if (cl < 1e-12) continue;
    const cos = (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / (Math.hypot(a[0], a[1], a[2]) * Math.hypot(b[0], b[1], b[2]));
    sum += Math.acos(clamp(cos, -1, 1)) * (nx * cx + ny * cy + nz * cz) / cl;
  }
  return Math.abs(sum) / 2;
}

/** Ambient occlusion: how open the hemisphere over p is (one cosine-weighted ray, up to 1.2 m). */
function occlusion(s: Scene, px: number, py: number, pz: number, nx: number, ny: number, nz: number): number {
  const u1 = strat1V, u2 = strat2U; // a third stratified pair, from the other two
  const r = Math.sqrt(u1), a = 2 * Math.PI * u2;
  // a basis around n
  const tx = Math.abs(nx) > 0.9 ? 0 : 1, ty = Math.abs(nx) > 0.9 ? 1 : 0;
  let bx = ty * nz, by = -tx * nz, bz = tx * ny - ty * nx;
  const bl = Math.hypot(bx, by, bz);
  bx /= bl; by /= bl; bz /= bl;
  const cx = ny * bz - nz * by, cy = nz * bx - nx * bz, cz = nx * by - ny * bx;
  const h = Math.sqrt(1 - u1);
  const dx = bx * r * Math.cos(a) + cx * r * Math.sin(a) + nx * h;
  const dy = by * r * Math.cos(a) + cy * r * Math.sin(a) + ny * h;
  const dz = bz * r * Math.cos(a) + cz * r * Math.sin(a) + nz * h;
  if (!trace(s, px + nx * 0.002, py + ny * 0.002, pz + nz * 0.002, dx, dy, dz, 1.2)) return 1;
  return 0.25 + 0.75 * smoothstep(0, 1.2, hitT);
}

function lobbyScene(): { cam: Camera; shader: Shader } {
  const s = buildLobby();
  const cam = levelCamera([3.4, 1.4, -0.8], -29, 41, 0.03);
  return { cam, shader: lobbyShader(s) };
}

const LOBBY_LOOK: Look = {
  exposure: 0.85,
  white: [1, 0.99, 0.97],
  bloom: 0.35, bloomThreshold: 1.6,
  contrast: 1.0, saturation: 0.95,
  lift: [0.025, 0.022, 0.02],
  shadowTint: [0.0, 0.0, 0.01], highlightTint: [0.01, 0.005, -0.01],
  vignette: 0.22, grain: 3, soften: 0.4,
  dof: { focus: 10.5, range: 1.6, blur: 2.5 },
};

// ---------------------------------------------------------------- main

interface Job {
  file: string;
  width: number;
  height: number;
  sampling: Sampling;
  look: Look;
  scene: () => { cam: Camera; shader: Shader };
}

const JOBS: Record<string, Job> = {
  "case-calgary": { file: "case-calgary.jpg", width: 2400, height: 1600, sampling: { base: 2, more: 4, threshold: 0.06 }, look: CALGARY_LOOK, scene: calgaryScene },
  lobby: { file: "lobby.jpg", width: 2400, height: 1350, sampling: { base: 2, more: 3, threshold: 0.08 }, look: LOBBY_LOOK, scene: lobbyScene },
  "residential-dusk": { file: "residential-dusk.jpg", width: 2400, height: 1600, sampling: { base: 2, more: 4, threshold: 0.04 }, look: DUSK_LOOK, scene: duskScene },
};

const PARTS = Math.max(1, Math.min(4, availableParallelism()));

/** Renders the window in PARTS child processes (rows interleaved), and puts the rows together. */
async function renderJob(name: string, win: Window, sampling: Sampling, scale: number): Promise<Frame> {
  const started = Date.now();
  const parts = await Promise.all(Array.from({ length: PARTS }, (_, part) => new Promise<{ rgb: Float32Array; depth: Float32Array }>((resolve, reject) => {
    const args = [name, `--part=${part}/${PARTS}`, `--window=${[win.fullW, win.fullH, win.x0, win.y0, win.w, win.h].join(",")}`, `--sampling=${sampling.base},${sampling.more},${sampling.threshold}`];
    const child = fork(fileURLToPath(import.meta.url), args, { execArgv: process.execArgv, serialization: "advanced" });
    child.on("message", (m) => resolve(m as { rgb: Float32Array; depth: Float32Array }));
    child.on("exit", (code) => { if (code !== 0) reject(new Error(`${name}: part ${part} failed (${code})`)); });
  })));
  const frame: Frame = { width: win.w, height: win.h, rgb: new Float32Array(win.w * win.h * 3), depth: new Float32Array(win.w * win.h), scale };
  parts.forEach((p, part) => {
    for (let row = 0; part + row * PARTS < win.h; row++) {
      const y = part + row * PARTS;
      frame.rgb.set(p.rgb.subarray(row * win.w * 3, (row + 1) * win.w * 3), y * win.w * 3);
      frame.depth.set(p.depth.subarray(row * win.w, (row + 1) * win.w), y * win.w);
    }
  });
  process.stderr.write(`\r${name}: rendered in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return frame;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (key: string) => args.find((a) => a.startsWith(`--${key}=`))?.split("=")[1];
  const names = args.filter((a) => !a.startsWith("--"));
  const unknown = names.filter((n) => !(n in JOBS));
  if (unknown.length > 0) throw new Error(`No such photo: ${unknown.join(", ")} (there are ${Object.keys(JOBS).join(", ")})`);
  const part = option("part");
  if (part) {
    // a child process: draw some rows and hand them back
    const job = JOBS[names[0] as string] as Job;
    const [fullW, fullH, x0, y0, w, h] = (option("window") as string).split(",").map(Number) as [number, number, number, number, number, number];
    const [index, count] = part.split("/").map(Number) as [number, number];
    const { cam, shader } = job.scene();
    const [base, more, threshold] = (option("sampling") as string).split(",").map(Number) as [number, number, number];
    const rows = renderRows(cam, { fullW, fullH, x0, y0, w, h }, { base, more, threshold }, shader, index, count);
    process.send?.(rows, () => process.exit(0));
    return;
  }
  const scale = Number(option("scale") ?? 1);
  const crop = option("crop")?.split(",").map(Number); // x,y,w,h at full size, for a close look
  const here = dirname(fileURLToPath(import.meta.url));
  const out = option("out") ?? join(here, "..", "..", "content", "assets");
  for (const [name, job] of Object.entries(JOBS)) {
    if (names.length > 0 && !names.includes(name)) continue;
    const fullW = Math.round(job.width * scale), fullH = Math.round(job.height * scale);
    const win: Window = crop
      ? { fullW, fullH, x0: crop[0] as number, y0: crop[1] as number, w: crop[2] as number, h: crop[3] as number }
      : { fullW, fullH, x0: 0, y0: 0, w: fullW, h: fullH };
    const spp = option("spp"); // a quick look: spp × spp samples a pixel, no more
    const frame = await renderJob(name, win, spp ? { base: Number(spp), more: 0, threshold: 1 } : job.sampling, scale);
    const jpeg = await finish(frame, { ...job.look, vignette: crop ? 0 : job.look.vignette }, 7);
    writeFileSync(join(out, job.file), jpeg);
    process.stderr.write(`${job.file}: ${win.w}×${win.h}, ${Math.round(jpeg.length / 1024)} KB\n`);
  }
}

await main();
