/**
 * The Studio's panels and dialogs: every problem of the site, the changes not yet
 * published (field by field, with "discard"), Publish, a file's History, the conflict prompt, and the page
 * operations (new, rename, delete). Dialogs are native modal <dialog>s: labelled,
 * Escape closes them, focus returns where it was.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { ChangesReply, DiffReply, HistoryReply, NewPageRequest, PageOpReply, PublishReply, RenamePageRequest, SaveConflict, StudioFileEntry, StudioIssue, VersionReply } from "../protocol.ts";
import { fieldInWords } from "../words.ts";
import { get, post } from "./api.ts";
import { issueDetails, issueText } from "./pointer.ts";

function Modal({ title, onClose, children, role = "dialog" }: { title: string; onClose: () => void; children: ReactNode; role?: "dialog" | "alertdialog" }) {
  const ref = useRef<HTMLDialogElement>(null);
  const back = useRef<Element | null>(null);
  const id = `st-modal-${title.replace(/\W+/g, "-").toLowerCase()}`;
  useEffect(() => {
    back.current = document.activeElement;
    ref.current?.showModal();
    return () => (back.current as HTMLElement | null)?.focus?.();
  }, []);
  return (
    <dialog ref={ref} className="st-dialog" role={role === "alertdialog" ? "alertdialog" : undefined} aria-labelledby={id} onClose={onClose} onCancel={(e) => (e.preventDefault(), onClose())}>
      <h2 id={id}>{title}</h2>
      {children}
    </dialog>
  );
}

/** `dataOf`: an open file's data as the form has it, so that list items are named by what they say. */
export function ProblemsPanel({ issues, files, dataOf, onClose, onPick }: { issues: StudioIssue[]; files: StudioFileEntry[]; dataOf: (path: string) => unknown; onClose: () => void; onPick: (i: StudioIssue) => void }) {
  const errors = issues.filter((i) => i.severity === "error").length;
  return (
    <aside className="st-panel" aria-labelledby="st-problems-title">
      <div className="st-panel-head">
        <h2 id="st-problems-title">Problems in the site</h2>
        <button type="button" className="st-button" onClick={onClose}>
          Close
        </button>
      </div>
      <p>{issues.length === 0 ? "No problems: the site builds." : `${errors} ${errors === 1 ? "error" : "errors"} (the site cannot be published until they are fixed), ${issues.length - errors} ${issues.length - errors === 1 ? "warning" : "warnings"} (worth a look; they do not stop anything).`}</p>
      <ul className="st-problems">
        {issues.map((i, n) => (
          <li key={n} className={i.severity === "error" ? "st-problem-error" : "st-problem-warning"}>
            <button type="button" className="st-problem" onClick={() => onPick(i)}>
              <span className="st-problem-where">
                {i.severity === "error" ? "Error" : "Warning"} · {files.find((f) => f.path === i.file)?.label ?? i.file}
                {i.pointer ? ` · ${fieldInWords(i.pointer, dataOf(i.file))}` : ""}
              </span>
              <span>{issueText(i)}</span>
            </button>
            <details className="st-problem-details">
              <summary>Details for developers</summary>
              <code>{issueDetails(i)}</code>
            </details>
          </li>
        ))}
      </ul>
    </aside>
  );
}

const STATUS_WORDS: Record<string, string> = { modified: "Changed", added: "New", untracked: "New", deleted: "Removed" };

/** A file's name as the editor knows it: its label in the file list, else its path. */
/** A file as the editor knows it: its page's title, or "Plans", "Site settings"; its path only when the site does not list it. */
export const labelOf = (files: StudioFileEntry[], path: string) => files.find((f) => f.path === path)?.label ?? path;

export function ChangesPanel({ changes, files, onClose, onDiscarded }: { changes: ChangesReply; files: StudioFileEntry[]; onClose: () => void; onDiscarded: (path: string) => Promise<void> }) {
  const [diff, setDiff] = useState<DiffReply>();
  const [confirm, setConfirm] = useState<string>();
  const [message, setMessage] = useState("");
  const [refused, setRefused] = useState<PageOpReply>();
  const show = async (path: string) => {
    try {
      setDiff(await get<DiffReply>(`/api/diff?path=${encodeURIComponent(path)}`));
    } catch (e) {
      setMessage((e as Error).message);
    }
  };
  return (
    <aside className="st-panel st-panel-wide" aria-labelledby="st-changes-title">
      <div className="st-panel-head">
        <h2 id="st-changes-title">Changes not yet published</h2>
        <button type="button" className="st-button" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="st-help">Saved changes stay on this computer until you publish them (Publish, at the top).</p>
      <p role="status">{message}</p>
      <OpResult reply={refused} />
      {changes.files.length === 0 ? (
        <p>No changes: the content is as it was last published.</p>
      ) : (
        <ul className="st-changes">
          {changes.files.map((f) => (
            <li key={f.path}>
              <span className={`st-change st-change-${f.status}`}>{STATUS_WORDS[f.status]}</span> {labelOf(files, f.path)}{" "}
              <button type="button" className="st-mini" onClick={() => void show(f.path)} aria-label={`Show the changes to ${labelOf(files, f.path)}`}>
                Show changes
              </button>{" "}
              <button type="button" className="st-mini st-danger" onClick={() => setConfirm(f.path)} aria-label={`Discard the changes to ${labelOf(files, f.path)}`}>
                Discard changes
              </button>
            </li>
          ))}
        </ul>
      )}
      {diff && (
        <section className="st-diff" aria-labelledby="st-diff-title">
          <h3 id="st-diff-title">{labelOf(files, diff.path)}: {diff.status === "deleted" ? "removed" : diff.status === "modified" ? "what changed" : "a new file"}</h3>
          {diff.fields.length > 0 && diff.status === "modified" ? (
            <table className="st-field-changes">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Before</th>
                  <th scope="col">Now</th>
                </tr>
              </thead>
              <tbody>
                {diff.fields.map((f) => (
                  <tr key={f.pointer}>
                    <th scope="row">{fieldInWords(f.pointer)}</th>
                    <td>{shown(f.before)}</td>
                    <td>{shown(f.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : diff.status !== "modified" ? null : (
            <p>Only the file's layout changed (spacing or order), not what it says.</p>
          )}
          {diff.diff && (
            <details>
              <summary>Show the file's text as changed</summary>
              <pre tabIndex={0} aria-label={`Changes in ${diff.path}`}>
                {diff.diff.split("\n").map((line, n) => (
                  <span key={n} className={line.startsWith("+") && !line.startsWith("+++") ? "st-add-line" : line.startsWith("-") && !line.startsWith("---") ? "st-del-line" : undefined}>
                    {line}
                    {"\n"}
                  </span>
                ))}
              </pre>
            </details>
          )}
        </section>
      )}
      {confirm && (
        <Modal title="Discard changes?" role="alertdialog" onClose={() => setConfirm(undefined)}>
          <p>
            {labelOf(files, confirm)} goes back to how it was when last published. What changed since is lost.
          </p>
          <div className="st-dialog-actions">
            <button type="button" className="st-button" onClick={() => setConfirm(undefined)}>
              Keep changes
            </button>
            <button
              type="button"
              className="st-button st-danger"
              onClick={async () => {
                const path = confirm;
                setConfirm(undefined);
                try {
                  const r = await post<PageOpReply>("/api/discard", { path });
                  if (!r.ok) {
                    setRefused(r);
                    return;
                  }
                  setRefused(undefined);
                  setDiff(undefined);
                  setMessage(`Discarded the changes to ${labelOf(files, path)}.`);
                  await onDiscarded(path);
                } catch (e) {
                  setMessage((e as Error).message);
                }
              }}
            >
              Discard
            </button>
          </div>
        </Modal>
      )}
    </aside>
  );
}

/** Publish: what changed in words, a message, then each step's result (git.ts publish). */
export function PublishDialog({ files, unsaved, onClose, onPublished }: { files: StudioFileEntry[]; unsaved: string[]; onClose: () => void; onPublished: () => void }) {
  const [changes, setChanges] = useState<ChangesReply>();
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<PublishReply>();
  const [error, setError] = useState("");
  useEffect(() => {
    get<ChangesReply>("/api/changes").then(setChanges, (e: Error) => setError(e.message));
  }, []);
  const names = changes?.files.map((f) => labelOf(files, f.path)) ?? [];
  const suggested = names.length ? `Update ${names.slice(0, 3).join(", ")}${names.length > 3 ? ` and ${names.length - 3} more` : ""}` : "";
  return (
    <Modal title="Publish the changes" onClose={onClose}>
      {!changes && !error && <p aria-busy="true">Looking for changes…</p>}
      {error && <p role="alert">{error}</p>}
      {changes && changes.files.length === 0 && !reply && <p>Nothing to publish: every saved change is published already.</p>}
      {changes && changes.files.length > 0 && !reply && (
        <form
          className="st-form"
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            try {
              const r = await post<PublishReply>("/api/publish", { message: message.trim() || suggested });
              setReply(r);
              if (r.ok) onPublished();
            } catch (err) {
              setError((err as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          <p>
            {changes.reviewBranch
              ? `These saved changes will be sent for review, to the branch “${changes.reviewBranch}”: the site changes once someone merges them.`
              : "These saved changes will be published:"}
          </p>
          <ul className="st-changes">
            {changes.files.map((f) => (
              <li key={f.path}>
                <span className={`st-change st-change-${f.status}`}>{STATUS_WORDS[f.status]}</span> {labelOf(files, f.path)}
              </li>
            ))}
          </ul>
          {unsaved.length > 0 && (
            <p className="st-alert" role="note">
              Not saved yet, so not published: {unsaved.map((p) => labelOf(files, p)).join(", ")}. Save {unsaved.length === 1 ? "it" : "them"} first to include {unsaved.length === 1 ? "it" : "them"}.
            </p>
          )}
          <label>
            What changed (kept with this version)
            <input type="text" value={message} placeholder={suggested} onChange={(e) => setMessage(e.target.value)} />
          </label>
          <div className="st-dialog-actions">
            <button type="button" className="st-button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="st-button st-primary" disabled={busy}>
              {busy ? "Publishing…" : "Publish"}
            </button>
          </div>
        </form>
      )}
      {reply && (
        <>
          <ol className="st-steps" aria-label="What happened">
            {reply.steps.map((step, n) => (
              <li key={n} className={step.ok ? "st-step-ok" : "st-step-failed"}>
                <span aria-hidden="true">{step.ok ? "✓" : "✕"}</span> <span className="st-visually-hidden">{step.ok ? "Done:" : "Failed:"}</span> {step.text}
              </li>
            ))}
          </ol>
          <div className="st-dialog-actions">
            <button type="button" className="st-button st-primary" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

/** The earlier versions of one file; choosing one loads it into the form as an unsaved change (History). */
export function HistoryPanel({ path, label, onClose, onShow }: { path: string; label: string; onClose: () => void; onShow: (version: HistoryReply["versions"][number], data: unknown) => void }) {
  const [versions, setVersions] = useState<HistoryReply["versions"]>();
  const [message, setMessage] = useState("");
  useEffect(() => {
    get<HistoryReply>(`/api/history?path=${encodeURIComponent(path)}`).then((r) => setVersions(r.versions), (e: Error) => setMessage(e.message));
  }, [path]);
  const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return (
    <aside className="st-panel" aria-labelledby="st-history-title">
      <div className="st-panel-head">
        <h2 id="st-history-title">Earlier versions of {label}</h2>
        <button type="button" className="st-button" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="st-help">Showing a version puts it in the form and the preview as an unsaved change: save to restore it, or undo to go back.</p>
      <p role="status">{message}</p>
      {versions && versions.length === 0 && <p>No earlier versions: this file has not been published yet.</p>}
      {versions && versions.length > 0 && (
        <ol className="st-versions">
          {versions.map((v) => (
            <li key={v.commit}>
              <span className="st-version-when">{when(v.date)}</span> · {v.author}
              <span className="st-version-what">{v.message}</span>
              <button
                type="button"
                className="st-mini"
                aria-label={`Show the version of ${when(v.date)}`}
                onClick={async () => {
                  try {
                    const r = await get<VersionReply>(`/api/version?path=${encodeURIComponent(path)}&commit=${v.commit}`);
                    if (r.data === undefined) setMessage(`${label} did not exist in the version of ${when(v.date)}.`);
                    else onShow(v, r.data);
                  } catch (e) {
                    setMessage((e as Error).message);
                  }
                }}
              >
                Show this version
              </button>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}

/** A value as the editor would recognise it: text as it reads, anything else in short. */
function shown(value: unknown): string {
  if (value === undefined || value === null || value === "") return "(empty)";
  if (typeof value === "string") return value.length > 400 ? `${value.slice(0, 400)}…` : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? "item" : "items"}: ${value.map((v) => (typeof v === "object" && v ? Object.values(v).find((x) => typeof x === "string") ?? "…" : String(v))).join("; ")}`.slice(0, 400);
  const words = Object.values(value as Record<string, unknown>).filter((x) => typeof x === "string");
  return words.length ? words.join(" · ").slice(0, 400) : "(a group of fields)";
}

/**
 * Fields changed both here and elsewhere (another tab, another editor, a pull) since this file
 * was opened. Everything else was merged already. Each field shows both versions; nothing is
 * chosen for the editor, and closing the dialog keeps the unsaved edit in the form.
 */
export function ConflictDialog({ path, conflicts, onSave, onCancel }: { path: string; conflicts: SaveConflict[]; onSave: (choices: ("mine" | "theirs")[]) => void; onCancel: () => void }) {
  const [choices, setChoices] = useState<("mine" | "theirs" | undefined)[]>(() => conflicts.map(() => undefined));
  const whole = conflicts.length === 1 && conflicts[0]!.pointer === "";
  const ready = choices.every(Boolean);
  return (
    <Modal title="Changed here and elsewhere" role="alertdialog" onClose={onCancel}>
      <p>
        Someone changed {path} (in another tab, another editor, or by updating the files) after you opened it.{" "}
        {whole ? "Choose which version to keep." : `Their other changes are kept with yours. ${conflicts.length === 1 ? "This field was" : "These fields were"} changed on both sides: choose which version to keep.`}
      </p>
      {conflicts.map((c, n) => (
        <fieldset key={c.pointer} className="st-conflict">
          <legend>{fieldInWords(c.pointer)}</legend>
          {(["mine", "theirs"] as const).map((side) => (
            <label key={side} className="st-conflict-choice">
              <input type="radio" name={`conflict-${n}`} checked={choices[n] === side} onChange={() => setChoices((all) => all.map((x, i) => (i === n ? side : x)))} />
              <span>
                <strong>{side === "mine" ? "Your version" : "The other version"}</strong>
                <span className="st-conflict-value">{whole ? (side === "mine" ? "Your edits in this tab" : "The file as it is now") : shown(c[side])}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ))}
      <div className="st-dialog-actions">
        <button type="button" className="st-button" onClick={onCancel}>
          Not now (keep editing)
        </button>
        <button type="button" className="st-button st-primary" disabled={!ready} onClick={() => onSave(choices as ("mine" | "theirs")[])}>
          Save with these choices
        </button>
      </div>
    </Modal>
  );
}

function OpResult({ reply }: { reply: PageOpReply | undefined }) {
  if (!reply || reply.ok) return null;
  return (
    <div role="alert" className="st-alert">
      <p>{reply.message}</p>
      {reply.linkedFrom && (
        <ul>
          {reply.linkedFrom.map((l, n) => (
            <li key={n}>
              {l.file}, {fieldInWords(l.pointer).toLowerCase()}{l.message ? `: ${l.message}` : ""}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A page operation's dialog: its fields, the server's refusal when there is one (what
 * links to the page), and Cancel beside the operation's button, which sends `run`.
 */
function PageOpDialog(props: { title: string; alert?: boolean; cancel?: string; act: string; danger?: boolean; disabled?: boolean; onClose: () => void; run: () => Promise<PageOpReply>; children: ReactNode }) {
  const [reply, setReply] = useState<PageOpReply>();
  return (
    <Modal title={props.title} role={props.alert ? "alertdialog" : "dialog"} onClose={props.onClose}>
      <form
        className="st-form"
        onSubmit={async (e) => {
          e.preventDefault();
          setReply(await props.run());
        }}
      >
        {props.children}
        <OpResult reply={reply} />
        <div className="st-dialog-actions">
          <button type="button" className="st-button" onClick={props.onClose}>
            {props.cancel ?? "Cancel"}
          </button>
          <button type="submit" className={`st-button ${props.danger ? "st-danger" : "st-primary"}`} disabled={props.disabled}>
            {props.act}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A title as an address's last part: lower-case letters, digits and dashes ("Spring Webinar 2027!" -> "spring-webinar-2027"). */
export function addressWords(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function NewPageDialog({ pages, onClose, onCreate }: { pages: StudioFileEntry[]; onClose: () => void; onCreate: (body: NewPageRequest) => Promise<PageOpReply> }) {
  const [address, setAddress] = useState("/");
  const [title, setTitle] = useState("");
  const [from, setFrom] = useState("");
  /** Until the address is typed in, it follows the title: "Spring webinar" -> /spring-webinar. */
  const [typed, setTyped] = useState(false);
  return (
    <PageOpDialog title="New page" act="Create page" onClose={onClose} run={() => onCreate({ address, title, ...(from ? { from } : {}) })}>
      <label>
        Address
        <input
          required
          value={address}
          onChange={(e) => {
            setTyped(true);
            setAddress(e.target.value);
          }}
          aria-describedby="st-new-address-help"
        />
      </label>
      <p id="st-new-address-help" className="st-help">
        Starts with /, in lower-case letters, digits and dashes: /about/team.
      </p>
      <label>
        Title
        <input
          required
          minLength={3}
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            if (!typed) setAddress(`/${addressWords(e.target.value)}`);
          }}
        />
      </label>
      <label>
        Start from
        <select value={from} onChange={(e) => setFrom(e.target.value)}>
          <option value="">A blank page with a hero</option>
          {pages.map((p) => (
            <option key={p.path} value={p.path}>
              A copy of {p.label} ({p.address})
            </option>
          ))}
        </select>
      </label>
    </PageOpDialog>
  );
}

export function RenamePageDialog({ entry, unsaved, onClose, onRename }: { entry: StudioFileEntry; unsaved: boolean; onClose: () => void; onRename: (body: RenamePageRequest) => Promise<PageOpReply> }) {
  const [address, setAddress] = useState(entry.address ?? "/");
  const [keepAlias, setKeepAlias] = useState(true);
  const [updateLinks, setUpdateLinks] = useState(true);
  return (
    <PageOpDialog title="Rename page" act="Rename" disabled={unsaved} onClose={onClose} run={() => onRename({ path: entry.path, address, keepAlias, updateLinks })}>
      {unsaved && <p className="st-alert">Save or undo this page’s changes first: renaming moves the saved file.</p>}
      <label>
        New address
        <input required value={address} onChange={(e) => setAddress(e.target.value)} />
      </label>
      <label className="st-check">
        <input type="checkbox" checked={keepAlias} onChange={(e) => setKeepAlias(e.target.checked)} /> Keep {entry.address} working (it shows the same page)
      </label>
      <label className="st-check">
        <input type="checkbox" checked={updateLinks} onChange={(e) => setUpdateLinks(e.target.checked)} /> Update every link to {entry.address} in the site
      </label>
    </PageOpDialog>
  );
}

export function DeletePageDialog({ entry, onClose, onDelete }: { entry: StudioFileEntry; onClose: () => void; onDelete: () => Promise<PageOpReply> }) {
  return (
    <PageOpDialog title="Delete page?" alert cancel="Keep the page" act="Delete page" danger onClose={onClose} run={onDelete}>
      <p>
        {entry.label} ({entry.address}) and its file {entry.path} will be deleted.
      </p>
    </PageOpDialog>
  );
}
