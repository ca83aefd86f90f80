import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { devClientScript, injectDevClient, isEditorTempFile, scriptLiteral } from "../../scripts/lib/dev-client.ts";

const NASTY = `error: content/pages/index.json:3:1\n  </script><script>alert(1)</script> <!-- "quoted" \\ back\u2028slash </SCRIPT >`;

/** The value of `var initialError = ...;` in a generated script, evaluated as JavaScript. */
function embeddedError(script: string): unknown {
  const match = /var initialError = (.*);\n/.exec(script);
  expect(match, "the script declares initialError").not.toBeNull();
  return vm.runInNewContext(`(${match![1]})`);
}

// A DOM just big enough for the dev client, to run it for real.
class FakeElement {
  id = "";
  type = "";
  href = "";
  private ownText = "";
  /** Like the DOM: an element's text is its own plus its children's. */
  get textContent(): string {
    return this.ownText + this.children.map((c) => c.textContent).join("");
  }
  set textContent(value: string) {
    this.ownText = value;
    this.children = [];
  }
  style = { cssText: "" };
  attributes = new Map<string, string>();
  children: FakeElement[] = [];
  parent: FakeElement | undefined;
  listeners = new Map<string, Array<() => void>>();
  constructor(
    readonly tagName: string,
    private readonly doc: FakeDocument,
  ) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  appendChild(child: FakeElement) {
    child.parent = this;
    this.children.push(child);
    return child;
  }
  remove() {
    if (!this.parent) return;
    this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = undefined;
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  focus() {
    this.doc.activeElement = this;
  }
  all(): FakeElement[] {
    return [this, ...this.children.flatMap((c) => c.all())];
  }
}

class FakeDocument {
  activeElement: FakeElement | null = null;
  body = new FakeElement("body", this);
  keyListeners = new Set<(e: { key: string; preventDefault(): void }) => void>();
  createElement(tag: string) {
    return new FakeElement(tag, this);
  }
  createTextNode(text: string) {
    const node = new FakeElement("#text", this);
    node.textContent = text;
    return node;
  }
  addEventListener(type: string, fn: (e: { key: string; preventDefault(): void }) => void) {
    if (type === "keydown") this.keyListeners.add(fn);
  }
  removeEventListener(type: string, fn: (e: { key: string; preventDefault(): void }) => void) {
    if (type === "keydown") this.keyListeners.delete(fn);
  }
  pressKey(key: string) {
    for (const fn of [...this.keyListeners]) fn({ key, preventDefault() {} });
  }
  overlay(): FakeElement | undefined {
    return this.body.all().find((e) => e.id === "__dev-overlay");
  }
}

function runClient(script: string) {
  const document = new FakeDocument();
  const sources: Array<{ url: string; listeners: Map<string, (e: { data?: string }) => void> }> = [];
  let reloads = 0;
  class EventSource {
    listeners = new Map<string, (e: { data?: string }) => void>();
    constructor(url: string) {
      sources.push({ url, listeners: this.listeners });
    }
    addEventListener(type: string, fn: (e: { data?: string }) => void) {
      this.listeners.set(type, fn);
    }
  }
  vm.runInNewContext(script, { document, EventSource, location: { reload: () => reloads++ } });
  expect(sources).toHaveLength(1);
  const source = sources[0]!;
  return {
    document,
    url: source.url,
    emit(type: string, data?: string) {
      const fn = source.listeners.get(type);
      expect(fn, `a listener for "${type}"`).toBeDefined();
      fn!(data === undefined ? {} : { data });
    },
    reloads: () => reloads,
  };
}

describe("devClientScript", () => {
  it("never contains </script or <!--, whatever the error text", () => {
    for (const script of [devClientScript(NASTY), devClientScript(NASTY, "</script>"), devClientScript()]) {
      expect(script.toLowerCase()).not.toContain("</script");
      expect(script).not.toContain("<!--");
    }
  });

  it("embeds the error text recoverably", () => {
    expect(embeddedError(devClientScript(NASTY))).toBe(NASTY);
    expect(JSON.parse(scriptLiteral(NASTY))).toBe(NASTY);
    expect(embeddedError(devClientScript())).toBeNull();
    expect(embeddedError(devClientScript(""))).toBe("");
  });

  it("is valid JavaScript that listens on /__dev/events and reloads on 'reload'", () => {
    const client = runClient(devClientScript(undefined, "b1"));
    expect(client.url).toBe("/__dev/events");
    expect(client.document.overlay()).toBeUndefined();
    client.emit("ok", "b1"); // same build: nothing to do
    expect(client.reloads()).toBe(0);
    client.emit("reload", "b2");
    expect(client.reloads()).toBe(1);
  });

  it("lists every error, each location a link into the editor", () => {
    const report = [
      "error[unknown-section-type]: content/pages/pricing.json:12:15 /sections/1/type",
      '  Unknown section type "hreo".',
      "  see: npx json-site explain unknown-section-type",
      "",
      "error[missing-site]: content/site.json:3:1",
      "  Something else.",
      "",
      "2 errors in content. Nothing was written; dist/ is unchanged.",
    ].join("\n");
    const client = runClient(devClientScript(report, "b1", "/home/me/site"));
    const all = client.document.overlay()!.all();
    expect(all.find((e) => e.tagName === "h2")?.textContent).toBe("2 content errors");
    const links = all.filter((e) => e.tagName === "a");
    expect(links.map((a) => [a.textContent, a.href])).toEqual([
      ["content/pages/pricing.json:12:15", "vscode://file/home/me/site/content/pages/pricing.json:12:15"],
      ["content/site.json:3:1", "vscode://file/home/me/site/content/site.json:3:1"],
    ]);
    expect(all.find((e) => e.tagName === "pre")?.textContent).toBe(report);
  });

  it("reloads on 'ok' when the page comes from an older build", () => {
    const client = runClient(devClientScript(undefined, "b1"));
    client.emit("ok", "b2");
    expect(client.reloads()).toBe(1);
  });

  it("shows an accessible overlay at once when the page was served with an error", () => {
    const client = runClient(devClientScript(NASTY, "b1"));
    const overlay = client.document.overlay();
    expect(overlay).toBeDefined();
    expect(overlay!.attributes.get("role")).toBe("alertdialog");
    expect(overlay!.attributes.get("aria-modal")).toBe("true");
    expect(overlay!.style.cssText).toMatch(/position:fixed/);
    expect(overlay!.style.cssText).toMatch(/z-index:\d{4,}/);
    const all = overlay!.all();
    expect(all.find((e) => e.tagName === "h2")?.textContent).toBe("Content error");
    expect(all.find((e) => e.tagName === "pre")?.textContent).toBe(NASTY);
    // Content goes in as text, never as markup.
    expect(all.some((e) => e.tagName === "script")).toBe(false);
    const button = all.find((e) => e.tagName === "button");
    expect(button?.textContent).toBe("Close");
    expect(client.document.activeElement).toBe(button);
    // Fixed content: "ok" reloads the page.
    client.emit("ok", "b1");
    expect(client.reloads()).toBe(1);
  });

  it("shows build errors from the stream, ignores connection errors, closes on Escape and Close", () => {
    const client = runClient(devClientScript(undefined, "b1"));
    client.emit("error"); // the connection dropped: no data, no overlay
    expect(client.document.overlay()).toBeUndefined();

    client.emit("error", JSON.stringify("first failure"));
    expect(client.document.overlay()?.all().find((e) => e.tagName === "pre")?.textContent).toBe("first failure");
    client.document.pressKey("Escape");
    expect(client.document.overlay()).toBeUndefined();

    client.emit("error", JSON.stringify(NASTY));
    const pre = client.document.overlay()?.all().find((e) => e.tagName === "pre");
    expect(pre?.textContent).toBe(NASTY);
    // The same error again (a reconnect) does not stack a second overlay.
    client.emit("error", JSON.stringify(NASTY));
    expect(client.document.body.all().filter((e) => e.id === "__dev-overlay")).toHaveLength(1);
    const button = client.document.overlay()!.all().find((e) => e.tagName === "button")!;
    for (const fn of button.listeners.get("click") ?? []) fn();
    expect(client.document.overlay()).toBeUndefined();

    expect(client.reloads()).toBe(0);
    client.emit("ok", "b1"); // fixed after an error: reload
    expect(client.reloads()).toBe(1);
  });
});

describe("injectDevClient", () => {
  it("puts the script just before </body>, and only one </script> in it", () => {
    const html = `<!DOCTYPE html><html><body><p>Hi</p><script src="/a.js"></script></body></html>`;
    const out = injectDevClient(html, NASTY, "b1");
    expect(out.startsWith(`<!DOCTYPE html><html><body><p>Hi</p><script src="/a.js"></script><script>(function`)).toBe(true);
    expect(out.endsWith(`})();</script></body></html>`)).toBe(true);
    expect(out.match(/<\/script/gi)).toHaveLength(2);
    const injected = out.slice(out.lastIndexOf("<script>") + "<script>".length, out.lastIndexOf("</script>"));
    expect(embeddedError(injected)).toBe(NASTY);
  });

  it("appends the script when there is no </body>", () => {
    expect(injectDevClient("<p>x</p>")).toMatch(/^<p>x<\/p><script>[\s\S]*<\/script>$/);
  });
});

describe("isEditorTempFile", () => {
  it("skips editor leftovers but not content", () => {
    for (const f of ["pages/index.json~", "pages/.index.json.swp", "a.tmp", "pages/.#index.json", "4913"])
      expect(isEditorTempFile(f), f).toBe(true);
    for (const f of ["pages/index.json", "site.json", "Hero.tsx", "tmp/x.json"]) expect(isEditorTempFile(f), f).toBe(false);
  });
});
