/** Content-Security-Policy sources by hash: the build's policy (pipeline/stages/headers/headers.ts) and the dev server's live-reload script (dev-client.ts). */
import { createHash } from "node:crypto";

export function sha256Source(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The CSP with one more inline script allowed by its hash (the dev server's live-reload client). */
export function allowInlineScript(csp: string, script: string): string {
  const hash = sha256Source(script);
  const parts = csp.split(/\s*;\s*/).filter(Boolean);
  const at = parts.findIndex((p) => /^script-src(\s|$)/i.test(p));
  if (at === -1) parts.push(`script-src 'self' ${hash}`);
  else parts[at] = `${parts[at]} ${hash}`;
  return parts.join("; ");
}
