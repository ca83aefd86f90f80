/**
 * Server HTML of the testimonials section and the split badge: ratings are read out
 * as text while the stars stay decorative, the number of filled stars follows the
 * rating, a quote without a name is attributed by its role, and a page without
 * quotes shows its "coming soon" note instead.
 */
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { SplitSection, Testimonial, TestimonialsSection } from "../../templates/content-types.ts";
import { Split } from "../../templates/sections/Split.tsx";
import { Testimonials } from "../../templates/sections/Testimonials.tsx";
import { renderStatic } from "./render.tsx";

const render = (node: ReactNode) => renderStatic(node).html;
const count = (html: string, s: string | RegExp) => html.split(s).length - 1;

const quote = (id: string, rating: number, named = true): Testimonial => ({
  id,
  ...(named ? { name: `Name ${id}`, company: "Company" } : {}),
  title: "Board President",
  content: "Our residents finally know what is happening in their building.",
  rating,
  portfolio: "Residential condominium",
});

describe("testimonials section", () => {
  it("reads each rating out as text and fills as many stars as the rating", () => {
    const section: TestimonialsSection = { type: "testimonials", heading: "What customers say", items: [quote("a", 5), quote("b", 3)] };
    const html = render(<Testimonials section={section} />);
    expect(count(html, "<figure")).toBe(2);
    expect(html).toContain('<span class="sr-only">Rated 5 out of 5</span>');
    expect(html).toContain('<span class="sr-only">Rated 3 out of 5</span>');
    expect(count(html, /<svg class="size-5 text-amber-400"/)).toBe(8);
    expect(count(html, /<svg class="size-5 text-ink-300"/)).toBe(2);
    expect(count(html, 'aria-hidden="true"')).toBe(10);
    expect(html).toContain("<blockquote");
    expect(html).toContain("Name a</span>");
    expect(html).toContain("Board President, Company");
    expect(html).toContain("Residential condominium");
  });

  it("attributes a quote without a name by role alone, the role in the name's place", () => {
    const section: TestimonialsSection = { type: "testimonials", heading: "What customers say", items: [quote("a", 5, false)] };
    const html = render(<Testimonials section={section} />);
    expect(html).toMatch(/<figcaption[^>]*><span class="block font-semibold[^"]*">Board President<\/span><span[^>]*>Residential condominium<\/span><\/figcaption>/);
    expect(html).not.toContain("Name a");
    expect(html).not.toContain(", ");
  });

  it("shows the coming-soon note, and no quotes, when it has none", () => {
    const section: TestimonialsSection = { type: "testimonials", heading: "District stories", comingSoon: "Stories from districts are coming soon." };
    const html = render(<Testimonials section={section} />);
    expect(html).toContain("Stories from districts are coming soon.");
    expect(html).not.toContain("<figure");
    expect(html).not.toContain("<ul");
  });
});

describe("split badge", () => {
  const split = (extra: Partial<SplitSection>): SplitSection => ({
    type: "split",
    heading: "Financial clarity",
    text: { markdown: "block", children: [{ type: "paragraph", children: [{ type: "text", value: "Numbers." }] }] },
    image: { src: { src: "/assets/x-0123456789.svg", width: 1200, height: 900 }, alt: "A chart" },
    ...extra,
  });
  it("shows the badge beside the eyebrow, and nothing when there is neither", () => {
    const html = render(<Split section={split({ eyebrow: "Owners", badge: "Coming Soon" })} />);
    expect(html).toMatch(/Owners<\/span><span class="[^"]*rounded-full[^"]*">Coming Soon<\/span>/);
    expect(render(<Split section={split({})} />)).not.toContain("rounded-full");
  });
});
