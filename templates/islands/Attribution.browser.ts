/** Attribution's behaviour: this page view, kept in the browser for the next lead (runtime/attribution.ts). */
import { recordVisit, siteStorage } from "json-site/forms-api";

export default function noteVisit(): void {
  recordVisit(siteStorage(), window.location.href, document.referrer, new Date());
}
