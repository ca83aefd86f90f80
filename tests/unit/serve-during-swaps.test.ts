/**
 * The static server while builds replace dist/ over and over (pipeline/stages/write/write.ts, the
 * build's own write-and-swap stage, with two complete outputs in turn) and several
 * clients fetch pages, assets and a missing page: the server process survives, never
 * answers 5xx, and every answer is the old or the new version of that file, whole.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { writeOutput } from "../../scripts/pipeline/stages/write/write.ts";
import { projectsRemovedAfterAll } from "./project.ts";
import { readFileSync, writeFileSync } from "node:fs";
import { outputBytes, type OutputData } from "../../scripts/pipeline/stages/write/write.ts";

const SECONDS = Number(process.env["SWAP_SECONDS"] ?? 8);
const CLIENTS = 4;
const MIN_SWAPS = 20;
const project = projectsRemovedAfterAll(afterAll);
let server: ChildProcess | undefined;
afterAll(() => server?.kill());

const text = (data: OutputData) => outputBytes(data).toString("latin1");

describe("serving while builds replace dist/", () => {
  it(`survives ${SECONDS} s of swaps with ${CLIENTS} clients: no 5xx, every file old or new`, async () => {
    const p = project();
    const page = path.join(p.content, "pages/pricing.json");
    const base = readFileSync(page, "utf8");
    const first = await runPipeline(p, { mode: "build" });
    writeFileSync(page, base.replace('"heading": "Plans that Grow with Your Building"', '"heading": "Plans for Every Building"'));
    const second = await runPipeline(p, { mode: "build", write: false });
    expect(first.ok && second.ok).toBe(true);
    const versions = [first.files, second.files];
    expect(text(versions[0]!.get("pricing/index.html")!)).not.toBe(text(versions[1]!.get("pricing/index.html")!));

    server = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "tests/generator/support/serve-child.ts"), p.dist], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let serverErr = "";
    server.stderr!.on("data", (d: Buffer) => (serverErr += d));
    const port = await new Promise<number>((resolve, reject) => {
      server!.stdout!.once("data", (d: Buffer) => resolve(Number(String(d).trim())));
      server!.once("exit", (code) => reject(new Error(`the server exited (${code}): ${serverErr}`)));
    });

    const svg = [...versions[0]!.keys()].find((f) => f.startsWith("assets/") && f.endsWith(".svg") && versions[1]!.has(f))!;
    const js = [...versions[0]!.keys()].find((f) => f.startsWith("assets/") && f.endsWith(".js") && versions[1]!.has(f))!;
    const targets: Array<[url: string, file: string, status: number]> = [
      ["/", "index.html", 200],
      ["/pricing", "pricing/index.html", 200],
      ["/pricing/", "pricing/index.html", 200],
      ["/about-us", "about-us/index.html", 200],
      [`/${svg}`, svg, 200],
      [`/${js}`, js, 200],
      ["/sitemap.xml", "sitemap.xml", 200],
      ["/no-such-page", "404.html", 404],
    ];
    for (const [, file] of targets) for (const v of versions) expect(v.has(file), file).toBe(true);

    const tally = { answers: 0, fiveHundreds: 0, wrong: [] as string[] };
    let swaps = 0;
    const until = Date.now() + SECONDS * 1000;
    let done = false;
    const client = async (offset: number) => {
      for (let i = offset; !done; i++) {
        const [url, file, status] = targets[i % targets.length]!;
        const res = await fetch(`http://127.0.0.1:${port}${url}`);
        const body = Buffer.from(await res.arrayBuffer()).toString("latin1");
        tally.answers++;
        if (res.status >= 500) tally.fiveHundreds++;
        if (res.status !== status || !versions.some((v) => text(v.get(file)!) === body)) tally.wrong.push(`${url}: ${res.status}, ${body.length} bytes`);
      }
    };
    // At least SECONDS and MIN_SWAPS swaps (a loaded machine swaps more slowly), at most a minute.
    const builder = async () => {
      for (let v = 1; (Date.now() < until || swaps < MIN_SWAPS) && Date.now() < until + 60_000; v = 1 - v) {
        await writeOutput(p.dist, versions[v]!);
        swaps++;
      }
      done = true;
    };
    await Promise.all([builder(), ...Array.from({ length: CLIENTS }, (_, i) => client(i))]);

    console.log(`${swaps} swaps, ${tally.answers} answers, ${tally.fiveHundreds} 5xx, ${tally.wrong.length} wrong`);
    if (tally.wrong.length || tally.fiveHundreds) console.log("first wrong answers:", tally.wrong.slice(0, 5), "server stderr:", serverErr.slice(0, 2000));
    expect(server.exitCode, serverErr).toBeNull();
    expect(swaps).toBeGreaterThanOrEqual(MIN_SWAPS);
    expect(tally.answers).toBeGreaterThan(swaps);
    expect(tally.fiveHundreds).toBe(0);
    expect(tally.wrong.slice(0, 5)).toEqual([]);
    expect(serverErr).toBe("");
  }, 150_000);
});
