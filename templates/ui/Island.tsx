/**
 * Server side of an island: renders the component in place, wrapped in
 * <bos-island data-island="Name">, with its props as JSON in the <script> right
 * after it. The JSON is escaped so that "</script>" or "<!--" inside content
 * cannot end the script element early.
 */
import type { ComponentType } from "react";
import { useRender } from "../context.ts";

export function serializeProps(props: object): string {
  return JSON.stringify(props)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  useRender().islands.add(name);
  return (
    <>
      <bos-island data-island={name}>
        <Component {...props} />
      </bos-island>
      <script type="application/json" data-island-props="" dangerouslySetInnerHTML={{ __html: serializeProps(props) }} />
    </>
  );
}

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "bos-island": { "data-island": string; children?: React.ReactNode };
    }
  }
}
