/**
 * The dev client: a small inline script the dev server (scripts/dev.ts) adds to
 * every HTML page it serves. It listens to /__dev/events (Server-Sent Events):
 *   reload          a build succeeded: reload the page
 *   error  (data)   a build failed: show the error (data is a JSON string) in an overlay
 *   ok     (data)   sent when the stream opens while content is fine; data is the id of
 *                   the build being served. Reloads if this page showed an error or was
 *                   served by an older build (a reload it may have missed).
 * A page served while the content is broken gets the error embedded, so that it
 * shows the overlay at once.
 *
 * Pure string generation, kept apart from the server so that it can be unit tested.
 */

import { allowInlineScript } from "./csp.ts";

export const DEV_EVENTS_PATH = "/__dev/events";

/**
 * A JavaScript literal for a value, safe inside an inline <script>: no "<" can
 * appear, so neither "</script" nor "<!--" can end or confuse the element.
 * U+2028/U+2029 are escaped too for older parsers.
 */
export function scriptLiteral(value: unknown): string {
  return (JSON.stringify(value) ?? "undefined")
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The body of the dev client script (without the <script> tags).
 * errorText: the failed build's output, when the last build failed.
 * buildId: the id of the last good build, whose output the page comes from.
 * root: the project folder, so that each file:line:column in the overlay links to
 * that place in the editor (vscode://file/…).
 */
export function devClientScript(errorText?: string, buildId?: string, root?: string): string {
  return `(function () {
  "use strict";
  var initialError = ${scriptLiteral(errorText ?? null)};
  var buildId = ${scriptLiteral(buildId ?? null)};
  var root = ${scriptLiteral(root ?? null)};
  var hadError = initialError !== null;
  var shownText = null;
  var overlay = null;
  var lastFocus = null;

  function onKey(e) {
    if (e.key === "Escape") {
      e.preventDefault();
      close();
    }
  }
  function close() {
    if (!overlay) return;
    overlay.remove();
    overlay = null;
    document.removeEventListener("keydown", onKey, true);
    if (lastFocus && typeof lastFocus.focus === "function") lastFocus.focus();
    lastFocus = null;
  }
  // "error[missing-field]: content/pages/x.json:3:1 …": the location becomes a link to the editor.
  var LOCATION = /^((?:error|warning)(?:\\[[a-z0-9-]+\\])?): (\\S+?):(\\d+):(\\d+)(.*)$/;
  function fill(pre, text) {
    text.split("\\n").forEach(function (line, i) {
      if (i) pre.appendChild(document.createTextNode("\\n"));
      var m = root === null ? null : LOCATION.exec(line);
      if (!m) {
        pre.appendChild(document.createTextNode(line));
        return;
      }
      pre.appendChild(document.createTextNode(m[1] + ": "));
      var a = document.createElement("a");
      a.href = "vscode://file" + (root.charAt(0) === "/" ? "" : "/") + root + "/" + m[2] + ":" + m[3] + ":" + m[4];
      a.textContent = m[2] + ":" + m[3] + ":" + m[4];
      a.style.cssText = "color:#93c5fd;text-decoration:underline;";
      pre.appendChild(a);
      pre.appendChild(document.createTextNode(m[5]));
    });
  }
  function show(text) {
    close();
    shownText = text;
    lastFocus = document.activeElement;
    var root = document.createElement("div");
    root.id = "__dev-overlay";
    root.setAttribute("role", "alertdialog");
    root.setAttribute("aria-modal", "true");
    root.setAttribute("aria-labelledby", "__dev-overlay-title");
    root.setAttribute("aria-describedby", "__dev-overlay-text");
    root.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;box-sizing:border-box;padding:32px 16px;background:rgba(15,23,42,0.92);color:#f8fafc;font:15px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif;text-align:left;";
    var box = document.createElement("div");
    box.style.cssText = "max-width:960px;margin:0 auto;";
    var head = document.createElement("div");
    head.style.cssText = "display:flex;align-items:center;justify-content:space-between;gap:16px;";
    var title = document.createElement("h2");
    title.id = "__dev-overlay-title";
    var count = text.split("\\n").filter(function (l) { return /^error(\\[[a-z0-9-]+\\])?: /.test(l); }).length;
    title.textContent = count > 1 ? count + " content errors" : "Content error";
    title.style.cssText = "margin:0;font-size:24px;font-weight:700;color:#fca5a5;";
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = "Close";
    button.style.cssText = "font:inherit;cursor:pointer;padding:6px 16px;border:1px solid #94a3b8;border-radius:6px;background:#1e293b;color:#f8fafc;";
    button.addEventListener("click", close);
    var note = document.createElement("p");
    note.textContent = "The last build failed, so this page is from the last good build. Fix the content and save: the page reloads by itself.";
    note.style.cssText = "margin:12px 0;color:#cbd5e1;";
    var pre = document.createElement("pre");
    pre.id = "__dev-overlay-text";
    fill(pre, text);
    pre.style.cssText = "margin:0;padding:16px;overflow:auto;white-space:pre-wrap;word-break:break-word;border-radius:8px;background:rgba(0,0,0,0.45);color:#f8fafc;font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;";
    head.appendChild(title);
    head.appendChild(button);
    box.appendChild(head);
    box.appendChild(note);
    box.appendChild(pre);
    root.appendChild(box);
    document.body.appendChild(root);
    document.addEventListener("keydown", onKey, true);
    overlay = root;
    button.focus();
  }

  if (initialError !== null) show(initialError);
  if (typeof EventSource === "undefined") return;
  var source = new EventSource(${scriptLiteral(DEV_EVENTS_PATH)});
  source.addEventListener("reload", function () {
    location.reload();
  });
  source.addEventListener("ok", function (e) {
    if (hadError || (buildId !== null && e.data && e.data !== buildId)) location.reload();
  });
  // EventSource also fires a plain "error" (without data) when the connection
  // drops; it retries by itself, so only events carrying data are build errors.
  source.addEventListener("error", function (e) {
    if (typeof e.data !== "string") return;
    var text;
    try {
      text = JSON.parse(e.data);
    } catch (err) {
      text = e.data;
    }
    hadError = true;
    // The same error again while it is on screen (the stream reconnected): leave it.
    if (overlay && String(text) === shownText) return;
    show(String(text));
  });
})();`;
}

/**
 * Adds the dev client to a page, just before its last </body> (or at the end).
 * Given the response's headers, it also allows exactly this script in their
 * Content-Security-Policy by its sha256 hash, so the dev server runs pages under the
 * published policy (from dist/_headers) and only the dev client is let through.
 */
export function injectDevClient(html: string, errorText?: string, buildId?: string, root?: string, headers?: Record<string, string>): string {
  const script = devClientScript(errorText, buildId, root);
  if (headers) {
    for (const name of Object.keys(headers))
      if (name.toLowerCase() === "content-security-policy") headers[name] = allowInlineScript(headers[name]!, script);
  }
  const tag = `<script>${script}</script>`;
  const at = html.toLowerCase().lastIndexOf("</body>");
  return at === -1 ? html + tag : html.slice(0, at) + tag + html.slice(at);
}

/** Editor leftovers and system files that must not trigger a build (the list is shared with the build: os-files.ts). */
export { isSystemOrEditorFile as isEditorTempFile } from "./os-files.ts";
