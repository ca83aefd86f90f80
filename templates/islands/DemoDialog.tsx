/**
 * The demo dialog, shared by Request Demo and every demo button (data-open="demo").
 * Loaded on first use; the calendar frame is created when the dialog first opens
 * and kept while the page lives, so closing and reopening keeps the visitor's place.
 */
import type { DemoDialog as DemoTexts } from "../content-types.ts";
import { onOpenRequest } from "json-site/islands-api";
import { frameAllowNone } from "../permissions.ts";
import { useEffect, useRef, useState } from "json-site/islands-api";
import { Modal } from "./parts/Modal.tsx";

export interface DemoDialogProps extends DemoTexts {
  calendarUrl: string;
  /** Read out after the link that opens the calendar in a new tab. */
  newTabNote: string;
}

export const CALENDAR_HEIGHT = 600;

/**
 * What the booking calendar (another site, links.calendar) may do in its frame; the
 * sandbox takes away everything else, top navigation of this page included.
 * - allow-scripts: the calendar is an application; without script it shows nothing.
 * - allow-same-origin: it keeps its own origin, so it can use its cookies and storage
 *   (time zone, half-filled booking) and call its own API. Safe only because the
 *   calendar is cross-origin: the frame cannot reach into this page or lift its sandbox.
 * - allow-forms: booking is a form (name, e-mail, notes) the calendar submits.
 * - allow-popups: "Add to Google Calendar", sign-in and reschedule links open windows.
 * - allow-popups-to-escape-sandbox: those windows are ordinary pages of other sites
 *   and must work without this frame's restrictions.
 * Not granted: allow-top-navigation* (it cannot take the visitor away from this page),
 * allow-modals, allow-downloads, allow-pointer-lock, allow-presentation.
 * The allow attribute grants no browser feature ('none' for each one the site's
 * Permissions-Policy denies: templates/permissions.ts); the referrer it receives is
 * this site's origin, never the page's path.
 */
export const CALENDAR_SANDBOX = "allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox";

export default function DemoDialog(p: DemoDialogProps) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(p.title);
  const trigger = useRef<HTMLElement | undefined>(undefined);

  useEffect(
    () =>
      onOpenRequest("demo", (request) => {
        trigger.current = request.trigger;
        setTitle(request.title ?? p.title);
        setOpen(true);
      }),
    [],
  );

  return (
    <Modal open={open} id="demo-dialog" title={title} closeLabel={p.closeLabel} onClose={() => setOpen(false)} returnTo={() => trigger.current} wide>
      <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700">
        <svg className="icon-stroke size-4" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z" />
          <path d="M12 6v6l4 2" />
        </svg>
        {p.duration}
      </p>
      <p className="mt-3 text-ink-600">{p.text}</p>
      <iframe
        src={p.calendarUrl}
        title={p.calendarTitle}
        height={CALENDAR_HEIGHT}
        sandbox={CALENDAR_SANDBOX}
        allow={frameAllowNone()}
        referrerPolicy="strict-origin"
        className="mt-4 h-[600px] w-full rounded-xl border border-ink-200 bg-ink-50"
      />
      <a href={p.calendarUrl} target="_blank" rel="noopener noreferrer" className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-600 hover:text-brand-800">
        {p.newTabLabel}
        <svg className="icon-stroke size-4" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M5 12h14" />
          <path d="M13 6l6 6-6 6" />
        </svg>
        <span className="sr-only"> {p.newTabNote}</span>
      </a>
    </Modal>
  );
}
