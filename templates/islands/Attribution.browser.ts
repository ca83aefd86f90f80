/** Attribution's behaviour: this page view, kept in the browser for the next lead (runtime/attribution.ts). */
import { recordVisit } from "#ssg/forms";

export default function noteVisit(): void {
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    return; // storage refused: leads go without attribution
  }
  recordVisit(storage, window.location.href, document.referrer, new Date());
}
