/**
 * A link field (schema "x-link": true): a combobox (ARIA 1.2, list autocomplete) that
 * offers the site's addresses containing what is typed, and takes any typed value too
 * (https://…, mailto:…, tel:…, #anchor). Arrow keys move through the offers, Enter picks
 * one, Escape closes the list; the value is the text of the field.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { useStudio } from "../context.ts";
import { filterAddresses } from "./logic.ts";
import { Icon } from "./icons.tsx";

/** At most this many offers are listed (typing narrows them). */
const MAX_OPTIONS = 200;

export function LinkWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, label, hideLabel, required, disabled, readonly, autofocus, placeholder, options, schema, rawErrors } = props;
  const { addresses } = useStudio();
  const text = typeof value === "string" ? value : value == null ? "" : String(value);
  const [open, setOpen] = useState(false);
  // What the list is filtered by: the typed text, or nothing when the list was opened without typing.
  const [filter, setFilter] = useState("");
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = `${id}__listbox`;
  const optionId = (i: number) => `${id}__option-${i}`;
  const matches = useMemo(() => filterAddresses(addresses, filter).slice(0, MAX_OPTIONS), [addresses, filter]);
  const expanded = open && matches.length > 0;
  const locked = disabled || readonly;

  useEffect(() => {
    if (!expanded || active < 0) return;
    listRef.current?.querySelector(`[id="${CSS.escape(optionId(active))}"]`)?.scrollIntoView({ block: "nearest" });
  }, [expanded, active]);

  const change = (next: string) => onChange(next === "" ? options.emptyValue : next);

  /** Opens the list with every address, the current one (if any) marked. */
  const openAll = (otherwise: "first" | "last" | "none") => {
    const all = filterAddresses(addresses, "").slice(0, MAX_OPTIONS);
    setFilter("");
    setOpen(true);
    const current = all.indexOf(text);
    setActive(current >= 0 ? current : otherwise === "first" ? 0 : otherwise === "last" ? all.length - 1 : -1);
  };

  const pick = (address: string) => {
    change(address);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (locked) return;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!expanded) {
          if (event.altKey) {
            setFilter("");
            setOpen(true);
            setActive(-1);
          } else openAll("first");
        } else if (!event.altKey) setActive((i) => (i + 1) % matches.length);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (event.altKey) setOpen(false);
        else if (!expanded) openAll("last");
        else setActive((i) => (i <= 0 ? matches.length - 1 : i - 1));
        break;
      case "Enter":
        if (expanded) {
          // The list is open: Enter picks, it never submits the form behind.
          event.preventDefault();
          const chosen = active >= 0 ? matches[active] : undefined;
          if (chosen !== undefined) pick(chosen);
          else setOpen(false);
        }
        break;
      case "Escape":
        if (expanded) {
          // Close the list only, not a dialog or panel around the field.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        break;
      case "Tab":
        setOpen(false);
        break;
    }
  };

  const kind = describe(text, addresses);

  return (
    <div className="sw-combobox">
      <div className="sw-input-wrap">
        <span className="sw-input-icon">
          <Icon name={kind === "external" ? "external" : "link"} />
        </span>
        <input
          id={id}
          name={props["htmlName"] ?? id}
          className="sw-input sw-input--icon"
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={ariaDescribedByIds(id, false)}
          aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
          aria-label={hideLabel ? label : undefined}
          aria-required={required || undefined}
          autoComplete="off"
          spellCheck={false}
          autoFocus={autofocus}
          placeholder={placeholder || (Array.isArray(schema.examples) && typeof schema.examples[0] === "string" ? schema.examples[0] : "/")}
          value={text}
          disabled={disabled}
          readOnly={readonly}
          onChange={(event) => {
            const next = event.target.value;
            change(next);
            setFilter(next);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onClick={() => {
            if (!locked && !open) openAll("none");
          }}
          onFocus={(event) => onFocus(id, event.target.value)}
          onBlur={(event) => {
            setOpen(false);
            setActive(-1);
            onBlur(id, event.target.value);
          }}
        />
      </div>
      <ul ref={listRef} id={listId} role="listbox" aria-label="Pages of this site" className="sw-listbox" hidden={!expanded}>
        {expanded &&
          matches.map((address, i) => (
            <li
              key={address}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="sw-option"
              // Keep the focus in the field: a click picks without blurring it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(address)}
              onMouseMove={() => i !== active && setActive(i)}
            >
              <Icon name="page" size={14} />
              <span className="sw-option-text">{highlight(address, filter)}</span>
              {address === text ? (
                <span className="sw-option-check">
                  <Icon name="check" size={14} />
                </span>
              ) : null}
            </li>
          ))}
      </ul>
    </div>
  );
}

/** What kind of link the text is, for the icon at the start of the field. */
function describe(text: string, addresses: readonly string[]): "page" | "external" | "other" {
  if (addresses.includes(text)) return "page";
  if (/^(https?:)?\/\//i.test(text)) return "external";
  return "other";
}

/** The address with the typed part in <mark>. */
function highlight(address: string, typed: string) {
  const q = typed.trim();
  const at = q ? address.toLowerCase().indexOf(q.toLowerCase()) : -1;
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at)}
      <mark className="sw-mark">{address.slice(at, at + q.length)}</mark>
      {address.slice(at + q.length)}
    </>
  );
}
