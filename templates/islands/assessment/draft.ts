/**
 * What the wizard keeps in the browser tab (runtime/form-draft.ts) while the visitor
 * answers: the step, the answers, when the wizard was opened (for leads.minFillSeconds),
 * whether sending failed, when consent was given, and whether the honeypot was filled.
 * acceptDraft checks what is read back against the rules of today's page: a draft
 * from an older page whose fields differ is ignored, never half-restored.
 */
import { emptyAnswers, type Answers, type LeadRules } from "./rules.ts";

export const DRAFT_KEY = "bos:assessment";

export interface WizardDraft {
  v: 1;
  /** 1-based, the step the visitor was on. */
  step: number;
  answers: Answers;
  /** When the wizard was opened for these answers (ms since the epoch). */
  startedAt: number;
  /** Every answer was given and sending failed. */
  failed: boolean;
  /** When the consent box was ticked (ISO 8601), if it was. */
  consentAt?: string | undefined;
  /** The honeypot was filled in: a robot. */
  trapped?: boolean | undefined;
}

export function acceptDraft(rules: LeadRules): (value: unknown) => WizardDraft | undefined {
  return (value) => {
    if (!value || typeof value !== "object") return undefined;
    const d = value as Partial<WizardDraft>;
    if (d.v !== 1 || !Number.isInteger(d.step) || d.step! < 1 || d.step! > rules.fields.length) return undefined;
    if (typeof d.startedAt !== "number" || typeof d.failed !== "boolean" || !d.answers || typeof d.answers !== "object") return undefined;
    if (d.consentAt !== undefined && typeof d.consentAt !== "string") return undefined;
    const answers = emptyAnswers(rules);
    for (const rule of rules.fields) {
      const kept = (d.answers as Record<string, unknown>)[rule.field];
      if (rule.kind === "text" && typeof kept === "string") answers[rule.field] = kept;
      else if (rule.kind === "choice" && Array.isArray(kept)) answers[rule.field] = kept.filter((o): o is string => typeof o === "string" && rule.options.includes(o));
      else return undefined;
    }
    return { v: 1, step: d.step!, answers, startedAt: d.startedAt, failed: d.failed, consentAt: d.consentAt, trapped: d.trapped === true };
  };
}

/** Whether answers hold anything worth offering back (a text with more than spaces, or a ticked option). */
export function hasAnswers(answers: Answers): boolean {
  return Object.values(answers).some((v) => (Array.isArray(v) ? v.length > 0 : v.trim() !== ""));
}
