/**
 * Hydrates every server-rendered instance of one island. The server writes
 * <ssg-island data-island="Name">…HTML…</ssg-island> followed by a
 * <script type="application/json"> holding its props; Preact's hydrate() adopts
 * the existing DOM instead of replacing it.
 */
import { h, hydrate, render, type ComponentType } from "preact";

export function hydrateIslands(name: string, Component: ComponentType<Record<string, unknown>>): void {
  for (const host of document.querySelectorAll<HTMLElement>(`ssg-island[data-island="${name}"]`)) {
    const script = host.nextElementSibling;
    const props = script?.matches("script[data-island-props]") ? (JSON.parse(script.textContent || "{}") as Record<string, unknown>) : {};
    // Dialogs (data-load="interaction") have no server HTML: they are rendered fresh.
    (host.dataset["load"] === "interaction" ? render : hydrate)(h(Component, props), host);
    host.dataset["hydrated"] = "";
  }
}
