/** What the main thread asks a build worker (pool.ts) to do, and what the worker (worker.ts) reads: the protocol between the two, in a module of its own. */
import type { RenderData } from "./render.tsx";
import type { Route } from "../routes/routes.ts";
import type { ResolvedFont } from "../../../lib/site-module.ts";
import type { PageSeo } from "./seo.ts";

/** What the worker needs to render: RenderInput without section components, bytes and the SEO plan (functions; heads come with each page). */
export interface RenderSetup {
  templatesDir: string;
  sectionTypes: string[];
  /** Without the lists (RenderInput.lists): sent with a "lists" job when a page first reads one (pool.ts). */
  input: RenderData;
}

export type Job =
  | { job: "styles"; templatesDir: string; font: ResolvedFont }
  | { job: "parse"; items: [text: string, mode: "inline" | "block"][] }
  | { job: "setup"; setup: RenderSetup }
  | { job: "lists"; lists: NonNullable<RenderData["lists"]> }
  | { job: "render"; routes: Route[]; heads: PageSeo[] };

/** A worker's answer to "render": the pages, or that a page read a list it has not been sent (then the same job again, after "lists"). */
export type RenderReply<Page> = Page[] | { listsNeeded: true };
