/**
 * The header's server HTML (templates/islands/SiteHeader.tsx rendered by React, as
 * the build does): complete and usable before JavaScript, with every text and link
 * from the props (content), and deterministic so Preact's hydration can adopt it.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import SiteHeader, { type SiteHeaderProps } from "../../templates/islands/SiteHeader.tsx";

const props: SiteHeaderProps = {
  brand: "Acme",
  nav: [
    { title: "Pricing", href: "/pricing" },
    {
      title: "Company",
      links: [
        { title: "About", href: "/about", description: "Who we are" },
        { title: "Careers", href: "/careers", hiring: true },
      ],
    },
    {
      title: "Platform",
      style: "panel",
      links: [
        { title: "Kore", href: "/kore", description: "Run operations" },
        { title: "Docs", href: "https://docs.example.com", description: "Guides", external: true },
      ],
    },
  ],
  login: [{ title: "Kore", description: "Management login", href: "https://kore.example.com", external: true }],
  loginLabel: "Sign in",
  menuLabel: "Menu please",
  labels: { closeMenu: "Close it", hiring: "Now hiring", newTab: "(new tab)", mainNav: "Primary", mobileNav: "Primary menu" },
  demoLabel: "Book a demo",
  demoHref: "https://cal.example.com/x",
  demoTitle: "Schedule a Product Demo",
  variant: "transparent",
};

const html = renderToStaticMarkup(<SiteHeader {...props} />);
const count = (s: string) => html.split(s).length - 1;

describe("header server HTML", () => {
  it("renders without a browser and the same every time", () => {
    expect(typeof window).toBe("undefined");
    expect(renderToStaticMarkup(<SiteHeader {...props} />)).toBe(html);
  });

  it("starts in the scroll-0 state of its variant, before the island is ready", () => {
    expect(html).toMatch(/^<header class="site-header[^"]*" data-variant="transparent">/);
    expect(html).not.toContain("data-scrolled");
    expect(html).not.toContain("data-ready");
    expect(renderToStaticMarkup(<SiteHeader {...props} variant="solid" />)).toContain('data-variant="solid"');
  });

  it("has a disclosure button per menu, controlling its list of links, which CSS shows until the island is ready", () => {
    for (const [id, title] of [
      ["1", "Company"],
      ["2", "Platform"],
      ["login", "Sign in"],
    ]) {
      expect(html).toContain(`<button type="button" class="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-current/10 aria-expanded:bg-current/10" aria-controls="site-menu-${id}">${title}<svg`);
      expect(html).toMatch(new RegExp(`<div id="site-menu-${id}" class="header-menu [^"]*"><ul`));
    }
    expect(html).not.toMatch(/id="site-menu-[^"]*"[^>]*hidden/);
  });

  it("renders a plain link for an entry with href, a dropdown or a panel for an entry with links", () => {
    expect(html).toContain('<a href="/pricing" class="block rounded-md px-3 py-2 text-sm font-medium hover:bg-current/10">Pricing</a>');
    expect(html).toMatch(/<div id="site-menu-1" class="header-menu [^"]*"><ul class="w-72 /);
    expect(html).toMatch(/<div id="site-menu-2" class="header-menu [^"]*"><ul class="grid [^"]*grid-cols-2/);
    expect(html).toContain("Run operations");
  });

  it("opens external links in a new tab and says so; shows the hiring badge", () => {
    expect(count('target="_blank" rel="noopener noreferrer"')).toBe(4); // Docs and the login link, in the menus and the drawer
    expect(count('<span class="sr-only"> (new tab)</span>')).toBe(4);
    expect(count("Now hiring")).toBe(2);
    expect(html).not.toMatch(/href="\/careers"[^>]*target/);
  });

  it("has the demo button the dialog loader expects, in the bar and in the drawer, with its no-script link", () => {
    expect(count('aria-haspopup="dialog" data-open="demo" data-dialog-title="Schedule a Product Demo" data-href="https://cal.example.com/x"')).toBe(2);
    expect(count(">Book a demo</button>")).toBe(2);
    expect(html.match(/<a href="https:\/\/cal\.example\.com\/x" class="[^"]*nojs-only">Book a demo<\/a>/g)).toHaveLength(2);
  });

  it("has the drawer: a closed modal dialog with the same links, the login links and the demo link", () => {
    expect(html).toContain('aria-label="Menu please" aria-expanded="false" aria-controls="site-drawer"');
    expect(html).toContain('<div id="site-drawer" class="header-drawer fixed inset-0 z-50">');
    expect(html).toContain('role="dialog" aria-modal="true" aria-label="Acme menu"');
    expect(html).toContain('aria-label="Close it"');
    const drawer = html.slice(html.indexOf('id="site-drawer"'));
    for (const text of ['href="/pricing"', 'href="/about"', 'href="https://kore.example.com"']) expect(drawer).toContain(text);
    // Each menu, and the login links, a disclosure in a heading: a button that says whether its group is open and which it is.
    const groups = [...drawer.matchAll(/<h2><button type="button" class="[^"]*" aria-expanded="true" aria-controls="([^"]+)" data-disclosure="">([^<]+)<svg/g)].map((m) => [m[2], m[1]]);
    expect(groups.map(([title]) => title)).toEqual(["Company", "Platform", "Sign in"]);
    for (const [, id] of groups) expect(drawer).toContain(`<div id="${id}" class="pb-3">`);
  });

  it("takes every text from its props", () => {
    const texts = [...html.matchAll(/>([^<]+)</g)].map((m) => m[1]!.trim()).filter(Boolean);
    const fromProps = new Set([
      "Acme",
      "Pricing",
      "Company",
      "About",
      "Who we are",
      "Careers",
      "Platform",
      "Kore",
      "Run operations",
      "Docs",
      "Guides",
      "Management login",
      "Sign in",
      "Book a demo",
      "Now hiring",
      "(new tab)",
    ]);
    expect(texts.filter((t) => !fromProps.has(t))).toEqual([]);
  });
});
