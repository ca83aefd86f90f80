import { describe, expect, it, vi } from "vitest";
import { onOpenRequest, requestOpen } from "../../scripts/runtime/open-requests.ts";

describe("open requests", () => {
  it("hands a request made before the dialog mounted to it when it registers", () => {
    requestOpen({ kind: "early", title: "Schedule a HERO AI Demo" });
    const handler = vi.fn();
    const off = onOpenRequest("early", handler);
    expect(handler).toHaveBeenCalledWith({ kind: "early", title: "Schedule a HERO AI Demo" });
    off();
  });

  it("delivers at once to a mounted dialog, and only to the dialog of that kind", () => {
    const demo = vi.fn();
    const other = vi.fn();
    const offDemo = onOpenRequest("demo-x", demo);
    const offOther = onOpenRequest("other-x", other);
    requestOpen({ kind: "demo-x" });
    expect(demo).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    offDemo();
    offOther();
  });

  it("keeps only the latest waiting request, and none after it was delivered", () => {
    requestOpen({ kind: "late", title: "first" });
    requestOpen({ kind: "late", title: "second" });
    const handler = vi.fn();
    onOpenRequest("late", handler)();
    expect(handler.mock.calls).toEqual([[{ kind: "late", title: "second" }]]);
    const again = vi.fn();
    onOpenRequest("late", again)();
    expect(again).not.toHaveBeenCalled();
  });

  it("stops delivering after unregistering", () => {
    const handler = vi.fn();
    const off = onOpenRequest("gone", handler);
    off();
    requestOpen({ kind: "gone" });
    expect(handler).not.toHaveBeenCalled();
  });
});

describe("open requests across bundles", () => {
  it("is one registry for two copies of the module (the dialog loader's bundle and a dialog's)", async () => {
    // Two module instances, as the two bundles have: a query makes Vite load the file again.
    const file = "../../scripts/runtime/open-requests.ts";
    const copy = async (name: string) => (await import(/* @vite-ignore */ `${file}?copy=${name}`)) as typeof import("../../scripts/runtime/open-requests.ts");
    const [loader, dialog] = [await copy("loader"), await copy("dialog")];
    expect(loader).not.toBe(dialog);
    loader.requestOpen({ kind: "across", title: "Book a demo" });
    const handler = vi.fn();
    dialog.onOpenRequest("across", handler)();
    expect(handler).toHaveBeenCalledWith({ kind: "across", title: "Book a demo" });
  });
});
