/**
 * Notes where the visitor came from, on every page, when the site turns
 * leads.attribution on (Attribution.browser.ts; runtime/attribution.ts). Nothing to see.
 */
export default function Attribution() {
  return <span hidden />;
}
