/**
 * The browser side of disclosure menus (header menus, the Download App menu), in
 * plain DOM code over the server's markup (header/Menu.tsx). Menus are the
 * [data-menu] elements inside a .menu-root; each holds a <button> and, last, its
 * list. Which menu is open and the hover timing: header/menu-controller.ts.
 *
 * - The pointer (a mouse) over a menu opens it after the hover delay; leaving closes
 *   it after the close delay. A click on the trigger toggles it.
 * - ArrowDown on the trigger opens the menu and moves into it; ArrowDown/ArrowUp move
 *   between its links, wrapping.
 * - A click or focus outside the open menu closes it; so does Escape, which gives
 *   focus back to its trigger when focus was inside it or nowhere.
 * - A menu that CSS was already showing (hovered or focused) before the script ran
 *   stays open; from then on the root carries data-ready and menus are shown by
 *   their `hidden` attribute and described by aria-expanded.
 */
import { menuController, type MenuController } from "../header/menu-controller.ts";

export function enhanceMenus(root: HTMLElement): MenuController {
  const menus = new Map<string, { button: HTMLButtonElement; list: HTMLElement }>();
  for (const el of root.querySelectorAll<HTMLElement>("[data-menu]")) {
    menus.set(el.dataset["menu"]!, { button: el.querySelector("button")!, list: el.lastElementChild as HTMLElement });
  }
  const paint = (open: string | null) => {
    for (const [id, { button, list }] of menus) {
      button.setAttribute("aria-expanded", String(id === open));
      list.hidden = id !== open;
    }
  };
  const ctl = menuController(paint);
  const element = (id: string) => menus.get(id)?.button.parentElement;

  for (const [id, { button, list }] of menus) {
    const el = button.parentElement!;
    el.addEventListener("pointerenter", (e) => e.pointerType === "mouse" && ctl.enter(id));
    el.addEventListener("pointerleave", (e) => e.pointerType === "mouse" && ctl.leave());
    el.addEventListener("keydown", (e) => {
      const down = e.key === "ArrowDown";
      if (!down && e.key !== "ArrowUp") return;
      const links = [...list.querySelectorAll("a")];
      const at = links.indexOf(document.activeElement as HTMLAnchorElement);
      if (at < 0 && !down) return;
      e.preventDefault();
      ctl.show(id);
      links[(at + (down ? 1 : links.length - 1)) % links.length]?.focus();
    });
    button.addEventListener("click", (e) => ctl.click(id, e.detail > 0));
    list.addEventListener("click", (e) => (e.target as Element).closest("a") && ctl.close());
  }

  const shown = root.querySelector<HTMLElement>("[data-menu]:is(:hover, :focus-within)");
  paint(null);
  root.dataset["ready"] = "";
  if (shown) ctl.show(shown.dataset["menu"]!);

  const away = (event: Event) => {
    const id = ctl.open;
    if (id !== null && !element(id)?.contains(event.target as Node)) ctl.close();
  };
  document.addEventListener("click", away, true);
  document.addEventListener("focusin", away);
  document.addEventListener("keydown", (event) => {
    const id = ctl.open;
    if (event.key !== "Escape" || id === null) return;
    const active = document.activeElement;
    ctl.close();
    if (!active || active === document.body || element(id)?.contains(active)) menus.get(id)!.button.focus();
  });
  return ctl;
}
