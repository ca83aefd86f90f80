/**
 * The Studio's panels and dialogs: every problem of the site, the changes since the
 * last commit (with a diff and "discard"), the conflict prompt, and the page
 * operations (new, rename, delete). Dialogs are native modal <dialog>s: labelled,
 * Escape closes them, focus returns where it was.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { ChangesReply, DiffReply, NewPageRequest, PageOpReply, RenamePageRequest, SaveConflict, StudioFileEntry, StudioIssue } from "../protocol.ts";
import { fieldInWords } from "../words.ts";
import { get, post } from "./api.ts";
import { issueText } from "./pointer.ts";

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

export function ProblemsPanel({ issues, onClose, onPick }: { issues: StudioIssue[]; onClose: () => void; onPick: (i: StudioIssue) => void }) {
  const errors = issues.filter((i) => i.severity === "error").length;
  return (
    <aside className="st-panel" aria-labelledby="st-problems-title">
      <div className="st-panel-head">
        <h2 id="st-problems-title">Problems in the site</h2>
        <button type="button" className="st-button" onClick={onClose}>
          Close
        </button>
      </div>
      <p>{issues.length === 0 ? "No problems: the site builds." : `${errors} ${errors === 1 ? "error" : "errors"}, ${issues.length - errors} ${issues.length - errors === 1 ? "warning" : "warnings"}. The build reports the same.`}</p>
      <ul className="st-problems">
        {issues.map((i, n) => (
          <li key={n} className={i.severity === "error" ? "st-problem-error" : "st-problem-warning"}>
            <button type="button" className="st-problem" onClick={() => onPick(i)}>
              <span className="st-problem-where">
                {i.severity === "error" ? "Error" : "Warning"} · {i.file}:{i.line}:{i.column}
              </span>
              <span>{issueText(i)}</span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}

export function ChangesPanel({ changes, onClose, onDiscarded }: { changes: ChangesReply; onClose: () => void; onDiscarded: (path: string) => Promise<void> }) {
  const [diff, setDiff] = useState<DiffReply>();
  const [confirm, setConfirm] = useState<string>();
  const [message, setMessage] = useState("");
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
        <h2 id="st-changes-title">Changes since the last commit</h2>
        <button type="button" className="st-button" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="st-help">To publish, commit these files with git (GitHub Desktop, or the GitHub web page): CONTENT.md explains how.</p>
      <p role="status">{message}</p>
      {changes.files.length === 0 ? (
        <p>No changes: the content is as it was committed.</p>
      ) : (
        <ul className="st-changes">
          {changes.files.map((f) => (
            <li key={f.path}>
              <span className={`st-change st-change-${f.status}`}>{f.status}</span> {f.path}{" "}
              <button type="button" className="st-mini" onClick={() => void show(f.path)}>
                Show changes
              </button>{" "}
              <button type="button" className="st-mini st-danger" onClick={() => setConfirm(f.path)}>
                Discard changes
              </button>
            </li>
          ))}
        </ul>
      )}
      {diff && (
        <figure className="st-diff">
          <figcaption>{diff.path}</figcaption>
          <pre tabIndex={0} aria-label={`Changes in ${diff.path}`}>
            {diff.diff.split("\n").map((line, n) => (
              <span key={n} className={line.startsWith("+") && !line.startsWith("+++") ? "st-add-line" : line.startsWith("-") && !line.startsWith("---") ? "st-del-line" : undefined}>
                {line}
                {"\n"}
              </span>
            ))}
          </pre>
        </figure>
      )}
      {confirm && (
        <Modal title="Discard changes?" role="alertdialog" onClose={() => setConfirm(undefined)}>
          <p>
            {confirm} goes back to how it was at the last commit. What changed since is lost.
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
                  await post("/api/discard", { path });
                  setDiff(undefined);
                  setMessage(`Discarded the changes to ${path}.`);
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
              {l.file} {l.pointer}
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

export function NewPageDialog({ pages, onClose, onCreate }: { pages: StudioFileEntry[]; onClose: () => void; onCreate: (body: NewPageRequest) => Promise<PageOpReply> }) {
  const [address, setAddress] = useState("/");
  const [title, setTitle] = useState("");
  const [from, setFrom] = useState("");
  return (
    <PageOpDialog title="New page" act="Create page" onClose={onClose} run={() => onCreate({ address, title, ...(from ? { from } : {}) })}>
      <label>
        Address
        <input required value={address} onChange={(e) => setAddress(e.target.value)} aria-describedby="st-new-address-help" />
      </label>
      <p id="st-new-address-help" className="st-help">
        Starts with /, in lower-case letters, digits and dashes: /about/team.
      </p>
      <label>
        Title
        <input required minLength={3} value={title} onChange={(e) => setTitle(e.target.value)} />
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
