/**
 * The browser side of disclosure menus (header menus, the Download App menu):
 * once mounted it closes the open menu on a click or focus outside it and on
 * Escape (focus back to its trigger when focus was inside it or nowhere), and
 * keeps open a menu that CSS was already showing (hovered or focused) before the
 * island was ready. Menus are the [data-menu] elements inside root.
 */
import type { RefObject } from "react";
import { useEffect } from "../../runtime.ts";
import type { MenuController } from "../header/menu-controller.ts";

export function useMenuDismiss(root: RefObject<HTMLElement | null>, ctl: MenuController): void {
  useEffect(() => {
    const shown = root.current?.querySelector<HTMLElement>("[data-menu]:is(:hover, :focus-within)");
    if (shown) ctl.show(shown.dataset["menu"]!);
    const menu = (id: string) => [...(root.current?.querySelectorAll<HTMLElement>("[data-menu]") ?? [])].find((m) => m.dataset["menu"] === id);
    const away = (event: Event) => {
      const id = ctl.open;
      if (id !== null && !menu(id)?.contains(event.target as Node)) ctl.close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const id = ctl.open;
      if (event.key !== "Escape" || id === null) return;
      const el = menu(id);
      const active = document.activeElement;
      ctl.close();
      if (!active || active === document.body || el?.contains(active)) el?.querySelector("button")?.focus();
    };
    document.addEventListener("click", away, true);
    document.addEventListener("focusin", away);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("click", away, true);
      document.removeEventListener("focusin", away);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);
}
