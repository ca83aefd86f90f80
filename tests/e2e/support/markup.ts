/**
 * Compares an island's DOM now with the server's HTML for it, both written out the
 * same way (attributes sorted, text quoted), so a test can assert that the browser
 * drew exactly what the server wrote.
 *
 * - checked and selected are compared as state: Preact sets them as properties,
 *   the server writes them as attributes;
 * - the progress bar's style ([data-progress]) is left out: the script sets its
 *   scale on every frame, it is not markup.
 */
import type { Locator } from "@playwright/test";

export function serverAndClient(host: Locator, serverHtml: string): Promise<[fromServer: string, fromClient: string]> {
  return host.evaluate((el, html) => {
    const show = (n: Node): string => {
      if (n.nodeType === Node.TEXT_NODE) return JSON.stringify((n as Text).data);
      if (!(n instanceof Element)) return "";
      const attrs = [...n.attributes]
        .filter((a) => a.name !== "checked" && a.name !== "selected" && !(a.name === "style" && n.hasAttribute("data-progress")))
        .map((a) => ` ${a.name.toLowerCase()}=${JSON.stringify(a.value)}`);
      if (n instanceof HTMLInputElement) attrs.push(` :checked=${n.checked}`);
      if (n instanceof HTMLOptionElement) attrs.push(` :selected=${n.selected}`);
      return `<${n.localName}${attrs.sort().join("")}>${[...n.childNodes].map(show).join("")}</${n.localName}>`;
    };
    const parsed = document.createElement("div");
    parsed.innerHTML = html;
    el.normalize();
    return [[...parsed.childNodes].map(show).join(""), [...el.childNodes].map(show).join("")] as [string, string];
  }, serverHtml);
}
