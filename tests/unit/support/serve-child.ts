/** The static server (scripts/lib/server.ts) on argv[2] in a process of its own, so a test sees whether it survives; prints its port. */
import type { AddressInfo } from "node:net";
import { startServer } from "../../../scripts/lib/server.ts";

const server = await startServer({ dist: process.argv[2]!, port: 0 });
process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
