/**
 * An image field (schema "x-asset": true): the current image's thumbnail and name, and
 * "Choose image", which opens a dialog with the site's images as thumbnails, a search
 * box and an upload zone (a button, or a file dropped on it). The value is the asset's
 * name as content writes it ("assets/lobby.jpg"); the name can also be typed.
 */
import { useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import type { StudioAsset } from "../../protocol.ts";
import { useStudio } from "../context.ts";
import { assetFileName, filterAssets, isImageAsset } from "./logic.ts";
import { Icon } from "./icons.tsx";

const ACCEPT = ".svg,.png,.jpg,.jpeg,.webp,.avif,image/svg+xml,image/png,image/jpeg,image/webp,image/avif";

export function AssetWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, label, hideLabel, required, disabled, readonly, autofocus, options, rawErrors } = props;
  const { assets, upload } = useStudio();
  const text = typeof value === "string" ? value : value == null ? "" : String(value);
  // Uploaded here but not yet in the app's list (it refreshes on its own time).
  const [uploaded, setUploaded] = useState<StudioAsset[]>([]);
  const all = useMemo(() => {
    const known = new Set(assets.map((a) => a.name));
    return [...uploaded.filter((a) => !known.has(a.name)), ...assets].filter(isImageAsset);
  }, [assets, uploaded]);
  const current = all.find((a) => a.name === text);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState("");
  const openerRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const locked = disabled || readonly;
  const infoId = `${id}__asset-info`;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLInputElement>(".sw-search")?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => {
    setOpen(false);
    openerRef.current?.focus();
  };
  /**
   * A new image next to an alternative text (an image's "src" beside its "alt"): the text described
   * the image before, so the editor is taken to it, with the reason, to describe the new one.
   */
  const askForAlt = (name: string, said: string) => {
    const sibling = (field: string) => {
      const el = /_src$/.test(id) ? (document.getElementById(id.replace(/_src$/, `_${field}`)) as HTMLInputElement | null) : null;
      return el && el.type !== "hidden" && el.offsetParent !== null ? el : null;
    };
    const alt = sibling("alt");
    const decorative = sibling("decorative");
    if (name === text || (!alt && !decorative)) return setNotice(said);
    setNotice(
      alt
        ? `${said} Check its alternative text, which was written for the image before: describe the new one, or leave it empty if it is only decoration.`
        : `${said} It is marked as decoration, so screen readers skip it: if the new image shows something people should know, turn Decorative off and describe it.`,
    );
    setTimeout(() => {
      (alt ?? decorative)!.focus();
      alt?.select();
    }, 50);
  };
  const choose = (name: string) => {
    onChange(name);
    close();
    askForAlt(name, `Chose ${name}.`);
  };

  return (
    <div className="sw-asset">
      <div className="sw-thumb sw-thumb--current">
        {current ? (
          <img src={current.url} alt="" width={96} height={96} decoding="async" />
        ) : (
          <span className="sw-thumb-empty">
            <Icon name="image" size={24} />
          </span>
        )}
      </div>
      <div className="sw-asset-body">
        <input
          id={id}
          name={props["htmlName"] ?? id}
          className="sw-input sw-input--mono"
          type="text"
          value={text}
          placeholder="assets/…"
          spellCheck={false}
          autoComplete="off"
          required={required}
          disabled={disabled}
          readOnly={readonly}
          autoFocus={autofocus}
          aria-label={hideLabel ? label : undefined}
          aria-describedby={`${ariaDescribedByIds(id)} ${infoId}`}
          aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
          onChange={(event) => onChange(event.target.value === "" ? options.emptyValue : event.target.value)}
          onFocus={(event) => onFocus(id, event.target.value)}
          onBlur={(event) => onBlur(id, event.target.value)}
        />
        <p className="sw-asset-info" id={infoId}>
          {current ? describeAsset(current) : text ? "No image with this name in content/assets." : "No image chosen."}
        </p>
        <div className="sw-actions">
          <button ref={openerRef} type="button" className="sw-button" disabled={locked} onClick={() => setOpen(true)}>
            <Icon name="image" />
            Choose image
          </button>
          {!required && text && !locked ? (
            <button
              type="button"
              className="sw-button sw-button--quiet"
              onClick={() => {
                onChange(options.emptyValue);
                // This button goes away with the image: keep the focus in the field.
                openerRef.current?.focus();
              }}
            >
              Remove image
            </button>
          ) : null}
        </div>
        <p className="sw-live" role="status">
          {notice}
        </p>
      </div>
      <dialog
        ref={dialogRef}
        className="sw-dialog"
        aria-labelledby={`${id}__dialog-title`}
        onClose={() => {
          if (open) close();
        }}
        onClick={(event) => {
          // A click on the backdrop (outside the dialog's box) closes it.
          if (event.target === event.currentTarget) close();
        }}
      >
        {open ? (
          <AssetPicker
            id={id}
            label={label}
            assets={all}
            value={text}
            onPick={choose}
            onClose={close}
            upload={upload}
            onUploaded={(asset, fileName) => {
              setUploaded((list) => [asset, ...list.filter((a) => a.name !== asset.name)]);
              onChange(asset.name);
              close();
              askForAlt(asset.name, `Uploaded ${fileName} as ${asset.name} and chose it.`);
            }}
          />
        ) : null}
      </dialog>
    </div>
  );
}

function AssetPicker(props: {
  id: string;
  label: string;
  assets: StudioAsset[];
  value: string;
  onPick: (name: string) => void;
  onClose: () => void;
  upload: (file: File) => Promise<StudioAsset>;
  onUploaded: (asset: StudioAsset, fileName: string) => void;
}) {
  const { id, label, assets, value, onPick, onClose, upload, onUploaded } = props;
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const shown = useMemo(() => filterAssets(assets, search), [assets, search]);

  const send = async (file: File | undefined) => {
    if (!file || busy) return;
    setError("");
    setBusy(true);
    setStatus(`Uploading ${file.name}…`);
    try {
      const asset = await upload(file);
      if (!alive.current) return;
      setStatus(`Uploaded ${file.name}.`);
      onUploaded(asset, file.name);
    } catch (e) {
      if (!alive.current) return;
      setStatus("");
      setError(e instanceof Error && e.message ? e.message : `${file.name} could not be uploaded.`);
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files");

  return (
    <div className="sw-dialog-inner">
      <header className="sw-dialog-head">
        <h2 className="sw-dialog-title" id={`${id}__dialog-title`}>
          Choose an image{label ? <span className="sw-dialog-sub"> for {label}</span> : null}
        </h2>
        <button type="button" className="sw-icon-button" aria-label="Close" onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      <div
        className={`sw-dropzone${dragging ? " sw-dropzone--over" : ""}`}
        aria-busy={busy}
        onDragEnter={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void send(event.dataTransfer.files[0]);
        }}
      >
        <span className="sw-dropzone-icon">
          <Icon name="upload" size={20} />
        </span>
        <p className="sw-dropzone-text">Drop an image here (SVG, PNG, JPEG, WebP or AVIF), or</p>
        {/* aria-disabled, not disabled: the button keeps the focus while the upload runs. */}
        <button type="button" className="sw-button" aria-disabled={busy || undefined} onClick={() => !busy && fileRef.current?.click()}>
          Upload image
        </button>
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPT}
          hidden
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            void send(file);
          }}
        />
        <p className="sw-live sw-dropzone-status" role="status">
          {status}
        </p>
        <p className="sw-error" role="alert">
          {error}
        </p>
      </div>
      <div className="sw-search-row">
        <label className="sw-search-label" htmlFor={`${id}__search`}>
          <Icon name="search" />
          <span className="sw-sr">Search images</span>
        </label>
        <input
          id={`${id}__search`}
          className="sw-input sw-search"
          type="search"
          placeholder="Search images"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            // Enter in the search box must not submit the form the field is in.
            if (event.key === "Enter") event.preventDefault();
          }}
        />
        <p className="sw-count" role="status">
          {shown.length === assets.length ? `${assets.length} ${assets.length === 1 ? "image" : "images"}` : `${shown.length} of ${assets.length}`}
        </p>
      </div>
      {shown.length > 0 ? (
        <ul className="sw-grid" aria-label="Images">
          {shown.map((asset) => {
            const selected = asset.name === value;
            return (
              <li key={asset.name}>
                <button type="button" className="sw-tile" aria-pressed={selected} title={asset.name} onClick={() => onPick(asset.name)}>
                  <span className="sw-thumb">
                    <img src={asset.url} alt="" width={96} height={96} loading="lazy" decoding="async" />
                  </span>
                  <span className="sw-tile-name">{assetFileName(asset.name)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="sw-empty">{assets.length === 0 ? "There are no images yet: upload one." : `No image name contains “${search}”.`}</p>
      )}
    </div>
  );
}

/** "1600 × 900 · 245 KB" */
export function describeAsset(asset: StudioAsset): string {
  const size = asset.bytes >= 1024 * 1024 ? `${(asset.bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(asset.bytes / 1024))} KB`;
  return asset.width && asset.height ? `${asset.width} × ${asset.height} · ${size}` : size;
}
