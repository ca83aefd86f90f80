/**
 * Writes the address that was not found to the browser console (spec: not-found
 * page). The text is in the markup (data-log); PathLogger.browser.ts writes it.
 */
export default function PathLogger({ message }: { message: string }) {
  return <span hidden data-log={message} />;
}
