/**
 * Where a lead came from, kept first-party in the visitor's own browser (localStorage)
 * and read only when the visitor sends a form; never sent anywhere else. Browser-safe.
 *
 * A visit is a "touch" when it brings campaign parameters (utm_*) or comes from
 * another site (an external referrer), and the very first page a browser sees is one
 * too. The first touch is kept (for up to TOUCH_DAYS); the latest replaces the one before.
 * Moving between the site's own pages is not a touch: the context keeps the touch's
 * landing page and adds the page the form is sent from.
 *
 *   recordVisit(storage, location.href, document.referrer, new Date())   on every page
 *   leadContext(storage, location.href)                                   when sending
 */
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/** One visit that brought the visitor: its campaign, referrer, landing page and time. */
export type Touch = Partial<Record<UtmKey, string>> & {
  /** The other site the visitor came from (origin and path, no query), or "" (typed in, a bookmark, an app). */
  referrer: string;
  /** The page the visit began on: path and query, on this site. */
  landingPage: string;
  /** When (ISO 8601, UTC). */
  at: string;
};

export interface LeadContext {
  firstTouch: Touch;
  lastTouch: Touch;
  /** The page the form was sent from (path and query). */
  page: string;
}

export const STORAGE_KEY = "ssg:attribution";
/** How long the first touch is kept before a new visit takes its place. */
export const TOUCH_DAYS = 90;
const MAX_TEXT = 500;
const MAX_PAGE = 2000;

interface Stored {
  firstTouch: Touch;
  lastTouch: Touch;
}

/** The browser's localStorage, or undefined where it is refused (private modes, settings): attribution is then simply left out. */
export function siteStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined; // reading the property itself throws a SecurityError when storage is blocked
  }
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The referrer worth keeping: another site's origin and path (its query may hold anything). */
function externalReferrer(referrer: string, own: URL): string {
  if (!referrer) return "";
  try {
    const from = new URL(referrer);
    if (from.origin === own.origin || !/^https?:$/.test(from.protocol)) return "";
    return clip(from.origin + from.pathname, MAX_TEXT);
  } catch {
    return "";
  }
}

/** This visit as a touch, and whether it is a new one (campaign parameters or another site). */
export function touchOf(href: string, referrer: string, now: Date): { touch: Touch; fresh: boolean } {
  const url = new URL(href);
  const touch: Touch = { referrer: externalReferrer(referrer, url), landingPage: clip(url.pathname + url.search, MAX_PAGE), at: now.toISOString() };
  let campaign = false;
  for (const key of UTM_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) {
      touch[key] = clip(value, MAX_TEXT);
      campaign = true;
    }
  }
  return { touch, fresh: campaign || touch.referrer !== "" };
}

function read(storage: Storage | undefined): Stored | undefined {
  try {
    const text = storage?.getItem(STORAGE_KEY);
    if (!text) return undefined;
    const value = JSON.parse(text) as unknown;
    return checkTouches(value) === undefined ? (value as Stored) : undefined;
  } catch {
    return undefined; // storage refused (private mode, settings) or a broken entry: start again
  }
}

function write(storage: Storage | undefined, value: Stored): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or refused: the lead goes without attribution, nothing breaks.
  }
}

/** Notes this page view: the first touch once (again after TOUCH_DAYS), the latest on each new touch. */
export function recordVisit(storage: Storage | undefined, href: string, referrer: string, now: Date): void {
  const { touch, fresh } = touchOf(href, referrer, now);
  const stored = read(storage);
  const expired = stored !== undefined && now.getTime() - Date.parse(stored.firstTouch.at) > TOUCH_DAYS * 86_400_000;
  if (!stored || expired) write(storage, { firstTouch: touch, lastTouch: touch });
  else if (fresh) write(storage, { firstTouch: stored.firstTouch, lastTouch: touch });
}

/** The context sent with a lead from the page at href. A visit that was never recorded counts as its own touch. */
export function leadContext(storage: Storage | undefined, href: string, now: Date = new Date()): LeadContext {
  const url = new URL(href);
  const stored = read(storage);
  const own = stored ? undefined : touchOf(href, "", now).touch;
  return { firstTouch: stored?.firstTouch ?? own!, lastTouch: stored?.lastTouch ?? own!, page: clip(url.pathname + url.search, MAX_PAGE) };
}

function checkTouch(value: unknown, name: string): string | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return `${name} must be an object`;
  const touch = value as Record<string, unknown>;
  for (const [key, v] of Object.entries(touch)) {
    if (key !== "referrer" && key !== "landingPage" && key !== "at" && !(UTM_KEYS as readonly string[]).includes(key)) return `${name} has no field ${JSON.stringify(key)}`;
    if (typeof v !== "string") return `${name}.${key} must be text`;
    if (v.length > (key === "landingPage" ? MAX_PAGE : MAX_TEXT)) return `${name}.${key} is too long`;
  }
  if (typeof touch["referrer"] !== "string") return `${name}.referrer is required`;
  if (typeof touch["landingPage"] !== "string" || !touch["landingPage"].startsWith("/")) return `${name}.landingPage must be a path starting with /`;
  if (typeof touch["at"] !== "string" || Number.isNaN(Date.parse(touch["at"]))) return `${name}.at must be a time`;
  return undefined;
}

function checkTouches(value: unknown): string | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return "must be an object";
  const v = value as Record<string, unknown>;
  return checkTouch(v["firstTouch"], "firstTouch") ?? checkTouch(v["lastTouch"], "lastTouch");
}

/** A received context's shape, in words, or undefined when it is right. */
export function checkContext(value: unknown): string | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return "must be an object with firstTouch, lastTouch and page";
  const extra = Object.keys(value).filter((k) => k !== "firstTouch" && k !== "lastTouch" && k !== "page");
  if (extra.length) return `has no field ${extra.map((k) => JSON.stringify(k)).join(", ")} (only firstTouch, lastTouch and page)`;
  const problem = checkTouches(value);
  if (problem) return problem;
  const page = (value as Record<string, unknown>)["page"];
  if (typeof page !== "string" || !page.startsWith("/") || page.length > MAX_PAGE) return "page must be a path starting with /";
  return undefined;
}
