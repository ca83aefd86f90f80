/**
 * The generator's public API for islands: what an island's code may import, on the
 * server and in the browser alike (nothing here pulls in React). Server-side template
 * code uses scripts/api.ts; form rules, attribution and drafts are in scripts/forms-api.ts.
 *
 * - Hooks: React's on the server; the browser build swaps them for Preact's
 *   (pipeline/stages/render/islands.ts), so React never reaches the browser.
 * - Dialog requests: a button anywhere asks a dialog island, loaded on first use, to open.
 */
export { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "./runtime/hooks.ts";
export { onOpenRequest, requestOpen, type OpenRequest } from "./runtime/open-requests.ts";
