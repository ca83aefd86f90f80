/**
 * false during the render that matches the server's HTML, true once the island is
 * mounted: controls that need the island's code (aria-expanded, enabled buttons)
 * switch on then, so the first client render equals the server's.
 */
import { useEffect, useState } from "json-site/islands-api";

export function useHydrated(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready;
}
