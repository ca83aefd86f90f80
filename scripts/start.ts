/**
 * npm start (after npm run build): serves dist/ on http://localhost:3000 as a static host would,
 * plus the local lead receiver on /api/leads (scripts/lib/leads.ts).
 */
import path from "node:path";
import { createLeadReceiver, leadsFile, LEADS_PATH } from "./lib/leads.ts";
import { rel, ROOT } from "./lib/paths.ts";
import { startServer } from "./lib/server.ts";

const port = Number(process.env["PORT"] ?? 3000);
const file = leadsFile();
try {
  await startServer({ dist: path.join(ROOT, "dist"), port, handle: createLeadReceiver({ path: LEADS_PATH, file }) });
} catch (err) {
  if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`Port ${port} is in use. Stop the other server or run with PORT=3001 npm start.`);
    process.exit(1);
  }
  throw err;
}
console.log(`Serving dist/ on http://localhost:${port}  (Ctrl+C to stop)`);
console.log(`Leads sent to ${LEADS_PATH} are saved in ${file.startsWith(ROOT + path.sep) ? rel(ROOT, file) : file}`);
