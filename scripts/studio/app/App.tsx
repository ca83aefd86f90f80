/**
 * The Studio's screen: the site's content on the left (pages by address, settings,
 * records, entries), the open file's form in the middle, the preview on the right.
 *
 * State that must never be lost lives here: every open file's unsaved data (switching
 * files keeps it), its undo/redo history, and the version it was opened at (a save
 * names it, so a file changed on disk since is never silently overwritten). Each change
 * is sent as a draft: the server checks the whole site with it and renders the page.
 */
import Form from "@rjsf/core";
import type { IChangeEvent } from "@rjsf/core";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ChangesReply, PageOpReply, SaveConflict, SaveReply, StudioAsset, StudioFile, StudioFileEntry, StudioIssue, StudioSchemas, StudioSite, UploadReply } from "../protocol.ts";
import { ApiError, get, post, postDraft } from "./api.ts";
import { StudioContext, type StudioContextValue } from "./context.ts";
import { ChangesPanel, ConflictDialog, DeletePageDialog, HistoryPanel, labelOf, NewPageDialog, ProblemsPanel, PublishDialog, RenamePageDialog } from "./panels.tsx";
import { errorTree, fieldId, findText, issueText, setAt } from "./pointer.ts";
import { mergeData } from "../merge.ts";
import { fieldInWords, listInWords } from "../words.ts";
import { Preview, previewSource } from "./Preview.tsx";
import { fields, SectionsProvider, templates, uiSchema, validator, widgets } from "./form.tsx";

interface Open {
  file: StudioFile;
  /** History of the data: [0] as opened or last saved; `at` is the current one. */
  history: unknown[];
  at: number;
  /** When the last change was recorded (typing within a moment is one undo step). */
  lastChange: number;
  savedAt: number;
}

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function App() {
  const [site, setSite] = useState<StudioSite>();
  const [schemas, setSchemas] = useState<StudioSchemas>();
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState<Record<string, Open>>({});
  const [current, setCurrent] = useState<string>();
  const [address, setAddress] = useState("/");
  const [issues, setIssues] = useState<StudioIssue[]>([]);
  const [preview] = useState(previewSource);
  const [previewStale, setPreviewStale] = useState(false);
  /** Whether the site has been checked once: until then the Problems count is not known (the first start builds the site). */
  const [checked, setChecked] = useState(false);
  const [panel, setPanel] = useState<"problems" | "changes" | "history" | undefined>();
  const [status, setStatus] = useState("");
  /** What changed on disk outside this tab (onDiskChange), beside what this tab's own actions did. */
  const [diskNote, setDiskNote] = useState("");
  /** The first problem of a save refused for its file's problems: a button beside the status goes to it, however far down the form. */
  const [problemAt, setProblemAt] = useState<{ path: string; pointer: string }>();
  /** The last page moved (Rename), while it can be moved back: "Undo the move" beside the status. */
  const [moved, setMoved] = useState<{ path: string; from: string; to: string }>();
  /** A save refused because it would break other files: their problems, each a place to go. */
  const [broken, setBroken] = useState<{ path: string; issues: StudioIssue[] }>();
  const [conflict, setConflict] = useState<{ path: string; disk: StudioFile; merged: unknown; conflicts: SaveConflict[] }>();
  const [dialog, setDialog] = useState<"new" | "rename" | "delete" | "publish" | undefined>();
  const [filter, setFilter] = useState("");
  const [changes, setChanges] = useState<ChangesReply>();
  const openRef = useRef(open);
  openRef.current = open;

  const refreshSite = useCallback(async () => setSite(await get<StudioSite>("/api/site")), []);
  useEffect(() => {
    Promise.all([get<StudioSite>("/api/site"), get<StudioSchemas>("/api/schemas")])
      .then(([s, sc]) => {
        setSite(s);
        setSchemas(sc);
        const home = s.files.find((f) => f.address === "/") ?? s.files[0];
        if (home) void openFile(home.path);
      })
      .catch((e: Error) => setError(e.message));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const dirty = useMemo(() => Object.values(open).filter((o) => !equal(o.history[o.at], o.history[o.savedAt])), [open]);
  const dirtyPaths = new Set(dirty.map((o) => o.file.path));

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty.length === 0) return;
      e.preventDefault();
      e.returnValue = "";
    };
    addEventListener("beforeunload", warn);
    return () => removeEventListener("beforeunload", warn);
  }, [dirty.length]);

  async function openFile(path: string, focus?: string) {
    const entry = site?.files.find((f) => f.path === path);
    if (entry?.address) setAddress(entry.address);
    // A collection: the preview goes to a page that shows it, unless it shows one already.
    else if (entry?.shownOn?.length && !entry.shownOn.includes(addressRef.current)) setAddress(entry.shownOn[0]!);
    if (!openRef.current[path]) {
      try {
        const file = await get<StudioFile>(`/api/file?path=${encodeURIComponent(path)}`);
        setOpen((o) => ({ ...o, [path]: { file, history: [file.data], at: 0, lastChange: 0, savedAt: 0 } }));
      } catch (e) {
        setStatus((e as Error).message);
        return;
      }
    }
    setCurrent(path);
    if (focus !== undefined) focusField(focus);
  }

  // Each change: the drafts of every unsaved file, checked and rendered by the server.
  const inFlight = useRef(false);
  const pending = useRef(false);
  const sendDraft = useCallback(async () => {
    if (inFlight.current) {
      pending.current = true;
      return;
    }
    inFlight.current = true;
    try {
      const drafts: Record<string, unknown> = {};
      for (const o of Object.values(openRef.current)) if (!equal(o.history[o.at], o.history[o.savedAt])) drafts[o.file.path] = o.history[o.at];
      const { reply, html } = await postDraft({ drafts, address: addressRef.current });
      // For the bench and the tests: each reply's server time, issues and render (without its HTML).
      document.dispatchEvent(new CustomEvent("studio-draft", { detail: { ms: reply.ms, superseded: reply.superseded === true, issues: reply.issues, preview: reply.preview } }));
      if (!reply.superseded) {
        setChecked(true);
        // Unchanged issues (most keystrokes) leave the app's state as it is: no render of the form.
        setIssues((was) => (JSON.stringify(was) === JSON.stringify(reply.issues) ? was : reply.issues));
        if (reply.preview) preview.set({ src: reply.preview, ...(html.byteLength ? { html } : {}) });
        // With a mistake in the drafts, the page is not rendered: the preview says it shows the last version without one.
        setPreviewStale(!reply.preview && reply.issues.some((i) => i.severity === "error"));
      }
    } catch (e) {
      setStatus((e as Error).message);
    } finally {
      inFlight.current = false;
      if (pending.current) {
        pending.current = false;
        void sendDraft();
      }
    }
  }, []);
  const addressRef = useRef(address);
  addressRef.current = address;
  useEffect(() => {
    if (schemas) void sendDraft();
  }, [open, address, schemas, sendDraft]);

  const change = (path: string, data: unknown) =>
    setOpen((all) => {
      const o = all[path];
      if (!o || equal(o.history[o.at], data)) return all;
      const now = Date.now();
      const merge = now - o.lastChange < 600 && o.at > o.savedAt;
      const history = [...o.history.slice(0, merge ? o.at : o.at + 1), data].slice(-200);
      return { ...all, [path]: { ...o, history, at: history.length - 1, lastChange: now, savedAt: Math.min(o.savedAt, history.length - 1) } };
    });

  /** Puts `data` in the form as a step of its own (an earlier version shown from History): unsaved, undoable. */
  const load = (path: string, data: unknown) =>
    setOpen((all) => {
      const o = all[path];
      if (!o || equal(o.history[o.at], data)) return all;
      const history = [...o.history.slice(0, o.at + 1), data].slice(-200);
      return { ...all, [path]: { ...o, history, at: history.length - 1, lastChange: 0 } };
    });

  /** Closes the open files `which` names (a page op changed them on disk: they are read again when opened). */
  const forget = (which: (path: string) => boolean) => setOpen((all) => Object.fromEntries(Object.entries(all).filter(([p]) => !which(p))));

  const step = (path: string, by: -1 | 1) =>
    setOpen((all) => {
      const o = all[path];
      if (!o) return all;
      const at = Math.max(0, Math.min(o.history.length - 1, o.at + by));
      return at === o.at ? all : { ...all, [path]: { ...o, at, lastChange: 0 } };
    });

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y): the open file's undo and redo, except inside the Markdown editor, which has its own.
  useEffect(() => {
    const keys = (e: KeyboardEvent) => {
      if (!current || !(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      // Ctrl+S saves from anywhere, the Markdown editor too; inside it, undo and redo are the editor's own.
      if (key !== "s" && (e.target as HTMLElement | null)?.closest?.(".cm-editor")) return;
      if (key === "z" || key === "y") {
        e.preventDefault();
        step(current, key === "y" || e.shiftKey ? 1 : -1);
      } else if (key === "s") {
        e.preventDefault();
        void save(current);
      }
    };
    addEventListener("keydown", keys);
    return () => removeEventListener("keydown", keys);
  });

  const nameOf = (path: string) => labelOf(site?.files ?? [], path);

  /** Files being saved: what the watcher says of them meanwhile is the save's own write, which the save's reply settles. */
  const saving = useRef(new Set<string>());

  /**
   * Files changed on disk (GET /api/events: a pull, an editor, another tab, this tab's own
   * saves). An open file with no unsaved change shows its new version (a step of its undo
   * history); one with unsaved changes keeps them, and its Save merges them with the new
   * version. The list of pages, the forms' schemas and the preview follow.
   */
  async function onDiskChange(files: string[]) {
    if (files.some((f) => f.startsWith("schemas/"))) get<StudioSchemas>("/api/schemas").then(setSchemas, () => undefined);
    void refreshSite().catch(() => undefined);
    const told: string[] = [];
    for (const path of files) {
      const was = openRef.current[path];
      if (!was || saving.current.has(path)) continue;
      const disk = await get<StudioFile>(`/api/file?path=${encodeURIComponent(path)}`).catch(() => undefined);
      const o = openRef.current[path];
      if (!o || saving.current.has(path) || o.file.version !== was.file.version) continue;
      const clean = equal(o.history[o.at], o.history[o.savedAt]);
      if (!disk) {
        told.push(`“${nameOf(path)}” was deleted outside the Studio.${clean ? "" : " Your changes are still in the form: Save writes the file again with them."}`);
        continue;
      }
      if (disk.version === o.file.version) continue;
      if (!clean) {
        told.push(`“${nameOf(path)}” changed outside the Studio since you opened it. Your changes are kept: Save merges them with the new version.`);
        continue;
      }
      setOpen((all) => {
        const now = all[path];
        if (!now || now.file.version !== o.file.version || !equal(now.history[now.at], now.history[now.savedAt])) return all;
        if (equal(now.history[now.at], disk.data)) return { ...all, [path]: { ...now, file: disk } };
        const history = [...now.history.slice(0, now.at + 1), disk.data];
        return { ...all, [path]: { ...now, file: disk, history, at: history.length - 1, savedAt: history.length - 1, lastChange: 0 } };
      });
      if (!equal(o.history[o.at], disk.data)) told.push(`“${nameOf(path)}” changed outside the Studio: the form shows its new version (Undo goes back to the one before).`);
    }
    if (told.length) setDiskNote(told.join(" "));
    void sendDraft();
  }
  const diskChanged = useRef(onDiskChange);
  diskChanged.current = onDiskChange;
  useEffect(() => {
    const events = new EventSource("/api/events");
    events.onmessage = (e: MessageEvent<string>) => {
      const { files } = JSON.parse(e.data) as { files: string[] };
      void diskChanged.current(files);
    };
    return () => events.close();
  }, []);

  async function save(path: string, resolved?: { data: unknown; disk: StudioFile }) {
    const o = openRef.current[path];
    if (!o) return;
    const errors = issues.filter((i) => i.file === path && i.severity === "error");
    if (errors.length && !resolved) {
      setStatus(`Not saved: ${errors.length} ${errors.length === 1 ? "problem" : "problems"} to fix in this file first.`);
      setProblemAt({ path, pointer: errors[0]!.pointer });
      return;
    }
    setStatus("Saving…");
    setDiskNote("");
    setProblemAt(undefined);
    // What is sent, and from which version: another tab's or a pull's changes to other fields are merged by the server.
    const sentAt = o.at;
    const sent = resolved ? resolved.data : o.history[sentAt];
    const from = resolved ? resolved.disk : o.file;
    saving.current.add(path);
    try {
      const reply = await post<SaveReply>("/api/save", { path, data: sent, version: from.version, base: from.data });
      if (reply.ok) {
        setBroken(undefined);
        const saved = reply.file.data;
        setOpen((all) => {
          const now = all[path]!;
          const typedSince = now.at !== sentAt || !equal(now.history[now.at], o.history[sentAt]);
          if (!reply.fromTheirs?.length && !resolved) return { ...all, [path]: { ...now, file: reply.file, savedAt: typedSince ? sentAt : now.at } };
          // The saved version holds changes made elsewhere: it becomes a step of the history, and what was typed meanwhile stays on top of it.
          const history = [...now.history.slice(0, now.at + 1), saved];
          if (typedSince) history.push(mergeData(sent, now.history[now.at], saved).value);
          return { ...all, [path]: { ...now, file: reply.file, history, at: history.length - 1, savedAt: typedSince ? history.length - 2 : history.length - 1 } };
        });
        const kept = reply.fromTheirs?.length ? ` Also kept the changes made elsewhere to ${listInWords(reply.fromTheirs.map(fieldInWords))}.` : "";
        setStatus(`Saved “${nameOf(path)}”.${kept}`);
        void refreshSite();
      } else if (reply.reason === "conflict") {
        setConflict({ path, disk: reply.disk, merged: reply.merged, conflicts: reply.conflicts });
        setStatus("Not saved yet: choose which version to keep.");
      } else if (reply.reason === "breaks") {
        setBroken({ path, issues: reply.issues });
        const files = new Set(reply.issues.map((i) => i.file)).size;
        setStatus(`Not saved: this change would break ${files === 1 ? "another page" : `${files} other pages`} (listed below).`);
      } else {
        setIssues((all) => [...all.filter((i) => i.file !== path), ...reply.issues]);
        setStatus(`Not saved: ${reply.issues.length} ${reply.issues.length === 1 ? "problem" : "problems"} to fix in this file first.`);
        if (reply.issues[0]) setProblemAt({ path, pointer: reply.issues[0].pointer });
      }
    } catch (e) {
      setStatus(`Not saved: ${(e as Error).message}`);
    } finally {
      saving.current.delete(path);
    }
  }

  function focusField(pointer: string) {
    setTimeout(() => {
      const id = fieldId(pointer);
      let el = document.getElementById(id) as HTMLElement | null;
      // A Markdown editor or a picker: the control inside the field's wrapper.
      if (!el || el.offsetParent === null) el = document.querySelector<HTMLElement>(`[data-field="${id}"] input, [data-field="${id}"] [contenteditable], [data-field="${id}"] button`) ?? el;
      for (let d = el?.closest("details"); d; d = d.parentElement?.closest("details") ?? null) d.open = true;
      if (!el) return;
      // Where the form scrolls in a pane of its own (wide screens), only that pane scrolls: scrollIntoView would also
      // move the page by the few pixels the preview's scaled frame makes it overflow, pushing the top bar off.
      const pane = el.closest<HTMLElement>(".st-editor");
      if (pane && pane.scrollHeight > pane.clientHeight && getComputedStyle(pane).overflowY !== "visible") {
        const [box, at] = [pane.getBoundingClientRect(), el.getBoundingClientRect()];
        pane.scrollTop += at.top - box.top - Math.max(0, (box.height - at.height) / 2);
      } else el.scrollIntoView({ block: "center" });
      el.focus({ preventScroll: true });
    }, 60);
  }

  // Clicks in the preview select the field that holds what was clicked.
  const onPreviewSelect = async (m: { section: number; text: string; image?: string; chrome?: "header" | "footer" }) => {
    const o = current ? open[current] : undefined;
    const page = site?.files.find((f) => f.address === address && f.kind !== "collection");
    const pageOpen = page ? open[page.path] : undefined;
    const data = (pageOpen ?? o)?.history[(pageOpen ?? o)!.at] as { sections?: unknown[] } | undefined;
    if (page && data && m.section >= 0) {
      const base = `/sections/${m.section}`;
      const found = findText(data.sections?.[m.section], m.text, base);
      if (page.path !== current) void openFile(page.path, found ?? base);
      else focusField(found ?? base);
      return;
    }
    const settings = site?.files.find((f) => f.kind === "site");
    if (settings) {
      const so = open[settings.path];
      // Not open yet: its data is read first, so that the field can be found before the form shows.
      const data = (so ? so.history[so.at] : await get<StudioFile>(`/api/file?path=${encodeURIComponent(settings.path)}`).then((f) => f.data, () => undefined)) as Record<string, unknown> | undefined;
      // The header's menu and the footer often say the same words ("Contact"): search the part that was clicked first.
      const found = data ? (m.chrome && data[m.chrome] !== undefined ? findText(data[m.chrome], m.text, `/${m.chrome}`) : undefined) ?? findText(data, m.text) : undefined;
      void openFile(settings.path, found ?? "");
    }
  };

  const upload = useCallback(async (file: File): Promise<StudioAsset> => {
    const reply = await post<UploadReply>(`/api/upload?name=${encodeURIComponent(file.name)}`, file);
    if (!reply.ok) throw new Error(reply.message);
    setSite((s) => (s ? { ...s, assets: [...s.assets.filter((a) => a.name !== reply.asset.name), reply.asset].sort((a, b) => a.name.localeCompare(b.name)) } : s));
    return reply.asset;
  }, []);
  const context: StudioContextValue = useMemo(() => ({ addresses: site?.addresses ?? [], assets: site?.assets ?? [], records: site?.records ?? {}, upload }), [site, upload]);

  async function pageOp(url: string, body: unknown): Promise<PageOpReply> {
    try {
      const reply = await post<PageOpReply>(url, body);
      if (reply.ok) {
        await refreshSite();
        forget((p) => reply.changed.includes(p) && !dirtyPaths.has(p));
      }
      return reply;
    } catch (e) {
      return { ok: false, message: (e as Error).message };
    }
  }

  /** After a page moved (Rename, or its undo): its old path forgotten, the preview at its new address, its new file open. */
  async function showMoved(oldPath: string, newPath: string, address: string, said: string) {
    forget((p) => p === oldPath);
    setAddress(address);
    await openFile(newPath);
    setStatus(said);
  }

  async function loadChanges() {
    try {
      setChanges(await get<ChangesReply>("/api/changes"));
    } catch (e) {
      setStatus((e as Error).message);
    }
  }

  if (error) return <main className="st-fatal"><h1>The Studio could not start</h1><p>{error}</p></main>;
  if (!site || !schemas) return <main className="st-fatal" aria-busy="true"><h1>Studio</h1><p>Loading the site…</p></main>;

  const o = current ? open[current] : undefined;
  const entry = site.files.find((f) => f.path === current);
  const fileIssues = issues.filter((i) => i.file === current);
  const errorsHere = fileIssues.filter((i) => i.severity === "error");
  const allErrors = issues.filter((i) => i.severity === "error").length;
  const schema = entry ? (schemas.schemas[entry.schema] as object | undefined) : undefined;
  const groups: [string, StudioFileEntry[]][] = [
    ["Pages", site.files.filter((f) => f.kind === "page")],
    ["Settings", site.files.filter((f) => f.kind === "site")],
    ["Records", site.files.filter((f) => f.kind === "collection")],
    ...[...new Set(site.files.filter((f) => !["page", "site", "collection"].includes(f.kind)).map((f) => f.kind))].map((k) => [`${k.charAt(0).toUpperCase()}${k.slice(1)}s`, site.files.filter((f) => f.kind === k)] as [string, StudioFileEntry[]]),
  ];
  const match = (f: StudioFileEntry) => !filter || `${f.label} ${f.address ?? ""} ${f.path}`.toLowerCase().includes(filter.toLowerCase());

  return (
    <StudioContext.Provider value={context}>
      <SectionsProvider value={schemas.sections}>
        <div className="st-app">
          <a className="st-skip" href="#st-editor">
            Skip to the form
          </a>
          <header className="st-top">
            <p className="st-brand">
              <span aria-hidden="true">◆</span> Studio <span className="st-site">{site.name}</span>
            </p>
            <div className="st-top-actions">
              <button type="button" className="st-button" onClick={() => setDialog("new")}>
                New page
              </button>
              <button type="button" className="st-button" aria-expanded={panel === "problems"} onClick={() => setPanel(panel === "problems" ? undefined : "problems")}>
                Problems{" "}
                {checked ? (
                  <span className={allErrors ? "st-count st-count-bad" : "st-count"}>{issues.length}</span>
                ) : (
                  <span className="st-count" aria-label="not checked yet">
                    …
                  </span>
                )}
              </button>
              {site.git && (
                <>
                  <button type="button" className="st-button" aria-expanded={panel === "changes"} onClick={() => (setPanel(panel === "changes" ? undefined : "changes"), void loadChanges())}>
                    Changes
                  </button>
                  <button type="button" className="st-button st-primary" onClick={() => setDialog("publish")}>
                    Publish
                  </button>
                </>
              )}
            </div>
          </header>
          <nav className="st-files" aria-label="Content">
            <label className="st-search">
              <span>Find a page or file</span>
              <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
            </label>
            {groups.map(([title, list]) =>
              list.some(match) ? (
                <section key={title} aria-labelledby={`st-group-${title}`}>
                  <h2 id={`st-group-${title}`} className="st-group">
                    {title}
                  </h2>
                  <ul>
                    {list.filter(match).map((f) => (
                      <li key={f.path}>
                        <button type="button" className="st-file" aria-current={f.path === current ? "page" : undefined} onClick={() => void openFile(f.path)}>
                          <span className="st-file-label">{f.label}</span>
                          {f.address && <span className="st-file-address">{f.address}</span>}
                          {dirtyPaths.has(f.path) && <span className="st-dot" aria-label="unsaved changes" role="img" />}
                          {issues.some((i) => i.file === f.path && i.severity === "error") && <span className="st-bad-dot" aria-label="has problems" role="img" />}
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null,
            )}
          </nav>
          <main className="st-editor" id="st-editor" tabIndex={-1} aria-labelledby="st-editor-title">
            {o && entry ? (
              <>
                <div className="st-editor-bar">
                  <div>
                    <h1 id="st-editor-title">{entry.label}</h1>
                    <p className="st-path">
                      {entry.address ? <span>{entry.address} · </span> : null}
                      {entry.path}
                    </p>
                  </div>
                  <div className="st-editor-actions">
                    <button type="button" className="st-button" onClick={() => step(entry.path, -1)} disabled={o.at === 0} aria-keyshortcuts="Control+Z">
                      Undo
                    </button>
                    <button type="button" className="st-button" onClick={() => step(entry.path, 1)} disabled={o.at >= o.history.length - 1} aria-keyshortcuts="Control+Shift+Z">
                      Redo
                    </button>
                    {site.git && (
                      <button type="button" className="st-button" aria-expanded={panel === "history"} onClick={() => setPanel(panel === "history" ? undefined : "history")}>
                        History
                      </button>
                    )}
                    {entry.kind === "page" && entry.address !== "/" && entry.address !== "/404" && (
                      <>
                        <button type="button" className="st-button" onClick={() => setDialog("rename")}>
                          Rename
                        </button>
                        <button type="button" className="st-button st-danger" onClick={() => setDialog("delete")}>
                          Delete
                        </button>
                      </>
                    )}
                    <a className="st-button st-narrow-only" href="#st-preview">
                      Preview
                    </a>
                    <button type="button" className="st-button st-primary" onClick={() => void save(entry.path)} aria-keyshortcuts="Control+S" aria-disabled={errorsHere.length > 0 || !dirtyPaths.has(entry.path)}>
                      Save
                    </button>
                  </div>
                  {/* In the bar, which stays at the top as the form scrolls: what a save did is always in view. */}
                  <p className="st-status" role="status" aria-live="polite">
                    {status}
                  </p>
                  <p className="st-status" role="status" aria-live="polite">
                    {diskNote}
                  </p>
                  {problemAt && problemAt.path === entry.path && (
                    <button type="button" className="st-button" onClick={() => focusField(problemAt.pointer)}>
                      Go to the problem
                    </button>
                  )}
                  {moved && moved.path === entry.path && (
                    <button
                      type="button"
                      className="st-button"
                      onClick={async () => {
                        const m = moved;
                        setMoved(undefined);
                        const reply = await pageOp("/api/pages/rename", { path: m.path, address: m.from, keepAlias: false, updateLinks: true });
                        if (!reply.ok || !reply.path) return setStatus(`Not moved back: ${reply.ok ? "the Studio did not say where the page went." : reply.message}`);
                        await showMoved(m.path, reply.path, m.from, `Moved back to ${m.from}, with its links.`);
                      }}
                    >
                      Undo the move to {moved.to}
                    </button>
                  )}
                </div>
                {broken && broken.path === entry.path && (
                  <div className="st-alert" role="alert">
                    <p>Saving this would break other pages. Change them first, or undo the change here:</p>
                    <ul>
                      {broken.issues.map((i, n) => (
                        <li key={n}>
                          <button type="button" className="st-link" onClick={() => (setBroken(undefined), void openFile(i.file, i.pointer))}>
                            {site.files.find((f) => f.path === i.file)?.label ?? i.file}: {i.message}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {errorsHere.length > 0 && (
                  <div className="st-alert" role="alert">
                    <p>
                      {errorsHere.length} {errorsHere.length === 1 ? "problem" : "problems"} in this file: it cannot be saved until {errorsHere.length === 1 ? "it is" : "they are"} fixed.
                    </p>
                    <ul>
                      {errorsHere.map((i, n) => (
                        <li key={n}>
                          <button type="button" className="st-link" onClick={() => focusField(i.pointer)}>
                            {fieldInWords(i.pointer, o.history[o.at])}: {issueText(i)}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {schema ? (
                  <Form
                    key={entry.path}
                    schema={schema}
                    uiSchema={uiSchema}
                    validator={validator}
                    formData={o.history[o.at]}
                    fields={fields}
                    widgets={widgets}
                    templates={templates}
                    extraErrors={errorTree(fileIssues.filter((i) => i.severity === "error"))}
                    noHtml5Validate
                    showErrorList={false}
                    experimental_defaultFormStateBehavior={{ emptyObjectFields: "skipDefaults", arrayMinItems: { populate: "never" } }}
                    onChange={(e: IChangeEvent) => change(entry.path, e.formData)}
                    onSubmit={() => void save(entry.path)}
                  />
                ) : (
                  <p className="st-note">No schema describes this file, so it has no form. Edit it in a text editor.</p>
                )}
              </>
            ) : (
              <h1 id="st-editor-title">Choose a page or file</h1>
            )}
          </main>
          <Preview source={preview} stale={previewStale} onSelect={(m) => void onPreviewSelect(m)} onNavigate={(a) => {
            const page = site.files.find((f) => f.address === a);
            if (page && page.path !== current) void openFile(page.path);
            else setAddress(a);
          }} />
          {panel === "problems" && <ProblemsPanel issues={issues} files={site.files} dataOf={(path) => open[path]?.history[open[path]!.at]} onClose={() => setPanel(undefined)} onPick={(i) => void openFile(i.file, i.pointer)} />}
          {panel === "history" && current && (
            <HistoryPanel
              key={current}
              path={current}
              label={site.files.find((f) => f.path === current)?.label ?? current}
              onClose={() => setPanel(undefined)}
              onShow={(version, data) => {
                load(current, data);
                setStatus(`Showing the version of ${new Date(version.date).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}. Save to restore it, or Undo to go back.`);
              }}
            />
          )}
          {dialog === "publish" && (
            <PublishDialog
              files={site.files}
              unsaved={[...dirtyPaths]}
              onClose={() => setDialog(undefined)}
              onPublished={() => void loadChanges()}
            />
          )}
          {panel === "changes" && changes && (
            <ChangesPanel
              files={site.files}
              changes={changes}
              onClose={() => setPanel(undefined)}
              onDiscarded={async (path) => {
                forget((p) => p === path);
                await refreshSite();
                await loadChanges();
                if (path === current) void openFile(path);
              }}
            />
          )}
          {conflict && (
            <ConflictDialog
              key={conflict.disk.version}
              path={conflict.path}
              conflicts={conflict.conflicts}
              onSave={(choices) => {
                const c = conflict;
                setConflict(undefined);
                let data = structuredClone(c.merged);
                for (const [n, k] of c.conflicts.entries()) if (choices[n] === "theirs") data = setAt(data, k.pointer, k.theirs);
                void save(c.path, { data, disk: c.disk });
              }}
              onCancel={() => {
                setConflict(undefined);
                setStatus(`Not saved: your changes to ${conflict.path} are still here, unsaved.`);
              }}
            />
          )}
          {dialog === "new" && (
            <NewPageDialog
              pages={site.files.filter((f) => f.kind === "page")}
              onClose={() => setDialog(undefined)}
              onCreate={async (body) => {
                const reply = await pageOp("/api/pages/new", body);
                if (reply.ok && reply.path) {
                  setDialog(undefined);
                  setAddress(body.address);
                  await openFile(reply.path);
                  setStatus(`Created ${body.address}.`);
                }
                return reply;
              }}
            />
          )}
          {dialog === "rename" && entry && (
            <RenamePageDialog
              entry={entry}
              unsaved={dirtyPaths.has(entry.path)}
              onClose={() => setDialog(undefined)}
              onRename={async (body) => {
                const reply = await pageOp("/api/pages/rename", body);
                if (reply.ok && reply.path) {
                  setDialog(undefined);
                  await showMoved(entry.path, reply.path, body.address, `Moved to ${body.address}.`);
                  if (entry.address) setMoved({ path: reply.path, from: entry.address, to: body.address });
                }
                return reply;
              }}
            />
          )}
          {dialog === "delete" && entry && (
            <DeletePageDialog
              entry={entry}
              onClose={() => setDialog(undefined)}
              onDelete={async () => {
                const reply = await pageOp("/api/pages/delete", { path: entry.path });
                if (reply.ok) {
                  setDialog(undefined);
                  forget((p) => p === entry.path);
                  setCurrent(undefined);
                  setStatus(`Deleted ${entry.address}.`);
                }
                return reply;
              }}
            />
          )}
        </div>
      </SectionsProvider>
    </StudioContext.Provider>
  );
}

export { ApiError };
