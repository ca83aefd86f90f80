/**
 * Runs an island's plain DOM module (templates/islands/<Name>.browser.ts) over
 * every server-rendered instance of it: no Preact, no props; the markup carries
 * what the module reads.
 */
export function enhanceIslands(name: string, enhance: (host: HTMLElement) => void): void {
  for (const host of document.querySelectorAll<HTMLElement>(`ssg-island[data-island="${name}"]`)) {
    enhance(host);
    host.dataset["hydrated"] = "";
  }
}
