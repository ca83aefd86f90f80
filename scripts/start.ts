/** npm start (after npm run build): serves dist/ on http://localhost:3000 as a static host would. */
import path from "node:path";
import { ROOT } from "./lib/paths.ts";
import { startServer } from "./lib/server.ts";

const port = Number(process.env["PORT"] ?? 3000);
try {
  await startServer({ dist: path.join(ROOT, "dist"), port });
} catch (err) {
  if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`Port ${port} is in use. Stop the other server or run with PORT=3001 npm start.`);
    process.exit(1);
  }
  throw err;
}
console.log(`Serving dist/ on http://localhost:${port}  (Ctrl+C to stop)`);
