/**
 * The shell of every dialog: a backdrop, a panel with a title and a close button,
 * and the modal behaviour of useModal. Kept mounted once opened (hidden while
 * closed), so that what it holds, such as a loaded calendar, survives a close.
 */
import type { ReactNode } from "react";
import { useRef } from "json-site/islands-api";
import { useModal } from "./useModal.ts";

export interface ModalProps {
  open: boolean;
  id: string;
  title: string;
  description?: string | undefined;
  closeLabel: string;
  onClose: () => void;
  returnTo?: () => HTMLElement | null | undefined;
  wide?: boolean;
  children: ReactNode;
}

export function Modal(p: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  useModal(p.open, panel, p.onClose, p.returnTo);
  return (
    <div className="fixed inset-0 z-[60] flex items-end justify-center sm:items-center sm:p-6" hidden={!p.open}>
      <div className="absolute inset-0 bg-ink-950/60" aria-hidden="true" onClick={p.onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${p.id}-title`}
        aria-describedby={p.description ? `${p.id}-description` : undefined}
        className={`relative flex max-h-[100dvh] w-full flex-col overflow-y-auto rounded-t-2xl bg-white text-ink-900 shadow-2xl sm:max-h-[calc(100dvh-3rem)] sm:rounded-2xl ${p.wide ? "sm:max-w-3xl" : "sm:max-w-lg"}`}
      >
        <div className="flex items-center justify-between gap-4 border-b border-ink-100 px-5 py-4 sm:px-6">
          <div>
            <h2 id={`${p.id}-title`} className="text-lg font-semibold tracking-tight sm:text-xl">
              {p.title}
            </h2>
            {p.description ? (
              <p id={`${p.id}-description`} className="mt-1 text-sm text-ink-600">
                {p.description}
              </p>
            ) : null}
          </div>
          <button type="button" className="-mr-2 grid size-10 shrink-0 place-items-center rounded-md text-ink-600 hover:bg-ink-100 hover:text-ink-900" aria-label={p.closeLabel} onClick={p.onClose}>
            <svg className="icon-stroke size-5" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M18 6L6 18M6 6l12 12" />
            </svg>
          </button>
        </div>
        <div className="px-5 py-5 sm:px-6">{p.children}</div>
      </div>
    </div>
  );
}
