/** The app's calls to the Studio's server (protocol.ts): every write carries the per-run token from the page. */
import { DRAFT_REPLY_TYPE, draftReply, type DraftReply, type DraftRequest } from "../protocol.ts";

const token = document.querySelector<HTMLMetaElement>('meta[name="studio-token"]')?.content ?? "";

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body: unknown,
  ) {
    super(message);
  }
}

async function answer<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!res.ok && res.status !== 409 && res.status !== 422) throw new ApiError(res.status, (body as { message?: string } | undefined)?.message ?? `The Studio answered ${res.status}.`, body);
  return body as T;
}

/** POST /api/draft: its reply, and the page's HTML as bytes (protocol.ts draftReply). */
export async function postDraft(body: DraftRequest): Promise<{ reply: DraftReply; html: ArrayBuffer }> {
  const res = await fetch("/api/draft", { method: "POST", headers: { "x-studio-token": token, "content-type": "application/json" }, body: JSON.stringify(body) });
  if (res.ok && (res.headers.get("content-type") ?? "").startsWith(DRAFT_REPLY_TYPE)) return draftReply(await res.arrayBuffer());
  // A refusal (a JSON sentence): answer() throws it; anything else is said as its status.
  await answer<unknown>(res);
  throw new ApiError(res.status, `The Studio answered ${res.status} without a preview.`, undefined);
}

export async function get<T>(url: string): Promise<T> {
  return answer<T>(await fetch(url, { headers: { accept: "application/json" } }));
}

export async function post<T>(url: string, body: unknown): Promise<T> {
  const init: RequestInit = { method: "POST", headers: { "x-studio-token": token } };
  if (body instanceof Blob) init.body = body;
  else {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  return answer<T>(await fetch(url, init));
}

/** Where the preview is served: the same host name as the app, on the preview's port. */
export const previewOrigin = `${location.protocol}//${location.hostname}:${document.querySelector<HTMLMetaElement>('meta[name="studio-preview-port"]')?.content ?? ""}`;
