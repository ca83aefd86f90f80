/**
 * Server HTML of the hero slideshow and the carousel section, rendered by React as
 * the build does: every slide is in the page, the APG carousel attributes are there,
 * the schema's defaults fill in what content leaves out, and the output is
 * deterministic (the first Preact render must equal it).
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import carouselSchema from "../../schemas/sections/carousel.schema.json" with { type: "json" };
import heroSchema from "../../schemas/sections/hero.schema.json" with { type: "json" };
import type { CarouselSection, HeroSection } from "../../templates/content-types.ts";
import HeroSlideshow, { type HeroSlideshowProps } from "../../templates/islands/HeroSlideshow.tsx";
import type { Asset, InlineMarkdown } from "../../scripts/runtime/model.ts";
import { Carousel, headingId } from "../../templates/sections/Carousel.tsx";
import { Hero } from "../../templates/sections/Hero.tsx";
import { Icon, ICON_NAMES, iconShape } from "../../templates/ui/Icon.tsx";
import { renderStatic } from "./render.tsx";

const render = renderStatic;
const count = (html: string, s: string | RegExp) => html.split(s).length - 1;
/** A data-* attribute the server writes for the island's browser module (there are no props: it reads the markup). */
function dataAttr(html: string, name: string): string {
  const m = new RegExp(` data-${name}="([^"]*)"`).exec(html);
  if (!m) throw new Error(`no data-${name}`);
  return m[1]!;
}

const text = (s: string): InlineMarkdown => ({ markdown: "inline", children: [{ type: "text", value: s }] });
const asset = (name: string): Asset => ({ src: `/assets/${name}-0123456789.svg`, width: 1600, height: 1000 });

describe("hero slideshow", () => {
  const hero = (n: number, extra: Partial<HeroSection> = {}): HeroSection => ({
    type: "hero",
    heading: "Run every building",
    text: text("Less admin."),
    images: Array.from({ length: n }, (_, i) => ({ src: asset(`hero-${i + 1}`), alt: i === 2 ? "A school at dusk" : "" })) as HeroSection["images"],
    ...extra,
  });

  it("keeps one plain, high-priority image and no island when there is one image", () => {
    const { html, islands } = render(<Hero section={hero(1)} />);
    expect(islands).toEqual([]);
    expect(count(html, "<img")).toBe(1);
    expect(html).toMatch(/<img src="\/assets\/hero-1-0123456789\.svg" width="1600" height="1000" alt="" fetchPriority="high"/);
  });

  it("with several images renders them all, stacked: the first eager and high priority, the others lazy and async", () => {
    const { html, islands } = render(<Hero section={hero(6)} />);
    expect(islands).toEqual(["HeroSlideshow"]);
    const imgs = html.match(/<img [^>]*>/g)!;
    expect(imgs).toHaveLength(6);
    expect(imgs[0]).toContain('fetchPriority="high"');
    expect(imgs[0]).not.toContain("loading=");
    expect(imgs[0]).toContain("opacity-100");
    for (const img of imgs.slice(1)) {
      expect(img).toContain('loading="lazy"');
      expect(img).toContain('decoding="async"');
      expect(img).not.toContain("fetchPriority");
      expect(img).toContain("opacity-0");
      expect(img).toContain('aria-hidden="true"');
    }
    // Same box for every image, with its size: no layout shift.
    for (const img of imgs) {
      expect(img).toMatch(/class="absolute inset-0 h-88 w-full object-cover max-sm:bottom-auto sm:h-full /);
      expect(img).toContain('width="1600" height="1000"');
      expect(img).toContain("motion-reduce:transition-none");
    }
  });

  it("has a named group of controls: pause, one dot per image ('Show slide n of N', the first current) and a progress bar", () => {
    const { html } = render(<Hero section={hero(6)} />);
    expect(html).toContain('role="group" aria-label="Background images"');
    expect(html).toContain('aria-label="Pause the background slideshow" data-rotation="playing"');
    for (let n = 1; n <= 6; n++) expect(html).toContain(`aria-label="Show slide ${n} of 6"`);
    expect(count(html, 'aria-current="true"')).toBe(1);
    expect(html).toContain('aria-label="Show slide 1 of 6" aria-current="true" aria-disabled="true"');
    expect(html).toMatch(/<span data-progress="" class="[^"]*origin-left scale-x-0[^"]*"><\/span>/);
    expect(html).not.toContain("style=");
  });

  it("takes the interval and the control names from content, else the schema's defaults", () => {
    const defaults = render(<Hero section={hero(2)} />).html;
    expect(defaults).not.toContain("data-island-props");
    expect(Number(dataAttr(defaults, "interval"))).toBe(5000);
    expect(Number(dataAttr(defaults, "interval"))).toBe(heroSchema.properties.intervalMs.default);
    expect(defaults).toContain('role="group" aria-label="Background images"');
    expect(dataAttr(defaults, "pause")).toBe("Pause the background slideshow");
    expect(dataAttr(defaults, "play")).toBe("Play the background slideshow");
    expect(defaults).toContain('aria-label="Show slide 2 of 2"');
    const custom = render(<Hero section={hero(2, { intervalMs: 7000, labels: { play: "Weiter" } })} />).html;
    expect(Number(dataAttr(custom, "interval"))).toBe(7000);
    expect(dataAttr(custom, "play")).toBe("Weiter");
    expect(dataAttr(custom, "pause")).toBe("Pause the background slideshow");
  });

  it("renders the same HTML every time, without a browser", () => {
    const props: HeroSlideshowProps = {
      images: [1, 2, 3].map((i) => ({ src: asset(`h${i}`), decorative: true })),
      intervalMs: 5000,
      labels: { slideshow: "S", pause: "P", play: "Go", show: "Show {n}" },
    };
    expect(typeof window).toBe("undefined");
    expect(renderToStaticMarkup(<HeroSlideshow {...props} />)).toBe(renderToStaticMarkup(<HeroSlideshow {...props} />));
  });
});

describe("carousel section", () => {
  const items: CarouselSection["items"] = [
    { category: "Resident support", title: "Chat & Concierge", description: "Answers residents.", icon: "messages-square" },
    { title: "Daily Summary Briefs", description: "A brief every morning.", icon: "clock" },
    { category: "Front desk", title: "Package Scanning", description: "Scan, log, notify.", icon: "credit-card" },
  ];
  const section = (extra: Partial<CarouselSection> = {}): CarouselSection => ({ type: "carousel", id: "hero-ai", heading: "HERO AI at work", items, ...extra });

  it("is a region named by its heading, with aria-roledescription carousel", () => {
    const { html, islands } = render(<Carousel section={section()} />);
    expect(islands).toEqual(["Carousel"]);
    expect(html).toContain('<h2 id="carousel-hero-ai-heading"');
    expect(html).toContain('role="region" aria-roledescription="carousel" aria-labelledby="carousel-hero-ai-heading"');
  });

  it("puts every slide in the HTML as a group named 'n of N', inside a live region that is off while rotating", () => {
    const { html } = render(<Carousel section={section()} />);
    for (const [i, item] of items.entries()) {
      expect(html).toContain(`role="group" aria-roledescription="slide" aria-label="${i + 1} of 3"`);
      expect(html).toContain(item.title.replace("&", "&amp;"));
      expect(html).toContain(item.description);
    }
    expect(count(html, 'aria-live="off"')).toBe(1);
    expect(count(html, "data-current")).toBe(1);
  });

  it("has pause, previous, next and one dot per slide, with the schema's default names", () => {
    const { html } = render(<Carousel section={section()} />);
    const labels = carouselSchema.properties.labels.properties;
    expect(html).toContain(`aria-label="${labels.pause.default}" data-rotation="playing"`);
    expect(html).toContain(`aria-label="${labels.previous.default}"`);
    expect(html).toContain(`aria-label="${labels.next.default}"`);
    expect(html).toContain('aria-label="Show slide 1" aria-current="true" aria-disabled="true"');
    expect(html).toContain('aria-label="Show slide 3"');
    expect(count(html, 'aria-current="true"')).toBe(1);
  });

  it("uses the content's names for the controls and slides where given", () => {
    const { html } = render(<Carousel section={section({ labels: { previous: "Zurück", slide: "Folie {n} von {total}", show: "Folie {n} zeigen" } })} />);
    expect(html).toContain('aria-label="Zurück"');
    expect(html).toContain('aria-label="Next slide"');
    expect(html).toContain('aria-label="Folie 2 von 3"');
    expect(html).toContain('aria-label="Folie 3 zeigen"');
  });

  it("cards: a sideways row reachable by keyboard, the first card current with the progress bar", () => {
    const { html } = render(<Carousel section={section({ intervalMs: 6000 })} />);
    const row = /<div data-track="" tabindex="0" class="([^"]*)"/.exec(html)?.[1] ?? "";
    expect(row.split(" ")).toEqual(expect.arrayContaining(["flex", "overflow-x-auto", "snap-x", "snap-mandatory"]));
    expect(html).toMatch(/aria-label="1 of 3" data-current=""[^>]*>(?:(?!aria-roledescription="slide").)*data-progress=""/);
    expect(dataAttr(html, "interval")).toBe("6000");
  });

  it("slides: stacked in one grid cell, the first visible and the others invisible until the island runs", () => {
    const { html } = render(<Carousel section={section({ variant: "slides" })} />);
    const slides = html.match(/<div role="group" aria-roledescription="slide"[^>]*>/g)!;
    expect(slides).toHaveLength(3);
    expect(slides[0]).toContain("col-start-1 row-start-1");
    expect(slides[0]).toContain("visible opacity-100");
    for (const s of slides.slice(1)) expect(s).toContain("invisible opacity-0");
    expect(html).not.toContain('tabindex="0"');
    expect(count(html, "data-progress")).toBe(1);
  });

  it("defaults: cards, 4000 ms", () => {
    const { html } = render(<Carousel section={section()} />);
    expect(html).not.toContain("data-island-props");
    expect(dataAttr(html, "interval")).toBe("4000");
    expect(html).toContain('data-track=""');
    expect(dataAttr(html, "tone")).toBe("light");
  });

  it("shows its button under the carousel, or none when hidden", () => {
    const action = { label: "Schedule a HERO AI Demo", opens: "demo" as const, dialogTitle: "Schedule a HERO AI Demo" };
    const { html } = render(<Carousel section={section({ action })} />);
    expect(html).toMatch(/<button type="button" [^>]*aria-haspopup="dialog" data-open="demo" data-dialog-title="Schedule a HERO AI Demo" data-href="[^"]+">Schedule a HERO AI Demo<\/button>/);
    expect(render(<Carousel section={section({ action: { ...action, hidden: true } })} />).html).not.toContain("data-open");
  });

  it("draws each icon exactly as the Icon component does, circles, rects and lines included", () => {
    const { html } = render(<Carousel section={section()} />);
    for (const item of items) expect(html).toContain(renderToStaticMarkup(<Icon name={item.icon} className="size-6" />));
    expect(html).toMatch(/<circle cx="12" cy="12" r="10"><\/circle>/); // clock
    expect(html).toMatch(/<rect [^>]*width="20"[^>]*><\/rect>/); // credit-card
    for (const name of ICON_NAMES) expect(iconShape(name).nodes.length).toBeGreaterThan(0);
  });

  it("serializes only the icons its items show, as plain data", () => {
    const shapes = items.map((item) => iconShape(item.icon));
    expect(JSON.parse(JSON.stringify(shapes))).toEqual(shapes);
    expect(JSON.stringify(shapes).length).toBeLessThan(1000);
  });

  it("makes a heading id from the section id, else from the heading", () => {
    expect(headingId({ id: "hero-ai", heading: "x" })).toBe("carousel-hero-ai-heading");
    expect(headingId({ heading: "What HERO AI does, day & night!" })).toBe("carousel-what-hero-ai-does-day-night-heading");
  });
});
