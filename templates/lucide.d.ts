/** Lucide's per-icon modules (lucide/dist/esm/icons/<name>.mjs) have no type declarations of their own. */
declare module "lucide/dist/esm/icons/*.mjs" {
  const node: [tag: string, attrs: Record<string, string | number>][];
  export default node;
}
