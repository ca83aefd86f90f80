/**
 * The specification's words on the built pages: each page shows the figures and
 * phrases the spec gives it verbatim, in DOM text order (the text nodes of the
 * server's HTML joined as they come, so a figure written as a value in one element
 * and its label in another must still read "40+ hours saved per month", with the
 * space), and no page says what the spec does not claim.
 *
 * JavaScript is off: this is the HTML the server writes, which is what search
 * engines, screen readers before any script, and a test reading dist/ all see.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";

interface RouteEntry {
  path: string;
  status: number;
  alias: boolean;
}
const routes = (JSON.parse(readFileSync("dist/routes.json", "utf8")) as RouteEntry[]).filter((r) => !r.alias);
const urlOf = (r: RouteEntry) => (r.status === 404 ? "/this-address-does-not-exist" : r.path);

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

/** The page's words in DOM order: every text node outside script and style, joined as they come, spaces collapsed. */
async function domText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.parentElement?.closest("script, style, template")) continue;
      parts.push(n.nodeValue ?? "");
    }
    return parts.join("").replace(/\s+/g, " ");
  });
}

/** What else a page says: its title and description, image descriptions and accessible labels. */
async function otherText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [
      document.title,
      document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "",
      ...[...document.querySelectorAll("[alt], [aria-label], [title]")].flatMap((el) => ["alt", "aria-label", "title"].map((a) => el.getAttribute(a) ?? "")),
    ].join(" | "),
  );
}

test.use({ javaScriptEnabled: false });

test("every page the spec gives words to is built", () => {
  expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(Object.keys(ON_PAGE)));
});

for (const route of routes) {
  test(`${route.path}: the spec's words as written, and nothing it does not claim`, async ({ page }) => {
    await page.goto(urlOf(route), { waitUntil: "domcontentloaded" });
    const text = await domText(page);
    const missing = (ON_PAGE[route.path] ?? []).filter((p) => (typeof p === "string" ? !text.includes(p) : !p.test(text)));
    expect(missing, `missing on ${route.path}`).toEqual([]);
    const all = `${text} | ${await otherText(page)}`;
    const found = NEVER.flatMap((re) => {
      const m = re.exec(all);
      return m ? [`${re}: "${m[0]}"`] : [];
    });
    expect(found, `not in the spec, on ${route.path}`).toEqual([]);
  });
}
