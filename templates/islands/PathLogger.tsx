/** Writes the address that was not found to the browser console (spec: not-found page). */
import { useEffect } from "../runtime.ts";

export default function PathLogger({ message }: { message: string }) {
  useEffect(() => {
    console.warn(`${message} ${window.location.pathname}`);
  }, []);
  return null;
}
