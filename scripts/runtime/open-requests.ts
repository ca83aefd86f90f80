/**
 * How a click on a dialog button reaches a dialog island that may not have loaded
 * yet: lazy.browser.ts files a request, the dialog takes it when it mounts (or at
 * once if it is already mounted). Browser-only.
 */
const REGISTRY = Symbol.for("json-site.open-requests");

export interface OpenRequest {
  /** The data-open value: "demo", "assessment". */
  kind: string;
  /** A title carried by the button (data-dialog-title). */
  title?: string | undefined;
  /** The element to give focus back to when the dialog closes. */
  trigger?: HTMLElement | undefined;
}

type Handler = (request: OpenRequest) => void;
/**
 * One registry per page, on globalThis: the dialog loader is a file of its own and the dialogs
 * are bundled with Preact (render/islands.ts), so each has its own copy of this module.
 */
const registry = ((globalThis as { [REGISTRY]?: { waiting: Map<string, OpenRequest>; handlers: Map<string, Handler> } })[REGISTRY] ??= {
  waiting: new Map(),
  handlers: new Map(),
});
const { waiting, handlers } = registry;

export function requestOpen(request: OpenRequest): void {
  const handler = handlers.get(request.kind);
  if (handler) handler(request);
  else waiting.set(request.kind, request);
}

/** Registers the dialog for a kind; returns the unregister function (for a useEffect cleanup). */
export function onOpenRequest(kind: string, handler: Handler): () => void {
  handlers.set(kind, handler);
  const pending = waiting.get(kind);
  if (pending) {
    waiting.delete(kind);
    handler(pending);
  }
  return () => {
    if (handlers.get(kind) === handler) handlers.delete(kind);
  };
}
