/**
 * Same-origin check for anything on the local server that writes (the lead receiver
 * of scripts/lib/leads.ts, and later ones): a web page on another site must not be
 * able to make a visitor's browser write to it.
 *
 * - Host must name this machine: localhost, 127.0.0.1 or [::1] (any port, so a
 *   forwarded port still works). That stops DNS rebinding, where evil.example is
 *   made to resolve to 127.0.0.1 and its pages send requests here with
 *   Host: evil.example.
 * - Origin, when present, must be http(s)://<the same host:port as Host>; "null"
 *   (sandboxed frames, file: pages, some redirects) is refused. A plain POST from
 *   another site (text/plain, no CORS preflight) always carries its Origin.
 * - Sec-Fetch-Site, when present, must be same-origin or none.
 * - No Origin at all (curl, scripts, server-side tools) is fine: browsers send
 *   Origin with every POST, and such tools are not a browser that can be misused.
 */
import type http from "node:http";

/** The names the local server answers writes on. */
export const OWN_HOSTNAMES: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

export type WriteCheck = { ok: true } | { ok: false; status: 403; message: string };

const refuse = (message: string): WriteCheck => ({ ok: false, status: 403, message });

/** "localhost:3000" -> name and port; undefined for anything that is not host[:port]. */
function splitHost(host: string): { name: string; port: string } | undefined {
  const m = /^(\[[0-9a-f:.]+\]|[^\s:/?#@[\]]+)(?::(\d{1,5}))?$/i.exec(host);
  if (!m) return undefined;
  return { name: m[1]!.toLowerCase(), port: m[2] ?? "" };
}

/** Whether a Host header names this machine on `port` (a port-less Host is port 80): the Studio checks every request so. */
export function hostIsOwn(host: string | undefined, port: number, hostnames: readonly string[] = OWN_HOSTNAMES): boolean {
  const own = host === undefined ? undefined : splitHost(host.trim());
  return Boolean(own && hostnames.includes(own.name) && Number(own.port || 80) === port);
}

/** Whether the request may write: it comes from a page of this server itself, or from no browser page at all. */
export function writeAllowed(req: http.IncomingMessage, hostnames: readonly string[] = OWN_HOSTNAMES): WriteCheck {
  const host = req.headers.host;
  const own = host === undefined ? undefined : splitHost(host.trim());
  if (!own || !hostnames.includes(own.name))
    return refuse(`This server only accepts this from its own address (${hostnames.join(", ")}), not from ${host === undefined ? "a request without a Host" : JSON.stringify(host)}.`);
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none")
    return refuse(`This server only accepts this from its own pages, not from another site (Sec-Fetch-Site: ${site}).`);
  const origin = req.headers.origin;
  if (origin === undefined) return { ok: true };
  const from = /^(https?):\/\/([^/]+)$/i.exec(origin.trim());
  const fromHost = from ? splitHost(from[2]!) : undefined;
  const defaultPort = from?.[1]!.toLowerCase() === "https" ? "443" : "80";
  const samePort = (a: string, b: string) => (a || defaultPort) === (b || defaultPort);
  if (!fromHost || fromHost.name !== own.name || !samePort(fromHost.port, own.port))
    return refuse(`This server only accepts this from its own pages, not from a page of ${JSON.stringify(origin)}.`);
  return { ok: true };
}
