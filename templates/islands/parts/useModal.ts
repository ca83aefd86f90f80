/**
 * The modal behaviour of parts/modal.ts for Preact dialogs: trapped while `open`
 * is true, released when it turns false or the dialog unmounts.
 */
import type { RefObject } from "react";
import { useLayoutEffect } from "json-site/islands-api";
import { trapModal } from "./modal.ts";

export function useModal(
  open: boolean,
  panel: RefObject<HTMLElement | null>,
  onClose: () => void,
  /** Where focus goes back to on close (null: nowhere); by default the element focused before opening. */
  returnTo?: () => HTMLElement | null | undefined,
): void {
  // A layout effect: focus moves in and Escape is heard before the open dialog is
  // first painted, so a dialog that can be seen always answers the keyboard.
  useLayoutEffect(() => (open ? trapModal(panel.current, onClose, returnTo) : undefined), [open]);
}
