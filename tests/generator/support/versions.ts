/** What lies beside dist/ (lib/swap.ts): the two versions a build keeps, and anything else (which a finished build leaves none of). */
import { readdirSync } from "node:fs";
import path from "node:path";
import { linkTarget, swapPaths } from "../../../scripts/lib/swap.ts";

export async function besideDist(dist: string): Promise<{ kept: string[]; leftovers: string[] }> {
  const p = swapPaths(dist);
  const kept = new Set([path.basename(p.spare), ...[await linkTarget(p.dist), await linkTarget(p.spare)].filter((t): t is string => t !== undefined).map((t) => path.basename(t))]);
  const names = readdirSync(p.parent).filter((n) => n.startsWith(`.${path.basename(p.dist)}`) && n !== path.basename(p.lock));
  return { kept: names.filter((n) => kept.has(n)), leftovers: names.filter((n) => !kept.has(n)) };
}
