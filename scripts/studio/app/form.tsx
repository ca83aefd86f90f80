/**
 * The form library (@rjsf/core 6) set up for the Studio: every field labelled by its
 * schema's title (or its name in words), its description as help, its first example
 * as placeholder; the x- keywords choosing the pickers (widgets/); booleans as
 * switches; lists with move up/down, duplicate and remove as named buttons that keep
 * the keyboard focus on the item that moved; a page's sections as a list whose
 * "Add section" offers the section catalogue.
 */
import { getDefaultRegistry } from "@rjsf/core";
import { ariaDescribedByIds, buttonId, type ArrayFieldItemButtonsTemplateProps, type BaseInputTemplateProps, type FieldProps, type FieldTemplateProps, type MultiSchemaFieldTemplateProps, type RJSFSchema, type TitleFieldProps, type UiSchema, type WidgetProps } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import { createContext, useContext, useRef, useState, type ReactNode } from "react";
import type { StudioSectionType } from "../protocol.ts";
import { fieldLabel, inWords, summaryOf } from "../words.ts";
import { studioWidgets, widgetFor } from "./widgets/index.ts";

/** Schema resolution only (which section a "oneOf" item is): the messages shown are the build's, never this validator's. */
export const validator = customizeValidator({ ajvOptionsOverrides: { strict: false, allErrors: false, validateFormats: false } });

const defaults = getDefaultRegistry();
const BaseSchemaField = defaults.fields.SchemaField!;
const BaseArrayField = defaults.fields.ArrayField!;

/** Words editors use for a few field names. */

/** Short values that stand for words (sizes, mostly). */
const VALUE_WORDS: Record<string, string> = { xs: "Extra small", sm: "Small", md: "Medium", lg: "Large", xl: "Extra large", "2xl": "Extra extra large" };

/** An option of a list of values, in words when its schema gives it no title: "konnectSignup" -> "Konnect signup", "sm" -> "Small". */
export function optionLabel(label: string, value: unknown): string {
  if (typeof value !== "string" || label !== value) return label;
  return VALUE_WORDS[value] ?? inWords(value);
}

export const SectionsContext = createContext<StudioSectionType[]>([]);

/** Sets `value` at `path` in `data` (a copy), making the objects and lists on the way. */
function setAt(data: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const root = structuredClone(data ?? {}) as Record<string | number, unknown>;
  let node = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) node[key] = value;
    else node = (node[key] ??= typeof path[i + 1] === "number" ? [] : {}) as Record<string | number, unknown>;
  });
  return root;
}

/**
 * The root field reports every change as the whole file's new data. A change reported at
 * a field's path makes the form library "sanitize" the data against the schema it
 * resolves, and with our if/then/else images inside oneOf sections that emptied a page's
 * sections (rjsf 6.11); the whole data, reported at the root, is taken as it is.
 */
function RootField(props: FieldProps) {
  // The latest data, not this render's: a widget may call an onChange it kept from an earlier render,
  // and two changes may come before the next render; each builds on the one before.
  const latest = useRef(props.formData);
  latest.current = props.formData;
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const report: FieldProps["onChange"] = (value, path, errors, id) => {
    latest.current = path && path.length > 0 ? setAt(latest.current, path, value) : value;
    onChange.current(latest.current, [], errors, id);
  };
  return <StudioSchemaField {...props} onChange={report} root={false} />;
}

function StudioSchemaField(props: FieldProps) {
  if (props.fieldPathId.path.length === 0 && props["root"] !== false) return <RootField {...props} />;
  const { registry, schema, formData, name } = props;
  const resolved = registry.schemaUtils.retrieveSchema(schema as RJSFSchema, formData) as RJSFSchema & Record<string, unknown>;
  const ui: UiSchema = { ...(props.uiSchema ?? {}) };
  let title = typeof resolved.title === "string" && !/[A-Z][a-z]+[A-Z]/.test(resolved.title) ? resolved.title : fieldLabel(name || "");
  // The whole file's form: a type's name ("PlanCollection") in words.
  if (props.fieldPathId.path.length === 0 && typeof resolved.title === "string" && !ui["ui:title"]) ui["ui:title"] = inWords(resolved.title);
  // An item of a list is numbered from 1 and named by what it says: "Action 1: Request a Demo".
  const index = props.fieldPathId.path.at(-1);
  if (typeof index === "number" && resolved.type === "object") {
    const said = summaryOf(formData);
    // Named by the schema's title ("Plan"), else by its list ("Links" -> "Link").
    const list = props.fieldPathId.path.at(-2);
    const base = typeof resolved.title === "string" && !/[A-Z][a-z]+[A-Z]/.test(resolved.title) ? resolved.title : typeof list === "string" ? fieldLabel(list).replace(/(?<=[a-z])s$/, "") : "Item";
    title = `${base} ${index + 1}${said ? `: ${said}` : ""}`;
  } else if (typeof index === "number") {
    // A text or a choice in a list: "Feature 1", not "Features 0".
    const list = props.fieldPathId.path.at(-2);
    title = `${typeof list === "string" ? fieldLabel(list).replace(/(?<=[a-z])s$/, "") : "Item"} ${index + 1}`;
  }
  if (!ui["ui:title"] && name) ui["ui:title"] = title;
  const example = Array.isArray(resolved.examples) ? resolved.examples[0] : undefined;
  if (!ui["ui:placeholder"] && (typeof example === "string" || typeof example === "number")) ui["ui:placeholder"] = String(example);
  const widget = widgetFor(resolved);
  if (widget && !ui["ui:widget"]) ui["ui:widget"] = widget;
  if (resolved.type === "boolean" && !ui["ui:widget"]) ui["ui:widget"] = "SwitchWidget";
  if (resolved.const !== undefined) ui["ui:widget"] = "hidden";
  if (resolved.type === "array" && (resolved.items as { discriminator?: unknown } | undefined)?.discriminator) return <SectionsField {...props} uiSchema={ui} />;
  if (Array.isArray(resolved.oneOf) && resolved.discriminator) return <SectionItemField {...props} uiSchema={ui} />;
  const choices = choicesOf(resolved);
  if (choices) return <ChoiceField {...props} schema={{ ...resolved, anyOf: undefined } as RJSFSchema} uiSchema={ui} choices={choices} />;
  return <BaseSchemaField {...props} uiSchema={ui} />;
}

interface Choice {
  key: string;
  title: string;
}

/**
 * An object whose "anyOf" only says which one of some fields it needs ([{ "title": "Opens a dialog",
 * "required": ["opens"] }, …]): a choice between those fields, named by the alternatives' titles.
 */
function choicesOf(schema: RJSFSchema): Choice[] | undefined {
  const any = schema.anyOf as { required?: string[]; title?: string }[] | undefined;
  if (!Array.isArray(any) || schema.type !== "object" || !any.every((a) => Array.isArray(a.required) && a.required.length === 1 && Object.keys(a).every((k) => k === "required" || k === "title"))) return undefined;
  return any.map((a) => ({ key: a.required![0]!, title: a.title ?? fieldLabel(a.required![0]!) }));
}

/** The value a field starts with when it is chosen: its first option, or empty for the editor to fill in. */
function startingValue(schema: RJSFSchema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.type === "array") return [];
  if (schema.type === "boolean") return true;
  if (schema.type === "object") return {};
  if (schema.type === "number" || schema.type === "integer") return 0;
  return "";
}

/**
 * Which of the alternatives this object is (what a button does, how a plan is priced): a select
 * named by the schema's titles, and only the chosen field below it. Switching keeps every other
 * field (a button's label and style), and starts the new one empty or at its first option.
 */
function ChoiceField(props: FieldProps & { choices: Choice[] }) {
  const { choices, registry, schema } = props;
  const data = (props.formData ?? {}) as Record<string, unknown>;
  const current = choices.find((c) => data[c.key] !== undefined)?.key;
  // The other alternatives' fields are left out of the form (kept when one holds a value anyway, so nothing is hidden).
  const left = new Set(choices.filter((c) => c.key !== current && data[c.key] === undefined).map((c) => c.key));
  const properties: Record<string, unknown> = Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, unknown>).filter(([k]) => !left.has(k)));
  // The choice is a field of the group, just before the field it chose; it holds no data of its own.
  properties[KIND] = { title: "What it is" };
  const choose = (key: string) => {
    const next: Record<string, unknown> = { ...data };
    for (const c of choices) if (c.key !== key) delete next[c.key];
    const field = registry.schemaUtils.retrieveSchema(((schema.properties ?? {}) as Record<string, RJSFSchema>)[key] ?? {}, undefined) as RJSFSchema;
    next[key] = data[key] ?? startingValue(field);
    props.onChange(next, props.fieldPathId.path);
  };
  const ui: UiSchema = {
    ...(props.uiSchema ?? {}),
    "ui:order": ["*", KIND, ...choices.map((c) => c.key).filter((k) => !left.has(k))],
    [KIND]: { "ui:field": "ChoiceSelect", "ui:title": "What it is", "ui:options": { choices, current, choose } },
  };
  return <BaseSchemaField {...props} schema={{ ...schema, properties } as RJSFSchema} uiSchema={ui} />;
}

/** The name of the choice's place among an object's fields (never in the data: ChoiceSelect does not report changes). */
const KIND = "__studioKind";

function ChoiceSelect(props: FieldProps) {
  const { choices, current, choose } = (props.uiSchema?.["ui:options"] ?? {}) as unknown as { choices: Choice[]; current: string | undefined; choose: (key: string) => void };
  return (
    <label className="st-choice">
      <span className="control-label">What it is</span>
      <select id={props.fieldPathId.$id} className="form-control" value={current ?? ""} onChange={(e) => choose(e.target.value)}>
        {current === undefined && <option value="">Choose…</option>}
        {choices.map((c) => (
          <option key={c.key} value={c.key}>
            {c.title}
          </option>
        ))}
      </select>
    </label>
  );
}

/** One section: the form of its own type (by its "type"), under a heading naming the type. */
function SectionItemField(props: FieldProps) {
  const sections = useContext(SectionsContext);
  const type = (props.formData as { type?: string } | undefined)?.type;
  const oneOf = ((props.registry.schemaUtils.retrieveSchema(props.schema as RJSFSchema, props.formData) as RJSFSchema).oneOf ?? []) as RJSFSchema[];
  const option = oneOf.find((o) => {
    const r = props.registry.schemaUtils.retrieveSchema(o, props.formData) as RJSFSchema;
    return (r.properties?.["type"] as RJSFSchema | undefined)?.const === type;
  });
  const known = sections.find((s) => s.type === type);
  if (!option) return <p className="st-note">This section has the type “{String(type)}”, which the site does not know. Fix it in the file, or remove the section.</p>;
  const ui: UiSchema = { ...(props.uiSchema ?? {}), "ui:title": known?.name ?? fieldLabel(String(type)), "ui:description": known?.description ?? "" };
  return <BaseSchemaField {...props} schema={option} uiSchema={ui} />;
}

/** A page's sections: the list, and "Add section" with the catalogue of section types. */
function SectionsField(props: FieldProps) {
  const sections = useContext(SectionsContext);
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const list = (props.formData as unknown[] | undefined) ?? [];
  const add = (type: StudioSectionType) => {
    props.onChange([...list, structuredClone(type.example)], props.fieldPathId.path);
    dialog.current?.close();
    setOpen(false);
    const id = `${props.fieldPathId.$id}_${list.length}`;
    setTimeout(() => document.getElementById(id)?.scrollIntoView({ block: "start" }), 50);
  };
  const shown = sections.filter((s) => `${s.name} ${s.description}`.toLowerCase().includes(filter.toLowerCase()));
  const ui: UiSchema = { ...(props.uiSchema ?? {}), "ui:options": { ...((props.uiSchema?.["ui:options"] as object) ?? {}), addable: false } };
  return (
    <div className="st-sections">
      <BaseArrayField {...props} uiSchema={ui} />
      <button
        type="button"
        ref={opener}
        className="st-button st-add"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        Add section
      </button>
      <dialog ref={dialog} className="st-dialog st-catalogue" aria-labelledby="st-catalogue-title" onClose={() => (setOpen(false), opener.current?.focus())}>
        <h2 id="st-catalogue-title">Add a section</h2>
        <label className="st-search">
          <span>Search sections</span>
          <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        {open && (
          <ul className="st-catalogue-list">
            {shown.map((s) => (
              <li key={s.type}>
                <button type="button" className="st-catalogue-item" onClick={() => add(s)} aria-describedby={`st-cat-${s.type}`}>
                  <span className="st-catalogue-name">{s.name}</span>
                  <span className="st-catalogue-desc" id={`st-cat-${s.type}`}>
                    {s.description}
                  </span>
                  <span className="st-catalogue-example" aria-hidden="true">
                    {exampleLine(s.example)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="st-dialog-actions">
          <button type="button" className="st-button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </div>
  );
}

/** The first words of an example section, as a preview of what it holds. */
function exampleLine(example: Record<string, unknown>): string {
  const text = Object.entries(example).find(([k, v]) => k !== "type" && typeof v === "string" && v.length > 3)?.[1] as string | undefined;
  return text ? `e.g. “${text.length > 70 ? `${text.slice(0, 70)}…` : text}”` : "";
}

/** Move up, move down, duplicate, remove: named buttons; after a move the focus follows the item. */
function ItemButtons(props: ArrayFieldItemButtonsTemplateProps) {
  const { disabled, readonly, hasCopy, hasMoveDown, hasMoveUp, hasRemove, fieldPathId, onCopyItem, onRemoveItem, onMoveDownItem, onMoveUpItem, index } = props;
  const base = fieldPathId.$id.replace(/_\d+$/, "");
  const focusLater = (at: number, button: "moveUp" | "moveDown" | "remove") =>
    setTimeout(() => {
      const target = document.getElementById(`${base}_${at}__${button}`) as HTMLButtonElement | null;
      if (target && !target.disabled) target.focus();
      else (document.getElementById(`${base}_${at}__moveDown`) ?? document.getElementById(`${base}_${at}__moveUp`))?.focus();
    }, 30);
  const off = disabled || readonly;
  const n = index + 1;
  return (
    <div className="st-item-buttons" role="group" aria-label={`Item ${n}`}>
      {(hasMoveUp || hasMoveDown) && (
        <button type="button" id={buttonId(fieldPathId, "moveUp")} className="st-mini" disabled={off || !hasMoveUp} aria-label={`Move item ${n} up`} onClick={(e) => (onMoveUpItem(e), focusLater(index - 1, "moveUp"))}>
          ↑ Up
        </button>
      )}
      {(hasMoveUp || hasMoveDown) && (
        <button type="button" id={buttonId(fieldPathId, "moveDown")} className="st-mini" disabled={off || !hasMoveDown} aria-label={`Move item ${n} down`} onClick={(e) => (onMoveDownItem(e), focusLater(index + 1, "moveDown"))}>
          ↓ Down
        </button>
      )}
      {hasCopy && (
        <button type="button" id={buttonId(fieldPathId, "copy")} className="st-mini" disabled={off} aria-label={`Duplicate item ${n}`} onClick={onCopyItem}>
          Duplicate
        </button>
      )}
      {hasRemove && (
        <button type="button" id={buttonId(fieldPathId, "remove")} className="st-mini st-danger" disabled={off} aria-label={`Remove item ${n}`} onClick={onRemoveItem}>
          Remove
        </button>
      )}
    </div>
  );
}

function AddButton(props: { onClick?: (e: unknown) => void; disabled?: boolean; id?: string; className?: string }) {
  return (
    <button type="button" id={props.id} className="st-button st-add" onClick={props.onClick} disabled={props.disabled}>
      Add item
    </button>
  );
}

function SwitchWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, onBlur, onFocus, schema } = props;
  // Unset, it shows what the site does: the schema's default.
  const on = value === undefined ? schema.default === true : value === true;
  return (
    <label className="st-switch" htmlFor={id}>
      <input id={id} type="checkbox" role="switch" checked={on} disabled={disabled || readonly} aria-checked={on} aria-describedby={ariaDescribedByIds(id)} onChange={(e) => onChange(e.target.checked)} onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
      <span className="st-switch-track" aria-hidden="true" />
      <span className="st-switch-state" aria-hidden="true">{on ? "On" : "Off"}</span>
    </label>
  );
}

const BaseSelect = defaults.widgets.SelectWidget!;
/**
 * A choice from a list. Unset, it says so ("Not set: the site uses 3") instead of showing the
 * first option as if chosen; choosing "Not set" leaves the field out of the file again.
 */
function SelectWidget(props: WidgetProps) {
  const { id, options, value, onChange, schema, disabled, readonly, onBlur, onFocus, multiple } = props;
  if (multiple) return <BaseSelect {...props} />;
  const list = (options.enumOptions ?? []) as { value: unknown; label: string }[];
  const at = list.findIndex((o) => o.value === value);
  const named = list.find((o) => o.value === schema.default);
  const fallback = named ? optionLabel(named.label, named.value) : schema.default === undefined ? undefined : optionLabel(String(schema.default), String(schema.default));
  return (
    <select
      id={id}
      className="form-control"
      value={at < 0 ? "" : String(at)}
      disabled={disabled || readonly}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(e.target.value === "" ? undefined : list[Number(e.target.value)]!.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      {(at < 0 || !props.required) && <option value="">{fallback === undefined ? "Not set" : `Not set (the site uses ${fallback})`}</option>}
      {list.map((o, i) => (
        <option key={i} value={String(i)}>
          {optionLabel(o.label, o.value)}
        </option>
      ))}
    </select>
  );
}

/**
 * A field: its label (the required mark is for the eye; the control says it is required),
 * its help, the control, its errors. `data-field` names the field's control id on the
 * wrapper, for controls that are not one element (the Markdown editor).
 */
function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, hidden, required, displayLabel, classNames, schema } = props;
  if (hidden) return <div className="st-hidden">{children}</div>;
  const group = schema.type === "object" || schema.type === "array";
  return (
    <div className={classNames} data-field={id}>
      {displayLabel && label && !group && (
        <label htmlFor={id} className="control-label">
          {label}
          {required && (
            <span className="required" aria-hidden="true">
              *
            </span>
          )}
        </label>
      )}
      {displayLabel && !group && description}
      {children}
      {errors}
      {help}
    </div>
  );
}

function TitleField({ id, title, required }: TitleFieldProps) {
  return (
    <legend id={id}>
      {title}
      {required && (
        <span className="required" aria-hidden="true">
          *
        </span>
      )}
    </legend>
  );
}

/** Text inputs as text boxes: a schema's examples are the placeholder, not a list of suggestions (which would make every input a combobox). */
const BaseInput = defaults.templates.BaseInputTemplate;
function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { examples: _examples, ...schema } = props.schema;
  return <BaseInput {...props} schema={schema} />;
}

/** A field that is one of several shapes (an action: a link, or a button that opens a dialog): the chooser is labelled. */
function MultiSchemaFieldTemplate({ selector, optionSchemaField }: MultiSchemaFieldTemplateProps) {
  return (
    <div className="st-multi">
      <label className="st-multi-label">
        <span>Kind</span>
        {selector}
      </label>
      {optionSchemaField}
    </div>
  );
}

export const fields = { SchemaField: StudioSchemaField, ChoiceSelect };
export const widgets = { ...studioWidgets, SwitchWidget, SelectWidget };
export const templates = {
  ArrayFieldItemButtonsTemplate: ItemButtons,
  FieldTemplate,
  MultiSchemaFieldTemplate,
  TitleFieldTemplate: TitleField,
  BaseInputTemplate,
  ButtonTemplates: { ...defaults.templates.ButtonTemplates, AddButton: AddButton as never },
};
export const uiSchema: UiSchema = { "ui:globalOptions": { copyable: true }, "ui:submitButtonOptions": { norender: true }, $schema: { "ui:widget": "hidden" } };

export function SectionsProvider({ value, children }: { value: StudioSectionType[]; children: ReactNode }) {
  return <SectionsContext.Provider value={value}>{children}</SectionsContext.Provider>;
}
