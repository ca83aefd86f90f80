/**
 * A record id (schema "x-ref": "<collection>"): a native select of the collection's
 * records, "Label (id)". A value that is no record's id stays, as "<id> (not found)",
 * so that opening a form never changes the data; the build reports it.
 */
import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { useStudio } from "../context.ts";
import { recordOptions } from "./logic.ts";

export function RecordWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, label, hideLabel, required, disabled, readonly, autofocus, options, schema, rawErrors } = props;
  const { records } = useStudio();
  const collection = typeof schema["x-ref"] === "string" ? (schema["x-ref"] as string) : "";
  const list = records[collection] ?? [];
  const choices = recordOptions(list, value, !!required);
  const current = typeof value === "string" ? value : value == null ? "" : String(value);
  const noteId = `${id}__records`;
  const decode = (v: string) => (v === "" ? options.emptyValue : v);
  return (
    <div className="sw-select-wrap">
      <select
        id={id}
        name={props["htmlName"] ?? id}
        className="sw-select"
        value={current}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-describedby={list.length === 0 ? `${ariaDescribedByIds(id)} ${noteId}` : ariaDescribedByIds(id)}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        aria-label={hideLabel ? label : undefined}
        onChange={(event) => onChange(decode(event.target.value))}
        onFocus={(event) => onFocus(id, decode(event.target.value))}
        onBlur={(event) => onBlur(id, decode(event.target.value))}
      >
        {choices.map((choice) => (
          <option key={`${choice.missing ? "missing:" : ""}${choice.value}`} value={choice.value}>
            {choice.text}
          </option>
        ))}
      </select>
      {list.length === 0 ? <p className="sw-note" id={noteId}>There are no {collection || "records"} yet.</p> : null}
    </div>
  );
}
