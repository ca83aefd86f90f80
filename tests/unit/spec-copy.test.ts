/**
 * The specification's words on the built pages: each page shows the figures and phrases the
 * spec gives it verbatim, in text order (the text nodes of the server's HTML joined as they
 * come, so a figure written as a value in one element and its label in another must still
 * read "40+ hours saved per month", with the space), and no page says what the spec does not
 * claim (in its text, title, description, image descriptions and accessible labels).
 *
 * This is the HTML the server writes, which is what search engines, screen readers before
 * any script, and visitors without script see; it needs no browser: the pages of one build
 * are read with htmlparser2, as the browser reads them with script off (their HTML is valid:
 * the Nu Html Checker holds every page in tests/e2e/pages.spec.ts). Until this file it was a
 * browser test that loaded each page once more with script off.
 */
import { Parser } from "htmlparser2";
import { beforeAll, describe, expect, it } from "vitest";
import { runPipeline, type BuildResult } from "../../scripts/pipeline/index.ts";
import { outputBytes } from "../../scripts/pipeline/stages/write/write.ts";
import { tempProject } from "./project.ts";

/** A phrase that must appear as written: a string (case included), or a pattern where the spec's casing is a sentence's. */
type Phrase = string | RegExp;

/** Spec §1, §2, §8 and §9, page by page. */
const ON_PAGE: Record<string, Phrase[]> = {
  "/": [
    "80% less admin work",
    "+5% NOI lift",
    "+50 native integrations",
    "5x faster service",
    "+9k units",
    "+13k community members",
    "+8k issues resolved by HERO",
    "+26k hours saved per year",
    "80% of routine resident inquiries",
    "Learn More",
    "Building Assessment",
    "Schedule a HERO AI Demo",
  ],
  "/customers": [
    "+9k units",
    "+13k community members",
    "+8k issues resolved by HERO",
    "+26k hours saved per year",
    "80% less admin work",
    "5x faster service",
    "+5% NOI lift",
    "+40% tenant engagement",
    "250-unit high-rise in Calgary",
    "83% platform adoption",
    "25% satisfaction increase",
    "60% faster resolution",
    /over 2 hours per day saved/i,
    "Read More",
    "Join Our Community",
  ],
  "/portfolio": ["250-unit high-rise in Calgary", /about 210,000 area/i, "83% platform adoption", "40+ hours saved per month"],
  "/solutions/building-operators": ["250-unit high-rise in Calgary", "40+ hours saved per month", "83% platform adoption", "Schedule Demo"],
  "/solutions/smarter-living": ["Smarter Living Starts Here", "80% of routine resident inquiries", "40+ hours saved per month", "+40% tenant engagement"],
  "/solutions/property-managers": [
    "Do Less Admin. Grow Your Portfolio.",
    "Schedule Demo",
    "80% of routine resident inquiries",
    "COI Compliance",
    "Smart Asset Management",
    "AI Surveys",
  ],
  "/solutions/owners": ["+5% NOI lift", "+40% tenant engagement", "tenant engagement up 40%", "80% less admin work"],
  "/solutions/residential-buildings": [
    "One Platform for Stronger Communities",
    "Simplified Operations",
    "Smarter Decisions",
    "Happier Communities",
    "Everything You Need in One Place",
    "Amenity & Event Management",
    "Package & Visitor Tracking",
    "App Payments",
    "HERO AI Concierge",
    "HERO AI Summaries",
    "Community Engagement Tools",
    "From Firefighting to Future-Proof",
  ],
  "/solutions/commercial-buildings": ["Request a Demo", "Talk to Our Team", "Service tickets buried in email"],
  "/products/urbi-hero-ai": ["80% of routine resident inquiries", "+8k issues resolved by HERO", "Schedule a HERO AI Demo"],
  "/products/urbi-konnect": ["Create", "Property Approval", "Community Participation", "zero upfront fees"],
  "/about": ["Innovation", "Collaboration", "Customer Focus"],
  "/about/careers": ["We're Growing", /remote-first across 15\+ countries/i, "No open positions"],
  "/resources": [
    "Getting Started with Property Management",
    "Advanced Analytics and Reporting",
    "Tenant Communication Best Practices",
    "Beginner",
    "Intermediate",
    "Advanced",
    "10 min",
    "15 min",
    "8 min",
    "Read Guide",
  ],
  "/pricing": ["Most Popular", "Contact Us for Pricing", /up to 10 work orders per month/i, "Starts with a free trial"],
  "/login": ["Managers & Owners", "Residents & Tenants", "Forgot your password", "Request Access"],
  "/404": ["Oops! Page not found", "Return to Home"],
};

/** Claims the spec does not make, and figures written otherwise than the spec writes them. */
const NEVER: RegExp[] = [
  /around the clock/i,
  /24\/7/,
  /day and night/i,
  /at any hour/i,
  /always on\b/i,
  /no extra cost/i,
  /within months/i,
  /more than 15/i,
  /more than 50/i,
  /more than 40 hours/i,
  /40\+? hours (a|every) month/i,
  /80% of (?!routine)/i,
  /210,000 (sq|square)/i,
  // invented customers and portfolios
  /Margaret Chen|David Okafor|Sofia Martinez/i,
  /Riverside Towers|Northline Residential|Summit Property/i,
  /180 units|2,400 units|12 buildings|28 properties/i,
];

/** Where nothing is text a reader sees. */
const HIDDEN = new Set(["script", "style", "template"]);

/**
 * The page's words in document order: every text node of <body> outside script, style and
 * template, joined as they come, spaces collapsed; and what else it says: its title and
 * description, and every element's alt, aria-label and title.
 */
export function pageWords(html: string): { text: string; other: string } {
  const parts: string[] = [];
  const other: string[] = [];
  const open: string[] = [];
  let title = "";
  let description = "";
  let hidden = 0;
  let inBody = false;
  let inTitle = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        open.push(name);
        if (HIDDEN.has(name)) hidden++;
        if (name === "body") inBody = true;
        if (name === "title" && !title) inTitle = true;
        if (name === "meta" && attrs["name"] === "description") description = attrs["content"] ?? "";
        if ("alt" in attrs || "aria-label" in attrs || "title" in attrs) other.push(attrs["alt"] ?? "", attrs["aria-label"] ?? "", attrs["title"] ?? "");
      },
      ontext(text) {
        if (inTitle) title += text;
        else if (inBody && hidden === 0) parts.push(text);
      },
      onclosetag(name) {
        const at = open.lastIndexOf(name);
        if (at === -1) return;
        for (const closed of open.splice(at)) if (HIDDEN.has(closed)) hidden--;
        if (name === "title") inTitle = false;
        if (name === "body") inBody = false;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return { text: parts.join("").replace(/\s+/g, " "), other: [title.replace(/\s+/g, " ").trim(), description, ...other].join(" | ") };
}

describe("the spec's words on every page", () => {
  let build: BuildResult;
  beforeAll(async () => {
    build = await runPipeline(tempProject(), { mode: "build", write: false });
    expect(build.ok).toBe(true);
  }, 120_000);
  const pages = () => build.routes.filter((r) => !r.alias);

  it("every page the spec gives words to is built", () => {
    expect(pages().map((r) => r.path)).toEqual(expect.arrayContaining(Object.keys(ON_PAGE)));
  });

  it("reads text as the browser does: across elements, entities decoded, scripts and templates left out", () => {
    const { text, other } = pageWords(
      '<html><head><title> A &amp; B </title><meta name="description" content="D"></head><body><p><b>40+</b> hours <span>saved</span></p><script>x</script><template><i>t</i></template><img alt="Al"><style>s</style>&nbsp;z</body></html>',
    );
    expect(text).toBe("40+ hours saved\u00a0z".replace(/\s+/g, " "));
    expect(other).toBe("A & B | D | Al |  | ");
  });

  it("each page: the spec's words as written, and nothing it does not claim", () => {
    const failures: string[] = [];
    for (const route of pages()) {
      const { text, other } = pageWords(outputBytes(build.files.get(route.output)!).toString("utf8"));
      const missing = (ON_PAGE[route.path] ?? []).filter((p) => (typeof p === "string" ? !text.includes(p) : !p.test(text)));
      if (missing.length) failures.push(`missing on ${route.path}: ${missing.map(String).join("; ")}`);
      const all = `${text} | ${other}`;
      for (const re of NEVER) {
        const m = re.exec(all);
        if (m) failures.push(`not in the spec, on ${route.path}: ${re}: "${m[0]}"`);
      }
    }
    expect(failures).toEqual([]);
  });
});
