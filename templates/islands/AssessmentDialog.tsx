/**
 * The free assessment wizard (data-open="assessment"). Loaded on first use, like
 * the demo dialog. Six steps, one per field of schemas/lead.schema.json, in its
 * order; the rules come from that schema (as props, see assessment/rules.ts), the
 * words from content (site.dialogs.assessment), the webhook from site.leads.
 *
 * The logic is pure and unit-tested in assessment/: steps.ts (the step machine),
 * rules.ts (validation), webhook.ts (where and how to send), draft.ts (what is kept
 * in the tab), announce.ts (the lead:submitted event), toasts.ts.
 *
 * Beyond the six answers (site.leads, all but the honeypot off by default):
 * - the honeypot, a field people never see or reach, and minFillSeconds: a robot gets
 *   the normal thank-you and nothing is sent (runtime/forms.ts, as the receiver);
 * - the answers are kept in the tab as they are typed; opening the wizard again after
 *   a reload, a close or a failed send starts at step 1 as the spec says, and offers
 *   to continue (or, after a failed send, to send the kept answers in one click);
 * - attribution (a context object) and consent (a checkbox on the last step).
 */
import type { FormEvent } from "react";
import type { AssessmentDialog as AssessmentTexts } from "../content-types.ts";
import { consentRecord, HONEYPOT_FIELD, isTrapped, leadContext, sessionDraft, siteStorage, tooFast } from "json-site/forms-api";
import { onOpenRequest } from "json-site/islands-api";
import { useEffect, useLayoutEffect, useRef, useState } from "json-site/islands-api";
import { buttonClass } from "../ui/Button.tsx";
import { toLead, type ChoiceRule, type FieldName, type LeadRules, type TextRule } from "./assessment/rules.ts";
import { back, canGoBack, currentRule, fill, isLast, next, progress, setAnswer, start, toggleOption, total, type Messages, type WizardState } from "./assessment/steps.ts";
import { announceLead } from "./assessment/announce.ts";
import { acceptDraft, DRAFT_KEY, hasAnswers, type WizardDraft } from "./assessment/draft.ts";
import { Toaster, useToasts } from "./assessment/Toaster.tsx";
import { chooseWebhook, sendLead, type LeadPayload, type LeadSettings } from "./assessment/webhook.ts";
import { Modal } from "./parts/Modal.tsx";

export interface AssessmentDialogProps {
  texts: AssessmentTexts;
  leads: LeadSettings;
  rules: LeadRules;
}

const ID = "assessment-dialog";

/** Input details per field, for browsers' autofill and on-screen keyboards. */
const INPUTS: Partial<Record<FieldName, { type?: string; autoComplete?: string; inputMode?: "email" | "text"; autoCapitalize?: string }>> = {
  name: { autoComplete: "name", autoCapitalize: "words" },
  companyName: { autoComplete: "organization" },
  numberOfProperties: { autoComplete: "off" },
  email: { type: "email", autoComplete: "email", inputMode: "email", autoCapitalize: "off" },
};

/** Icons of the property types (outline, 24 px grid); an unknown option goes without. */
const OPTION_ICONS: Record<string, string[]> = {
  Residential: ["M3 11l9-7 9 7", "M5 10v10h14V10", "M10 20v-6h4v6"],
  Commercial: ["M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16", "M16 9h2a2 2 0 0 1 2 2v10", "M2 21h20", "M8 7h4M8 11h4M8 15h4"],
};

function Glyph({ paths, className }: { paths: string[]; className: string }) {
  return (
    <svg className={`icon-stroke shrink-0 ${className}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const ALERT = ["M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z", "M12 8v4", "M12 16h.01"];

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  // A polite live region that is there before the message, so the message is announced
  // even when focus is already on the field (Enter in a text box).
  return (
    <div id={id} aria-live="polite">
      {error ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-danger-700">
          <Glyph paths={ALERT} className="size-4" />
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function AssessmentDialog({ texts, leads, rules }: AssessmentDialogProps) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<WizardState>(() => start(rules));
  const [status, setStatus] = useState<"idle" | "sending" | "failed">("idle");
  const [focusTick, setFocusTick] = useState(0);
  /** Answers kept from earlier in this tab, offered back when the wizard opens. */
  const [offer, setOffer] = useState<WizardDraft | undefined>(undefined);
  /** When the consent box was ticked (ISO 8601); undefined while it is not. */
  const [consentAt, setConsentAt] = useState<string | undefined>(undefined);
  const [consentError, setConsentError] = useState(false);
  const trigger = useRef<HTMLElement | undefined>(undefined);
  const stepRoot = useRef<HTMLDivElement>(null);
  const consentBox = useRef<HTMLInputElement>(null);
  // Refs, not state: read synchronously by handlers (a second click arrives before a re-render).
  const sending = useRef(false);
  const failed = useRef(false);
  /** The visitor changed something since the wizard opened: from then on, the tab keeps it. */
  const touched = useRef(false);
  const startedAt = useRef(0);
  const trapped = useRef(false);
  const pendingOffer = useRef<WizardDraft | undefined>(undefined);
  const draft = useRef(sessionDraft(DRAFT_KEY, acceptDraft(rules))).current;
  const toasts = useToasts();
  const messages = Object.fromEntries(rules.fields.map((r) => [r.field, texts.steps[r.field].error])) as Messages;
  const honeypot = leads.honeypot !== false;
  const askConsent = leads.consent === true;

  useEffect(
    () =>
      onOpenRequest("assessment", (request) => {
        trigger.current = request.trigger;
        // The spec: opening the dialog starts again at step 1 with empty answers.
        // Except after a failed send in this page (or while one is still under way):
        // then the answers stay, on the last step with the failure message, and the
        // button sends them again. Answers kept in the tab from before (a reload, a
        // close, a failed send) are offered back, not forced on the visitor.
        if (!failed.current && !sending.current) {
          const kept = draft.load();
          pendingOffer.current = kept && hasAnswers(kept.answers) ? kept : undefined;
          touched.current = false;
          trapped.current = false;
          startedAt.current = Date.now();
          setState(start(rules));
          setStatus("idle");
          setConsentAt(undefined);
          setConsentError(false);
          setOffer(undefined);
        }
        setOpen(true);
      }),
    [],
  );

  // The offer appears just after the dialog, in a live region that is already there,
  // so that screen readers announce it while the focus is in the first field.
  useEffect(() => {
    if (!open || !pendingOffer.current) return;
    const kept = pendingOffer.current;
    pendingOffer.current = undefined;
    const timer = setTimeout(() => setOffer(kept), 50);
    return () => clearTimeout(timer);
  }, [open]);

  // Everything the visitor does is kept in the tab at once (and forgotten on success):
  // a layout effect, in the same commit as the render, so that a reload right after a
  // key press cannot come between the answer on screen and the answer kept.
  useLayoutEffect(() => {
    if (!touched.current) return;
    draft.save({ v: 1, step: state.step, answers: state.answers, startedAt: startedAt.current, failed: status === "failed", consentAt, trapped: trapped.current });
  }, [state, status, consentAt]);

  // Focus follows the wizard: the field of a new step, or the field that has an error.
  // (Opening is handled by the modal, which focuses [data-autofocus].) A layout effect,
  // so focus is on the new field before the next key press: nothing typed fast is lost.
  const firstRun = useRef(true);
  useLayoutEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    if (open) stepRoot.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [state.step, focusTick]);

  const rule = currentRule(rules, state);
  const step = texts.steps[rule.field];
  const steps = total(rules);
  const p = progress(state.step, steps);
  const last = isLast(rules, state);
  const busy = status === "sending";

  /** The end of a lead, sent or (for a robot) not: the spec's success, and the tab forgets the answers. */
  const succeed = (sent: boolean) => {
    failed.current = false;
    touched.current = false;
    draft.clear();
    setOffer(undefined);
    setStatus("idle");
    setState(start(rules));
    setConsentAt(undefined);
    setOpen(false);
    toasts.show(texts.successToast);
    if (sent) announceLead("assessment", leads.dataLayer === true);
  };

  const send = async (answers: WizardState["answers"], consentedAt: string | undefined) => {
    // A robot (the honeypot filled in, or faster than minFillSeconds) sees success and nothing leaves the page.
    if ((honeypot && trapped.current) || tooFast(startedAt.current, Date.now(), leads.minFillSeconds ?? 0)) {
      succeed(false);
      return;
    }
    const payload: LeadPayload = toLead(rules, answers);
    if (leads.attribution) payload["context"] = leadContext(siteStorage(), window.location.href);
    if (askConsent && consentedAt) payload["consent"] = { text: texts.consent.label, at: consentedAt };
    sending.current = true;
    setStatus("sending");
    const result = await sendLead(chooseWebhook(window.location.hostname, leads), payload, leads);
    sending.current = false;
    if (result.ok) succeed(true);
    else {
      failed.current = true;
      setStatus("failed");
      if (result.error === undefined) console.error(`The assessment request was not sent: ${result.reason}.`);
      else console.error(`The assessment request was not sent: ${result.reason}.`, result.error);
    }
  };

  /** Next, or on the last step the checks and the send. */
  const advance = (from: WizardState, consentedAt: string | undefined) => {
    const result = next(rules, messages, from);
    setState(result.state);
    if (result.state.error !== undefined) setFocusTick((n) => n + 1);
    if (!result.submit) return;
    if (askConsent && consentedAt === undefined) {
      setConsentError(true);
      consentBox.current?.focus();
      return;
    }
    void send(result.state.answers, consentedAt);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return; // a double click, or Enter while sending: one request only
    const trap = event.currentTarget.elements.namedItem(HONEYPOT_FIELD);
    if (trap instanceof HTMLInputElement && isTrapped(trap.value)) trapped.current = true;
    touched.current = true;
    setOffer(undefined);
    advance(state, consentAt);
  };

  const update = (value: string | string[]) => {
    touched.current = true;
    setOffer(undefined);
    setState((s) => setAnswer(rules, messages, s, value));
  };

  /** Brings the kept answers back, at the step where the visitor was; `sendNow` sends them at once. */
  const resume = (kept: WizardDraft, sendNow: boolean) => {
    touched.current = true;
    startedAt.current = kept.startedAt;
    trapped.current = kept.trapped === true;
    const restored: WizardState = { step: sendNow ? total(rules) : kept.step, answers: kept.answers };
    setOffer(undefined);
    setConsentAt(kept.consentAt);
    setState(restored);
    setFocusTick((n) => n + 1);
    if (sendNow && !sending.current) advance(restored, kept.consentAt);
  };

  const startOver = () => {
    draft.clear();
    setOffer(undefined);
    setFocusTick((n) => n + 1);
  };

  const onConsent = (on: boolean) => {
    touched.current = true;
    setConsentAt(on ? consentRecord(texts.consent.label, new Date()).at : undefined);
    if (on) setConsentError(false);
  };

  const ids = {
    step: `${ID}-step`,
    question: `${ID}-question`,
    field: `${ID}-field-${rule.field}`,
    hint: `${ID}-hint`,
    error: `${ID}-error`,
    failure: `${ID}-failure`,
    offer: `${ID}-offer`,
    consent: `${ID}-consent`,
    consentError: `${ID}-consent-error`,
  };
  const error = state.error;
  const describedBy = [step.hint ? ids.hint : "", error ? ids.error : ""].filter(Boolean).join(" ") || undefined;
  const hint = step.hint ? (
    <p id={ids.hint} className="mt-1 text-sm text-ink-600">
      {step.hint}
    </p>
  ) : null;

  const textField = (r: TextRule) => {
    const input = INPUTS[r.field] ?? {};
    return (
      <div className="mt-4">
        <label htmlFor={ids.field} className="block text-sm font-medium text-ink-800">
          {step.label}
        </label>
        {hint}
        <input
          id={ids.field}
          name={r.field}
          type={input.type ?? "text"}
          autoComplete={input.autoComplete}
          inputMode={input.inputMode}
          autoCapitalize={input.autoCapitalize}
          spellCheck={r.field === "email" ? false : undefined}
          placeholder={step.placeholder}
          maxLength={r.maxLength}
          value={state.answers[r.field] as string}
          readOnly={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-autofocus=""
          onInput={(e: FormEvent<HTMLInputElement>) => update(e.currentTarget.value)}
          className="mt-2 block h-12 w-full rounded-lg border border-ink-300 bg-white px-3.5 text-base text-ink-900 shadow-xs transition-colors placeholder:text-ink-500 hover:border-ink-500 focus:border-brand-600 focus:outline-3 focus:outline-offset-0 focus:outline-brand-500/25 aria-[invalid=true]:border-danger-600 aria-[invalid=true]:focus:outline-danger-600/20"
        />
        <FieldError id={ids.error} error={error} />
      </div>
    );
  };

  const choiceField = (r: ChoiceRule) => {
    const chosen = state.answers[r.field] as string[];
    return (
      <fieldset className="mt-4" aria-describedby={describedBy}>
        <legend className="text-sm font-medium text-ink-800">{step.label}</legend>
        {hint}
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {r.options.map((option, i) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-ink-200 bg-white p-4 font-medium text-ink-900 transition-colors hover:border-brand-300 hover:bg-brand-50/50 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500 has-[[aria-invalid=true]]:border-danger-600/60"
            >
              <input
                type="checkbox"
                name={r.field}
                value={option}
                checked={chosen.includes(option)}
                disabled={busy}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? ids.error : undefined}
                data-autofocus={i === 0 ? "" : undefined}
                onChange={(e: FormEvent<HTMLInputElement>) => update(toggleOption(r, chosen, option, e.currentTarget.checked))}
                className="size-5 shrink-0 cursor-pointer accent-brand-600 focus-visible:outline-none"
              />
              {OPTION_ICONS[option] ? <Glyph paths={OPTION_ICONS[option]} className="size-5 text-brand-600" /> : null}
              {option}
            </label>
          ))}
        </div>
        <FieldError id={ids.error} error={error} />
      </fieldset>
    );
  };

  return (
    <>
      <Modal
        open={open}
        id={ID}
        title={texts.title}
        description={texts.description}
        closeLabel={texts.closeLabel}
        onClose={() => setOpen(false)}
        returnTo={() => trigger.current}
      >
        <div>
          <div className="flex items-baseline justify-between gap-4 text-sm">
            <span id={ids.step} className="font-semibold text-ink-900">
              {fill(texts.stepLabel, { step: p.step, total: p.total })}
            </span>
            <span className="text-ink-600 tabular-nums">{fill(texts.progressLabel, { percent: p.percent })}</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={ids.step}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={p.percent}
            aria-valuetext={fill(texts.progressLabel, { percent: p.percent })}
            className="mt-2 h-2 overflow-hidden rounded-full bg-ink-100"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300 ease-out motion-reduce:transition-none" style={{ width: `${p.percent}%` }} />
          </div>
        </div>

        <div aria-live="polite">
          {offer ? (
            <div id={ids.offer} className="mt-5 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
              <p className="flex items-start gap-2.5 font-medium">
                <Glyph paths={["M3 12a9 9 0 1 0 3-6.7L3 8", "M3 3v5h5", "M12 7v5l3 2"]} className="mt-px size-4 text-brand-700" />
                {offer.failed ? texts.resume.failed : texts.resume.draft}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="button" className={buttonClass("default", "sm")} onClick={() => resume(offer, offer.failed)}>
                  {offer.failed ? texts.resume.send : texts.resume.continue}
                </button>
                <button type="button" className={buttonClass("outline", "sm", "bg-white text-ink-800")} onClick={startOver}>
                  {texts.resume.startOver}
                </button>
              </div>
            </div>
          ) : null}
        </div>

        <form key={rule.field} noValidate onSubmit={onSubmit} className="mt-6">
          {honeypot ? (
            // The honeypot: off-screen, out of the tab order and hidden from assistive technology.
            <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
              <label htmlFor={`${ID}-${HONEYPOT_FIELD}`}>Website</label>
              <input id={`${ID}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>
          ) : null}
          <div ref={stepRoot}>
            <h3 id={ids.question} className="text-xl font-semibold tracking-tight text-balance text-ink-900">
              {step.question}
            </h3>
            {rule.kind === "text" ? textField(rule) : choiceField(rule)}
          </div>

          {last ? (
            <p className="mt-5 flex items-start gap-2.5 rounded-lg bg-brand-50 px-3.5 py-3 text-sm text-brand-800">
              <Glyph paths={["M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z", "M22 6l-10 7L2 6"]} className="mt-px size-4" />
              {texts.resultNote}
            </p>
          ) : null}
          {last && askConsent ? (
            <div className="mt-5">
              <label className="flex cursor-pointer items-start gap-3 text-sm text-ink-800">
                <input
                  ref={consentBox}
                  id={ids.consent}
                  type="checkbox"
                  name="consent"
                  checked={consentAt !== undefined}
                  disabled={busy}
                  aria-invalid={consentError ? true : undefined}
                  aria-describedby={consentError ? ids.consentError : undefined}
                  onChange={(e: FormEvent<HTMLInputElement>) => onConsent(e.currentTarget.checked)}
                  className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-600"
                />
                <span>{texts.consent.label}</span>
              </label>
              <FieldError id={ids.consentError} error={consentError ? texts.consent.error : undefined} />
            </div>
          ) : null}
          {last ? (
            <div id={ids.failure} role="alert" aria-live="polite">
              {status === "failed" ? (
                <p className="mt-4 flex items-start gap-2.5 rounded-lg border border-danger-600/30 bg-danger-600/5 px-3.5 py-3 text-sm font-medium text-danger-700">
                  <Glyph paths={ALERT} className="mt-px size-4" />
                  {texts.failureMessage}
                </p>
              ) : null}
            </div>
          ) : null}

          <div className="mt-6 flex items-center justify-between gap-3">
            <button type="button" className={buttonClass("outline", "lg", "text-ink-800")} disabled={!canGoBack(state) || busy} onClick={() => setState(back)}>
              <Glyph paths={["M19 12H5", "M11 18l-6-6 6-6"]} className="size-4" />
              {texts.back}
            </button>
            <button type="submit" className={buttonClass("default", "lg", "min-w-36 aria-disabled:cursor-progress aria-disabled:opacity-80")} aria-disabled={busy ? true : undefined}>
              {busy ? (
                <svg className="size-4 animate-spin motion-reduce:animate-none" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
                  <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
                </svg>
              ) : null}
              {last ? (busy ? texts.submitting : texts.submit) : texts.next}
              {!last ? <Glyph paths={["M5 12h14", "M13 6l6 6-6 6"]} className="size-4" /> : null}
            </button>
          </div>
        </form>

        <p className="mt-6 flex items-start gap-2 border-t border-ink-100 pt-4 text-xs leading-relaxed text-ink-600">
          <Glyph paths={["M6 10V8a6 6 0 1 1 12 0v2", "M5 10h14a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1z", "M12 15v2"]} className="mt-px size-4 text-ink-500" />
          {texts.privacyNote}
        </p>
      </Modal>
      <Toaster api={toasts} dismissLabel={texts.closeLabel} />
    </>
  );
}
