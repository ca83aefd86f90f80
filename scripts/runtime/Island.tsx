/**
 * Server side of an island: renders the component in place, wrapped in
 * <ssg-island data-island="Name">, with its props as JSON in the <script> right
 * after it when the browser hydrates it (an island with a plain DOM module,
 * <Name>.browser.ts, reads the markup instead and gets no props). The JSON is escaped so that "</script>" or "<!--" inside content
 * cannot end the script element early.
 */
import type { ComponentType, ReactNode } from "react";
import { useRenderContext as useRender } from "./context.ts";

export function serializeProps(props: object): string {
  return JSON.stringify(props)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

interface IslandProps<P> {
  name: string;
  component: ComponentType<P>;
  props: P;
  /**
   * "eager" (default): rendered on the server, hydrated when the page loads.
   * "interaction": a dialog, rendered in the browser the first time a button with
   * data-open={trigger} is used; nothing of it is loaded before.
   */
  load?: "eager" | "interaction";
  trigger?: string;
}

export function Island<P extends object>({ name, component: Component, props, load = "eager", trigger }: IslandProps<P>) {
  const ctx = useRender();
  if (load === "interaction") {
    if (!trigger) throw new Error(`The island ${name} loads on interaction and needs a trigger`);
    ctx.lazyIslands.add(name);
    return (
      <>
        <ssg-island data-island={name} data-load="interaction" data-trigger={trigger} data-src={ctx.islandUrl(name)} />
        <script type="application/json" data-island-props="" dangerouslySetInnerHTML={{ __html: serializeProps(props) }} />
      </>
    );
  }
  ctx.islands.add(name);
  return (
    <>
      <ssg-island data-island={name}>
        <Component {...props} />
      </ssg-island>
      {ctx.hydrates(name) && <script type="application/json" data-island-props="" dangerouslySetInnerHTML={{ __html: serializeProps(props) }} />}
    </>
  );
}

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "ssg-island": {
        "data-island": string;
        "data-load"?: string;
        "data-trigger"?: string;
        "data-src"?: string;
        children?: ReactNode;
      };
    }
  }
}
