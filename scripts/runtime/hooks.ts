/**
 * The one module through which islands use hooks. On the server it is React;
 * the browser build swaps it for hooks.browser.ts (Preact), so React never
 * reaches the browser and preact/compat is not needed.
 */
export { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
