/**
 * Server HTML of content buttons: a menu button (menu: "appStores") is the AppMenu
 * island with the site's store links, usable before its script runs; each gets its
 * own id; and buttons take their colours from the surface they sit on.
 */
import { describe, expect, it } from "vitest";
import type { Action as ActionData } from "../../templates/content-types.ts";
import { Action, Actions } from "../../templates/ui/Action.tsx";
import { renderStatic } from "./render.tsx";

const menu: ActionData = { label: "Download App", menu: "appStores" };

describe("a menu button", () => {
  const { html, islands } = renderStatic(<Actions actions={[menu, { label: "Schedule a Demo", opens: "demo", variant: "outline" }]} surface="dark" />);

  it("is the AppMenu island: a button controlling a list of the store links, each opening a new tab", () => {
    expect(islands).toEqual(["AppMenu"]);
    const button = /<button type="button" class="([^"]*)" aria-controls="([^"]+)">Download App<svg/.exec(html);
    expect(button).not.toBeNull();
    const list = new RegExp(`<div id="${button![2]}" class="header-menu [^"]*">(.*?)</div>`).exec(html);
    expect(list).not.toBeNull();
    const links = [...list![1]!.matchAll(/<a href="([^"]+)" class="[^"]*" target="_blank" rel="noopener noreferrer">/g)].map((m) => m[1]);
    expect(links).toEqual(["https://apps.example.com/ios", "https://apps.example.com/android"]);
    expect(list![1]).toContain('<span class="sr-only"> (opens in a new tab)</span>');
  });

  it("before its script: no aria-expanded and no hidden list (CSS shows it on hover and focus)", () => {
    expect(html).not.toContain("aria-expanded");
    expect(html).not.toMatch(/<div id="[^"]+" class="header-menu[^"]*" hidden/);
    expect(html).toContain('<div class="menu-root">');
  });

  it("each menu button on a page has its own id", () => {
    const twice = renderStatic(<Actions actions={[menu, { ...menu, label: "Get the app" }]} />).html;
    const ids = [...twice.matchAll(/aria-controls="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });
});

describe("button colours follow the surface", () => {
  const cls = (action: ActionData, surface?: "light" | "dark" | "brand") => /class="([^"]*)"/.exec(renderStatic(<Action action={action} surface={surface} />).html)![1]!;
  const demo: ActionData = { label: "Schedule a Demo", opens: "demo" };
  const outline: ActionData = { label: "All features", href: "/features", variant: "outline" };

  it("the filled button turns white on the brand band and stays brand blue elsewhere", () => {
    expect(cls(demo, "brand")).toContain("bg-white text-brand-800");
    expect(cls(demo, "dark")).toContain("bg-brand-600");
    expect(cls(demo)).toContain("bg-brand-600");
  });

  it("the outline button is white on dark and brand surfaces, current colour on light", () => {
    expect(cls(outline, "dark")).toContain("border-white/40");
    expect(cls(outline, "brand")).toContain("border-white/40");
    expect(cls(outline)).toContain("border-current/25");
    expect(cls(outline)).not.toContain("text-white");
  });

  it("a menu button takes the same colours as a link button", () => {
    const trigger = /<button type="button" class="([^"]*)"/.exec(renderStatic(<Action action={menu} surface="brand" />).html)![1];
    expect(trigger).toContain("bg-white text-brand-800");
  });
});

describe("srLabel", () => {
  it("is read after the label and hidden from sight; a button without one has no extra text", () => {
    const withLabel = renderStatic(<Action action={{ label: "Learn More", srLabel: "about our solutions", href: "/solutions" }} />).html;
    expect(withLabel).toMatch(/^<a href="\/solutions" class="[^"]*">Learn More<span class="sr-only"> about our solutions<\/span><\/a>$/);
    const plain = renderStatic(<Action action={{ label: "Learn More", href: "/solutions" }} />).html;
    expect(plain).toMatch(/^<a href="\/solutions" class="[^"]*">Learn More<\/a>$/);
  });
});
