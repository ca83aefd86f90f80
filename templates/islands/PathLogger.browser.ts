/** PathLogger's behaviour: the not-found message and the address, as a console warning. */
export default function logPath(host: HTMLElement): void {
  const message = host.querySelector<HTMLElement>("[data-log]")?.dataset["log"] ?? "";
  console.warn(`${message} ${window.location.pathname}`);
}
