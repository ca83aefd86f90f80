/**
 * Server HTML of the feature sections: items are written "Title – description" with
 * the Coming Soon badge after the title; the audit-trail rule (Coming Soon on its
 * page, available in the overview); a Coming Soon category's badge; Read more links
 * with a name of their own; alternating sides in the details.
 */
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { FeatureCategory, FeatureItem } from "../../templates/content-types.ts";
import { FeatureCategories } from "../../templates/sections/FeatureCategories.tsx";
import { FeatureDetails } from "../../templates/sections/FeatureDetails.tsx";
import type { BlockMarkdown } from "../../scripts/runtime/model.ts";
import { comingSoonIn, FeatureList } from "../../templates/ui/FeatureList.tsx";
import { renderStatic } from "./render.tsx";

const render = (node: ReactNode) => renderStatic(node).html;
const count = (html: string, s: string | RegExp) => html.split(s).length - 1;
/** The text of an HTML fragment, tags removed. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();

const work: FeatureItem = { title: "Work orders", description: "Assign and close work orders." };
const audit: FeatureItem = { title: "Audit trails", description: "Who changed what, and when.", comingSoon: true, overviewAvailable: true };
const waivers: FeatureItem = { title: "Digital waivers", description: "Sign waivers in the app.", comingSoon: true };
const md = { type: "root", children: [] } as unknown as BlockMarkdown;
const image = { src: { src: "/assets/x.svg", width: 1200, height: 900 }, alt: "" };
const category = (id: string, title: string, items: FeatureItem[], comingSoon = false): FeatureCategory => ({
  id,
  title,
  icon: "wrench",
  summary: `All about ${title}.`,
  comingSoon,
  groups: [
    { heading: `${title} one`, text: md, image, items: items.slice(0, 1) },
    { heading: `${title} two`, text: md, image, items: items.slice(1) },
  ],
});

describe("feature items", () => {
  it("are written 'Title – description', the badge after the title", () => {
    const html = render(<FeatureList items={[work, waivers]} where="page" />);
    const [first, second] = html.split("</li>").map(textOf);
    expect(first).toBe("Work orders – Assign and close work orders.");
    expect(second).toBe("Digital waivers Coming Soon – Sign waivers in the app.");
    expect(count(html, "data-coming-soon")).toBe(1);
  });

  it("the audit trail is Coming Soon on its page and available in the overview", () => {
    expect(comingSoonIn(audit, "page")).toBe(true);
    expect(comingSoonIn(audit, "overview")).toBe(false);
    expect(comingSoonIn(waivers, "overview")).toBe(true);
    expect(comingSoonIn(work, "page")).toBe(false);
    expect(textOf(render(<FeatureList items={[audit]} where="page" />))).toBe("Audit trails Coming Soon – Who changed what, and when.");
    expect(textOf(render(<FeatureList items={[audit]} where="overview" />))).toBe("Audit trails – Who changed what, and when.");
  });
});

describe("feature categories (overview)", () => {
  const ops = category("operations-workflow", "Operations & Workflow", [work, audit]);
  const iot = category("iot-hardware", "IoT & Hardware", [waivers, work], true);
  const html = render(<FeatureCategories section={{ type: "featureCategories", heading: "What it does", categories: [ops, iot] }} />);
  const cards = html.split("</li></ul></li>");

  it("one card per category, each listing the items of all its groups", () => {
    expect(count(html, /<h3/)).toBe(2);
    expect(textOf(cards[0]!)).toContain("Work orders – Assign and close work orders.");
    expect(textOf(cards[0]!)).toContain("Audit trails – Who changed what, and when.");
  });

  it("a badge on the Coming Soon category's title only", () => {
    const titles = [...html.matchAll(/<h3[^>]*>(.*?)<\/h3>/g)].map((m) => textOf(m[1]!));
    expect(titles).toEqual(["Operations & Workflow", "IoT & Hardware Coming Soon"]);
  });

  it("Read more goes to /features/<id>, named after its category for screen readers", () => {
    expect(html).toContain('href="/features/operations-workflow"');
    expect(html).toContain('href="/features/iot-hardware"');
    const links = [...html.matchAll(/<a [^>]*>(.*?)<\/a>/g)].map((m) => textOf(m[1]!));
    expect(links).toEqual(["Read more about Operations & Workflow", "Read more about IoT & Hardware"]);
  });
});

describe("feature details (category page)", () => {
  it("swaps the illustration's side and the background from block to block", () => {
    const ops = category("operations-workflow", "Operations & Workflow", [work, audit]);
    const html = render(<FeatureDetails section={{ type: "featureDetails", category: ops, firstImageSide: "left" }} />);
    const sections = html.split("</section>").slice(0, -1);
    expect(sections).toHaveLength(2);
    expect(sections[0]).toContain('data-tone="light"');
    expect(sections[1]).toContain('data-tone="muted"');
    expect(sections[0]).toMatch(/lg:order-1"><picture/);
    expect(sections[1]).not.toMatch(/lg:order-1"><picture/);
    expect(count(html, /<h2/)).toBe(2);
    expect(textOf(sections[1]!)).toContain("Audit trails Coming Soon – Who changed what, and when.");
  });
});
