/**
 * After a lead is sent: tells the page, for analytics the site owner adds. Always a
 * DOM event, lead:submitted (on document, bubbling to window; detail: which form);
 * with leads.dataLayer, also { event: "generate_lead" } pushed to window.dataLayer
 * for a tag manager. No answer the visitor typed is passed on, and nothing is loaded.
 */
export const LEAD_EVENT = "lead:submitted";

export function announceLead(form: string, dataLayer: boolean, win: Window & { dataLayer?: unknown[] } = window): void {
  if (dataLayer) {
    if (!Array.isArray(win.dataLayer)) win.dataLayer = [];
    win.dataLayer.push({ event: "generate_lead" });
  }
  win.document.dispatchEvent(new CustomEvent(LEAD_EVENT, { bubbles: true, detail: { form } }));
}
