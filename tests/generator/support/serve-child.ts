/**
 * The static server (scripts/lib/server.ts) on argv[2] in a process of its own, so a test
 * sees whether it survives; prints its port. With LEADS_FILE set it also receives leads
 * (any JSON object) on /api/leads;
 * HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS shorten its limits for slow clients.
 * Each line written to its stdin is answered on stdout with two numbers: the connections
 * it has accepted so far and those still open.
 */
import type { AddressInfo } from "node:net";
import { createLeadReceiver } from "../../../scripts/lib/leads.ts";
import { startServer } from "../../../scripts/lib/server.ts";

const number = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const leads = process.env["LEADS_FILE"];
const server = await startServer({
  dist: process.argv[2]!,
  port: 0,
  handle: leads ? createLeadReceiver({ path: "/api/leads", file: leads, schema: { type: "object" } }) : undefined,
  headersTimeoutMs: number("HEADERS_TIMEOUT_MS"),
  requestTimeoutMs: number("REQUEST_TIMEOUT_MS"),
});
let accepted = 0;
let open = 0;
server.on("connection", (socket) => {
  accepted++;
  open++;
  socket.on("close", () => open--);
});
process.stdin.on("data", () => process.stdout.write(`${accepted} ${open}\n`));
process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
