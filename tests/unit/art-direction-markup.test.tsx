/**
 * Server HTML of the art direction and proof blocks (issue 37): the hero's three kinds
 * (background art, a product's screen, the plain ground), screens cropped to their focus
 * on phones, the card grid's list and scenario layouts, the coming-soon testimonials
 * panel and the video poster with its buttons, and compounds kept on one line. Each
 * expectation names what a visitor would see otherwise.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Asset, InlineMarkdown } from "../../scripts/runtime/model.ts";
import type { CardGridSection, HeroSection, TestimonialsSection, VideoPosterSection } from "../../templates/content-types.ts";
import { CardGrid } from "../../templates/sections/CardGrid.tsx";
import { Hero } from "../../templates/sections/Hero.tsx";
import { Testimonials } from "../../templates/sections/Testimonials.tsx";
import { VideoPoster } from "../../templates/sections/VideoPoster.tsx";
import { keepCompounds } from "../../templates/ui/compounds.tsx";
import { Screen } from "../../templates/ui/Screen.tsx";
import { renderStatic } from "./render.tsx";

const text = (s: string): InlineMarkdown => ({ markdown: "inline", children: [{ type: "text", value: s }] });
const drawing = (name: string): Asset => ({ src: `/assets/${name}-0123456789.svg`, width: 1200, height: 900 });
const photo = (name: string): Asset => ({
  src: `/assets/${name}-960.jpg`,
  width: 1920,
  height: 1280,
  srcset: `/assets/${name}-960.jpg 960w`,
  sources: [{ type: "image/avif", srcset: `/assets/${name}-960.avif 960w` }],
});
const imgs = (html: string) => html.match(/<img [^>]*>/g) ?? [];
const textOf = (html: string) => html.replace(/<[^>]+>/g, "");

describe("hero", () => {
  const base: HeroSection = { type: "hero", heading: "The Central Hub for Running Every Building", text: text("Tickets in one place.") };

  it("beside a product's screen: the screen is the page's one image, named by its alt and fetched first, with no background art", () => {
    const { html } = renderStatic(<Hero section={{ ...base, screen: { src: drawing("ill-dashboard"), alt: "The Kore dashboard" } }} />);
    const all = imgs(html);
    expect(all).toHaveLength(1);
    expect(all[0]).toContain('alt="The Kore dashboard"');
    expect(all[0]).toContain('fetchPriority="high"');
    expect(html).not.toContain("hero-scrim");
    expect(html).toContain("lg:grid-cols-");
  });

  it("with neither background nor screen: the plain ground, no image at all", () => {
    const { html } = renderStatic(<Hero section={base} />);
    expect(imgs(html)).toEqual([]);
    expect(html).toContain("hero-ground");
    expect(html).toContain("<h1");
  });

  it("over background art: on phones the art keeps the top of the hero (not the whole hero under a dark layer)", () => {
    const { html } = renderStatic(<Hero section={{ ...base, images: [{ src: drawing("hero-school"), decorative: true }] }} />);
    const [img] = imgs(html);
    expect(img).toContain("max-sm:bottom-auto");
    expect(img).toContain("h-88");
    expect(html).toContain("hero-scrim");
    expect(html).not.toContain("bg-ink-950/90");
  });

  it("four figures go two by two on phones; three each take a row with the label beside the value", () => {
    const four = renderStatic(<Hero section={{ ...base, highlights: ["1", "2", "3", "4"].map((v) => ({ value: v, label: `label ${v}` })) }} />).html;
    expect(four).toMatch(/class="[^"]*grid-cols-2 sm:grid-cols-4/);
    const three = renderStatic(<Hero section={{ ...base, highlights: ["1", "2", "3"].map((v) => ({ value: v, label: `label ${v}` })) }} />).html;
    expect(three).toContain("max-sm:flex-row");
    expect(three).not.toMatch(/grid-cols-3 gap-x-4/);
  });
});

describe("screens on phones", () => {
  it("a drawing is cropped to a 4:5 window on its left unless its focus says otherwise", () => {
    const left = renderStatic(<Screen image={{ src: drawing("ill-iot"), alt: "Hardware" }} sizes="100vw" />).html;
    expect(left).toContain("max-sm:aspect-[4/5]");
    expect(left).toContain("max-sm:object-left");
    const right = renderStatic(<Screen image={{ src: drawing("ill-iot"), alt: "Hardware", focus: "right" }} sizes="100vw" />).html;
    expect(right).toContain("max-sm:object-right");
    expect(right).not.toContain("max-sm:object-left");
  });

  it("a photo is shown whole: its copies and focal point are the generator's", () => {
    const html = renderStatic(<Screen image={{ src: photo("lobby"), alt: "A lobby" }} sizes="100vw" />).html;
    expect(html).not.toContain("aspect-[4/5]");
    expect(html).not.toContain("object-left");
  });
});

describe("card grid layouts", () => {
  const roadmap: CardGridSection = {
    type: "cardGrid",
    heading: "What we are building next",
    layout: "list",
    columns: 4,
    cards: ["AI surveys", "Digital waivers", "Audit trails"].map((title) => ({ title, badge: "Coming Soon" })),
  };

  it("a list whose items all share a badge shows it once, and still reads it with each item", () => {
    const html = renderStatic(<CardGrid section={roadmap} />).html;
    expect(html.match(/aria-hidden="true"><span[^>]*>Coming Soon</g)).toHaveLength(1);
    expect(html.match(/<span class="sr-only">, Coming Soon<\/span>/g)).toHaveLength(3);
    expect(html.match(/<h3/g)).toHaveLength(3);
    // Titles alone go two to a row even on phones.
    expect(html).toMatch(/<ul class="grid gap-x-6 sm:gap-x-10 grid-cols-2/);
  });

  it("a list with texts keeps one item per row on phones, and a card without a text draws no empty paragraph", () => {
    const html = renderStatic(
      <CardGrid section={{ ...roadmap, cards: [{ title: "Service tickets", description: text("Routed on arrival.") }, { title: "Crisis alerts" }] }} />,
    ).html;
    expect(html).not.toMatch(/<ul class="grid gap-x-6 sm:gap-x-10 grid-cols-2/);
    expect(html.match(/<p class="mt-1 text-sm/g)).toHaveLength(1);
  });

  it("a long list (eight items) shows phones its titles two to a row, each text kept for screen readers", () => {
    const cards = Array.from({ length: 8 }, (_, i) => ({ title: `Feature ${i + 1}`, description: text(`What feature ${i + 1} does.`) }));
    const html = renderStatic(<CardGrid section={{ ...roadmap, cards }} />).html;
    expect(html).toMatch(/<ul class="grid gap-x-6 sm:gap-x-10 grid-cols-2/);
    expect(html.match(/<p class="mt-1 text-sm leading-6 max-sm:sr-only/g)).toHaveLength(8);
    const seven = renderStatic(<CardGrid section={{ ...roadmap, cards: cards.slice(0, 7) }} />).html;
    expect(seven).not.toContain("max-sm:sr-only");
  });

  it("scenarios are set apart from customers: a dashed frame, the label above, the result as the heading", () => {
    const html = renderStatic(
      <CardGrid
        section={{
          type: "cardGrid",
          heading: "What the change can look like",
          layout: "scenarios",
          columns: 4,
          cards: [{ icon: "thumbs-up", label: "Sample · Residential condominium", title: "25% satisfaction increase", description: text("News moves into the app.") }],
        }}
      />,
    ).html;
    expect(html).toContain("border-dashed");
    expect(html).toMatch(/Sample · Residential condominium<\/p><\/div><h3[^>]*>25% satisfaction increase<\/h3>/);
    expect(html).not.toContain("<blockquote");
  });
});

describe("coming-soon states", () => {
  it("testimonials to come: the note and the block's buttons together in one panel", () => {
    const section: TestimonialsSection = {
      type: "testimonials",
      heading: "Stories from districts",
      comingSoon: "District stories are coming soon.",
      actions: [{ label: "Read the Calgary case study", href: "/portfolio" }],
    };
    const html = renderStatic(<Testimonials section={section} />).html;
    const panel = html.slice(html.indexOf("District stories"));
    expect(panel).toContain('href="/portfolio"');
    expect(html.match(/href="\/portfolio"/g)).toHaveLength(1);
  });

  it("the video poster says the video is coming and offers what exists now, with no fake play button", () => {
    const section: VideoPosterSection = {
      type: "videoPoster",
      heading: "Meet the team behind Building OS",
      image: { src: photo("lobby"), alt: "A lobby" },
      label: "Video coming soon",
      actions: [{ label: "Work with us", href: "/about/careers" }],
    };
    const html = renderStatic(<VideoPoster section={section} />).html;
    // The caption is the figure's last child and says only that; the buttons follow the figure.
    expect(html).toMatch(/<figcaption[^>]*>(?:(?!<\/figcaption>)[\s\S])*Video coming soon<\/span><\/figcaption><\/figure>/);
    expect(html.indexOf('href="/about/careers"')).toBeGreaterThan(html.indexOf("</figure>"));
    expect(html).not.toMatch(/<button/);
  });
});

describe("compounds stay on one line", () => {
  const html = (s: string) => renderToStaticMarkup(<p>{keepCompounds(s)}</p>);

  it("wraps a compound with a short part in a no-wrap span and leaves the words as they were", () => {
    const out = html("Residents ask by chat, phone, text or e-mail in a 20-minute demo.");
    expect(out).toContain('<span class="whitespace-nowrap">e-mail</span>');
    expect(out).toContain('<span class="whitespace-nowrap">20-minute</span>');
    expect(textOf(out)).toBe("Residents ask by chat, phone, text or e-mail in a 20-minute demo.");
  });

  it("lets long compounds break, and returns text without hyphens untouched", () => {
    expect(html("district-wide insights")).toBe("<p>district-wide insights</p>");
    expect(keepCompounds("no hyphen here")).toBe("no hyphen here");
    expect(html("AI-drafted replies")).toContain('<span class="whitespace-nowrap">AI-drafted</span>');
  });

  it("keeps a name that ends in an acronym on one line, and leaves other capitals alone", () => {
    const out = html("Six moments HERO AI handles on its own, on Building OS and Urbi HERO AI.");
    expect(out).toContain('<span class="whitespace-nowrap">HERO AI</span>');
    expect(out).toContain('<span class="whitespace-nowrap">Building OS</span>');
    expect(out).toContain('<span class="whitespace-nowrap">Urbi HERO AI</span>');
    expect(textOf(out)).toBe("Six moments HERO AI handles on its own, on Building OS and Urbi HERO AI.");
    // A single capital (Tower A), an acronym before lower-case words, and words in Title Case are not names of this kind.
    expect(html("Tower A, AI assistant, Request Demo")).toBe("<p>Tower A, AI assistant, Request Demo</p>");
  });
});
