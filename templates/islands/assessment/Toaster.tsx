/**
 * A small toast region (spec §9), enough for the wizard's "sent" notice: a polite
 * live region that is on the page before any notice arrives (so screen readers
 * announce it), newest at the bottom, each notice dismissed after its time, by its
 * close button or by a swipe. The timers pause while the pointer or focus is on
 * the region, so nobody loses a notice they are reading.
 */
import type { PointerEvent as ReactPointerEvent } from "react";
import { useCallback, useEffect, useRef, useState } from "json-site/islands-api";
import { isSwipeDismiss, pushToast, TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_WIDTH_PX, type Toast } from "./toasts.ts";

interface Timer {
  handle?: ReturnType<typeof setTimeout> | undefined;
  remaining: number;
  started: number;
}

export interface ToastApi {
  toasts: Toast[];
  show: (text: string, duration?: number) => void;
  dismiss: (id: number) => void;
  pause: () => void;
  resume: () => void;
}

export function useToasts(): ToastApi {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const list = useRef<Toast[]>([]);
  const timers = useRef(new Map<number, Timer>());
  const paused = useRef(false);
  const seq = useRef(0);

  const update = (next: Toast[]) => {
    list.current = next;
    setToasts(next);
  };
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id)?.handle);
    timers.current.delete(id);
    update(list.current.filter((t) => t.id !== id));
    // With nothing left under it, no pointerleave may come: do not stay paused.
    if (list.current.length === 0) paused.current = false;
  }, []);
  const run = (id: number, timer: Timer) => {
    timer.started = Date.now();
    timer.handle = setTimeout(() => dismiss(id), timer.remaining);
  };
  const show = useCallback((text: string, duration = TOAST_DURATION_MS) => {
    const toast = { id: ++seq.current, text, duration };
    const { list: next, dropped } = pushToast(list.current, toast);
    for (const d of dropped) {
      clearTimeout(timers.current.get(d.id)?.handle);
      timers.current.delete(d.id);
    }
    const timer: Timer = { remaining: duration, started: 0 };
    timers.current.set(toast.id, timer);
    if (!paused.current) run(toast.id, timer);
    update(next);
  }, []);
  const pause = useCallback(() => {
    if (paused.current) return;
    paused.current = true;
    for (const t of timers.current.values()) {
      clearTimeout(t.handle);
      t.handle = undefined;
      t.remaining = Math.max(0, t.remaining - (Date.now() - t.started));
    }
  }, []);
  const resume = useCallback(() => {
    if (!paused.current) return;
    paused.current = false;
    for (const [id, t] of timers.current) run(id, t);
  }, []);
  return { toasts, show, dismiss, pause, resume };
}

function ToastItem({ toast, dismissLabel, onDismiss }: { toast: Toast; dismissLabel: string; onDismiss: (id: number) => void }) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const origin = useRef<{ x: number; y: number } | null>(null);
  const end = (dismiss: boolean) => {
    origin.current = null;
    if (dismiss) onDismiss(toast.id);
    else setOffset({ x: 0, y: 0 });
  };
  const dragging = offset.x !== 0 || offset.y !== 0;
  return (
    <div
      data-toast=""
      className={`pointer-events-auto flex touch-none items-start gap-3 rounded-xl border border-ink-200 bg-white p-4 text-sm text-ink-900 shadow-card select-none ${
        dragging ? "" : "transition-[transform,opacity] duration-200 motion-reduce:transition-none starting:translate-y-2 starting:opacity-0"
      }`}
      style={{ transform: dragging ? `translate(${offset.x}px, ${offset.y}px)` : undefined, opacity: dragging ? Math.max(0.3, 1 - Math.hypot(offset.x, offset.y) / 120) : undefined }}
      onPointerDown={(e: ReactPointerEvent<HTMLDivElement>) => {
        if ((e.target as Element).closest("button")) return;
        origin.current = { x: e.clientX, y: e.clientY };
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }}
      onPointerMove={(e: ReactPointerEvent<HTMLDivElement>) => {
        if (origin.current) setOffset({ x: e.clientX - origin.current.x, y: Math.max(0, e.clientY - origin.current.y) });
      }}
      onPointerUp={(e: ReactPointerEvent<HTMLDivElement>) => {
        if (origin.current) end(isSwipeDismiss(e.clientX - origin.current.x, e.clientY - origin.current.y));
      }}
      onPointerCancel={() => end(false)}
    >
      <svg className="icon-stroke mt-0.5 size-5 shrink-0 text-accent-600" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z" />
        <path d="M8 12l3 3 5-6" />
      </svg>
      <p className="min-w-0 flex-1 font-medium leading-snug">{toast.text}</p>
      <button
        type="button"
        className="-m-1 grid size-7 shrink-0 place-items-center rounded-md text-ink-500 hover:bg-ink-100 hover:text-ink-900"
        aria-label={dismissLabel}
        onClick={() => onDismiss(toast.id)}
      >
        <svg className="icon-stroke size-4" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M18 6L6 18M6 6l12 12" />
        </svg>
      </button>
    </div>
  );
}

export function Toaster({ api, dismissLabel }: { api: ToastApi; dismissLabel: string }) {
  const region = useRef<HTMLDivElement>(null);
  // Native focusin/focusout (they bubble from the close buttons; Preact's onFocus does not).
  useEffect(() => {
    const el = region.current;
    if (!el) return;
    const out = (e: FocusEvent) => {
      if (!el.contains(e.relatedTarget as Node | null)) api.resume();
    };
    el.addEventListener("focusin", api.pause);
    el.addEventListener("focusout", out);
    return () => {
      el.removeEventListener("focusin", api.pause);
      el.removeEventListener("focusout", out);
    };
  }, []);
  return (
    <div
      ref={region}
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 z-[70] flex max-w-[calc(100vw-2rem)] flex-col sm:right-6 sm:bottom-6"
      style={{ width: `${TOAST_WIDTH_PX}px`, gap: `${TOAST_GAP_PX}px` }}
      onPointerEnter={api.pause}
      onPointerLeave={api.resume}
    >
      {api.toasts.map((t) => (
        <ToastItem key={t.id} toast={t} dismissLabel={dismissLabel} onDismiss={api.dismiss} />
      ))}
    </div>
  );
}
