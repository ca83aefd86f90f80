/**
 * npm start: builds (`--build`, as `npm start` passes it), then serves dist/ on
 * http://localhost:3000 (PORT overrides) as a static host would, plus the local
 * receiver the site module declares (this site: POST /api/leads; scripts/lib/leads.ts).
 * `--project <dir>` builds and serves another site (lib/paths.ts projectArg).
 * Without --build it serves dist/ as it is (the browser tests do that after a build).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { siteReceiver } from "./lib/leads.ts";
import { projectArg, projectPaths, rel } from "./lib/paths.ts";
import { startServer } from "./lib/server.ts";

const args = await projectArg(process.argv.slice(2));
const unknown = args.filter((a) => a !== "--build");
if (unknown.length) {
  console.error(`Unknown option ${unknown.join(" ")}. Usage: npm start [-- --project <dir>]`);
  process.exit(2);
}
const paths = projectPaths();

if (args.includes("--build")) {
  // The build in a process of its own (it chooses React's production build before any import), started from the generator's bundle (build.mjs); the project comes with the environment.
  const built = spawnSync(process.execPath, [fileURLToPath(new URL("./build.mjs", import.meta.url))], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const portText = process.env["PORT"] ?? "3000";
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${portText}".`);
  process.exit(1);
}

let receiver;
try {
  receiver = await siteReceiver(paths);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
try {
  await startServer({ dist: paths.dist, port, handle: receiver?.handle });
} catch (err) {
  if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`Port ${port} is in use. Stop the other server or run with PORT=${port + 1} npm start.`);
    process.exit(1);
  }
  throw err;
}
const shown = (file: string) => (file.startsWith(paths.root + path.sep) ? rel(paths.root, file) : file);
console.log(`Serving ${shown(paths.dist)}/ on http://localhost:${port}  (Ctrl+C to stop)`);
if (receiver) console.log(`Leads sent to ${receiver.path} are saved in ${shown(receiver.file)}`);
