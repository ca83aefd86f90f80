/**
 * The browser side of disclosure menus (header menus, the Download App menu): which
 * menu is open and its controller (header/menu-controller.ts: hover and click
 * timing), and, once mounted, closing the open menu on a click or focus outside it
 * and on Escape (focus back to its trigger when focus was inside it or nowhere),
 * keeping open a menu that CSS was already showing (hovered or focused) before the
 * island was ready. Menus are the [data-menu] elements inside root.
 */
import type { RefObject } from "react";
import { useEffect, useState } from "../../runtime.ts";
import { menuController, type MenuController } from "../header/menu-controller.ts";

export function useMenus(root: RefObject<HTMLElement | null>): { open: string | null; ctl: MenuController; ready: boolean } {
  const [open, setOpen] = useState<string | null>(null);
  const [ctl] = useState(() => menuController(setOpen));
  // useHydrated.ts's two lines, inlined: importing it here would make that module a
  // chunk of its own, one more request on every page (this module is in the header).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  useMenuDismiss(root, ctl);
  return { open, ctl, ready };
}

function useMenuDismiss(root: RefObject<HTMLElement | null>, ctl: MenuController): void {
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
