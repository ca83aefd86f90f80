/**
 * Watches a page for Content-Security-Policy trouble: every `securitypolicyviolation`
 * event (recorded by an init script, in every frame, before any page script runs),
 * console messages about a policy, and uncaught errors.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { headersForPath, parseHeadersFile } from "../../../scripts/lib/headers-file.ts";

export interface CspWatch {
  /** Everything seen so far, one line each; empty when all is well. */
  problems(): Promise<string[]>;
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

const POLICY_MESSAGE = /content.security.policy|permissions.policy|refused to|violates|blocked/i;

export async function watchCsp(page: Page): Promise<CspWatch> {
  const seen: string[] = [];
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations!.push(`${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile || location.href}:${e.lineNumber} sample=${JSON.stringify(e.sample)}`);
    });
  });
  page.on("console", (m) => {
    if (POLICY_MESSAGE.test(m.text())) seen.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => seen.push(`page error: ${e.message}`));
  return {
    async problems() {
      const inPage: string[] = [];
      for (const frame of page.frames()) {
        const list = await frame.evaluate(() => window.__cspViolations ?? []).catch(() => [] as string[]);
        inPage.push(...list.map((v) => `violation in ${frame.url()}: ${v}`));
      }
      return [...seen, ...inPage];
    },
  };
}

/** The headers dist/_headers gives a path (what the test server must send). */
export function expectedHeaders(urlPath: string): Record<string, string> {
  const rules = parseHeadersFile(readFileSync("dist/_headers", "utf8"));
  return Object.fromEntries(headersForPath(rules, urlPath).map(([n, v]) => [n.toLowerCase(), v]));
}
