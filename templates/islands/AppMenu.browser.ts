/** The Download App menu's behaviour (AppMenu.tsx): the shared disclosure menu code. */
import { enhanceMenus } from "./parts/menus.ts";

export default function enhanceAppMenu(host: HTMLElement): void {
  enhanceMenus(host.querySelector<HTMLElement>(".menu-root")!);
}
