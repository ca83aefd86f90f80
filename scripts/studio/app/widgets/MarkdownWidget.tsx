/**
 * Markdown text (schema "x-markdown": "inline" | "block"): a CodeMirror 6 editor with a
 * toolbar (Bold, Italic, Link; Mod-b, Mod-i, Mod-k). Inline text is one line (Enter does
 * nothing, a pasted line break becomes a space); block text is a taller editor.
 *
 * The value follows the prop: a value replaced from outside (the app's undo) is applied
 * as the smallest edit, and the echo of the editor's own change is recognised and left
 * alone, so that typing never loses the cursor.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { minimalSetup } from "codemirror";
import { markdown } from "@codemirror/lang-markdown";
import { Annotation, Compartment, EditorState, Prec, Transaction, type Extension } from "@codemirror/state";
import { EditorView, keymap, placeholder as placeholderText } from "@codemirror/view";
import { diffText, makeLink, toggleWrap, type TextEdit } from "./logic.ts";
import { Icon } from "./icons.tsx";

/** Marks a change that came from the value prop (not from the person typing). */
const fromOutside = Annotation.define<boolean>();

type Command = (doc: string, from: number, to: number) => TextEdit;
const BOLD: Command = (doc, from, to) => toggleWrap(doc, from, to, "**");
const ITALIC: Command = (doc, from, to) => toggleWrap(doc, from, to, "_");
const LINK: Command = makeLink;

function run(view: EditorView, command: Command): boolean {
  if (view.state.readOnly) return false;
  const { from, to } = view.state.selection.main;
  const edit = command(view.state.doc.toString(), from, to);
  view.dispatch({ changes: edit.changes, selection: { anchor: edit.anchor, head: edit.head }, scrollIntoView: true, userEvent: "input.format" });
  return true;
}

/** Inline text: Enter does nothing, and line breaks that arrive (a paste) become spaces. */
const singleLine: Extension = [
  Prec.highest(keymap.of([{ key: "Enter", run: () => true, shift: () => true }, { key: "Mod-Enter", run: () => true }])),
  EditorState.transactionFilter.of((tr) => {
    if (!tr.docChanged || tr.annotation(fromOutside) || tr.newDoc.lines === 1) return tr;
    const changes: { from: number; to: number; insert: string }[] = [];
    for (let n = 1; n < tr.newDoc.lines; n++) {
      const line = tr.newDoc.line(n);
      changes.push({ from: line.to, to: line.to + 1, insert: " " });
    }
    return [tr, { changes, sequential: true }];
  }),
];

const TOOLS = [
  { name: "Bold", glyph: "B", key: "B", command: BOLD },
  { name: "Italic", glyph: "I", key: "I", command: ITALIC },
  { name: "Link", glyph: null, key: "K", command: LINK },
] as const;

/** CodeMirror's Mod is Command on a Mac, Control elsewhere. */
const MAC = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

export function MarkdownWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, label, required, disabled, readonly, autofocus, placeholder, options, schema, rawErrors } = props;
  const mode = schema["x-markdown"] === "inline" ? "inline" : "block";
  const text = value == null ? "" : String(value);
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  // The texts this editor sent with onChange and whose echo (the value prop) has not come back yet.
  const pending = useRef<string[]>([]);
  const latest = useRef({ onChange, onBlur, onFocus, emptyValue: options.emptyValue as unknown, id });
  latest.current = { onChange, onBlur, onFocus, emptyValue: options.emptyValue, id };
  const attributes = useRef(new Compartment());
  const editable = useRef(new Compartment());
  const [toolIndex, setToolIndex] = useState(0);
  const toolRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const locked = !!(disabled || readonly);
  const invalid = !!(rawErrors && rawErrors.length > 0);
  const hint = placeholder || (Array.isArray(schema.examples) && typeof schema.examples[0] === "string" ? schema.examples[0] : "");

  const contentAttributes = (): Record<string, string> => {
    const attrs: Record<string, string> = {
      id,
      "aria-label": label || "Text",
      "aria-multiline": mode === "block" ? "true" : "false",
      "aria-describedby": ariaDescribedByIds(id),
    };
    if (required) attrs["aria-required"] = "true";
    if (invalid) attrs["aria-invalid"] = "true";
    if (locked) attrs["aria-readonly"] = "true";
    return attrs;
  };
  const editability = (): Extension => [EditorView.editable.of(!locked), EditorState.readOnly.of(locked)];

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: text,
        extensions: [
          minimalSetup,
          markdown(),
          EditorView.lineWrapping,
          Prec.high(
            keymap.of([
              { key: "Mod-b", run: (v) => run(v, BOLD) },
              { key: "Mod-i", run: (v) => run(v, ITALIC) },
              { key: "Mod-k", run: (v) => run(v, LINK) },
            ]),
          ),
          mode === "inline" ? singleLine : [],
          hint ? placeholderText(hint) : [],
          attributes.current.of(EditorView.contentAttributes.of(contentAttributes())),
          editable.current.of(editability()),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.some((tr) => tr.annotation(fromOutside))) return;
            const next = update.state.doc.toString();
            pending.current.push(next);
            if (pending.current.length > 100) pending.current.shift();
            latest.current.onChange(next === "" ? latest.current.emptyValue : next);
          }),
          EditorView.domEventHandlers({
            focus: (_event, v) => {
              latest.current.onFocus(latest.current.id, v.state.doc.toString());
            },
            blur: (_event, v) => {
              latest.current.onBlur(latest.current.id, v.state.doc.toString());
            },
          }),
        ],
      }),
    });
    viewRef.current = view;
    if (autofocus) view.focus();
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // The editor is made once; later prop changes reach it through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode]);

  // The value from outside: apply it unless it is the echo of the editor's own change.
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const echo = pending.current.indexOf(text);
    if (echo >= 0) {
      pending.current.splice(0, echo + 1);
      return;
    }
    pending.current = [];
    const change = diffText(view.state.doc.toString(), text);
    if (change) view.dispatch({ changes: change, annotations: [fromOutside.of(true), Transaction.addToHistory.of(false)] });
  }, [text]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: attributes.current.reconfigure(EditorView.contentAttributes.of(contentAttributes())) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, label, mode, required, invalid, locked]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: editable.current.reconfigure(editability()) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locked]);

  const moveTool = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = TOOLS.length - 1;
    const to = event.key === "ArrowRight" ? (toolIndex === last ? 0 : toolIndex + 1) : event.key === "ArrowLeft" ? (toolIndex === 0 ? last : toolIndex - 1) : event.key === "Home" ? 0 : event.key === "End" ? last : -1;
    if (to < 0) return;
    event.preventDefault();
    setToolIndex(to);
    toolRefs.current[to]?.focus();
  };

  return (
    <div className={`sw-markdown sw-markdown--${mode}${invalid ? " sw-markdown--invalid" : ""}${locked ? " sw-markdown--locked" : ""}`}>
      <div className="sw-toolbar" role="toolbar" aria-label={`Formatting${label ? ` for ${label}` : ""}`} aria-controls={id} onKeyDown={moveTool}>
        {TOOLS.map((tool, i) => (
          <button
            key={tool.name}
            ref={(el) => {
              toolRefs.current[i] = el;
            }}
            type="button"
            className="sw-tool"
            tabIndex={i === toolIndex ? 0 : -1}
            disabled={locked}
            aria-keyshortcuts={`${MAC ? "Meta" : "Control"}+${tool.key}`}
            title={`${tool.name} (${MAC ? "⌘" : "Ctrl+"}${tool.key})`}
            // Keep the editor's focus and selection: the button acts on them.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setToolIndex(i)}
            onClick={() => {
              const view = viewRef.current;
              if (!view) return;
              run(view, tool.command);
              view.focus();
            }}
          >
            {tool.glyph ? (
              <span className={`sw-tool-glyph sw-tool-glyph--${tool.name.toLowerCase()}`} aria-hidden="true">
                {tool.glyph}
              </span>
            ) : (
              <Icon name="link" size={15} />
            )}
            <span className="sw-sr">{tool.name}</span>
          </button>
        ))}
        <span className="sw-toolbar-note" aria-hidden="true">
          {mode === "inline" ? "Markdown · one line" : "Markdown"}
        </span>
      </div>
      <div ref={hostRef} className="sw-editor" />
    </div>
  );
}
