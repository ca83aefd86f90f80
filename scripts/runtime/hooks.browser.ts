/** Browser side of runtime.ts: the same hooks, from Preact. */
export { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
