/**
 * The Building OS site, as the generator sees it (scripts/api.ts): its document shell
 * and its extensions. Everything else the generator finds by convention in content/,
 * schemas/ and templates/.
 */
import { defineSite } from "json-site/api";
import type { Site } from "./content-types.ts";
import { Body } from "./layout/Body.tsx";
import { GuideEntry } from "./layout/GuideArticle.tsx";
import { FAVICON, Head } from "./layout/Head.tsx";
import { pageStructuredData } from "./layout/StructuredData.tsx";
import { DENIED_FEATURES } from "./permissions.ts";
import { siteChecks } from "./site-checks.ts";

export default defineSite<Site>({
  document: { Head, Body },
  language: (site) => site.language,
  // Inter, self-hosted: the variable Latin file for pages (cut to the weights and features
  // the templates use), its regular and bold cuts for the share images.
  font: {
    family: "Inter",
    file: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    weights: { min: 400, max: 700 },
    // Kerning and marks, standard and contextual ligatures (arrows), tabular figures (stats), case-sensitive forms.
    features: ["calt", "case", "ccmp", "kern", "liga", "locl", "mark", "mkmk", "rvrn", "tnum"],
    imageFiles: { regular: "@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf", bold: "@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf" },
  },
  // Guides: content/guides/<name>.md, each a page under /resources/guides/ and a record
  // of "guides" that guide lists show; an article with a title, a table of contents and a reading time.
  kinds: [
    {
      name: "guide",
      dir: "guides",
      schema: "guide.schema.json",
      route: "/resources/guides/:name",
      component: GuideEntry,
      rules: { noH1: true, uniqueHeadings: true, readTime: { field: "readTime" } },
    },
  ],
  // The brand mark: the favicon, and the source of the share images and app icons.
  templateAssets: [FAVICON],
  manifest: (site) => ({ description: site.footer.tagline }),
  // The share images and icons in the brand's colours (templates/styles.css).
  images: { colours: { background: "brand-900", shapes: "brand-800", brand: "brand-600", text: "brand-100", muted: "brand-200", accent: "accent-400" } },
  // The Organization everywhere, breadcrumbs, products, and the plans' prices as offers.
  seo: { structuredData: pageStructuredData },
  headers: {
    // The demo calendar is the only page shown in a frame; the wizard posts leads to the webhooks.
    sources: (site) => ({ frames: [site.links.calendar], connect: [site.leads.live, site.leads.test] }),
    deniedFeatures: DENIED_FEATURES,
    name: "building-os",
  },
  // How content/site.json's settings go together (a Zapier webhook needs text/plain).
  checks: siteChecks,
  // The assessment wizard's leads, received locally by npm start and npm run dev (leads.test in content/site.json),
  // with the wizard's own messages, its consent rule and its honeypot (as the browser applies them).
  receiver: {
    path: "/api/leads",
    schema: "lead.schema.json",
    file: "data/leads.jsonl",
    rules: (site) => {
      const texts = site.dialogs.assessment;
      return {
        messages: Object.fromEntries(Object.entries(texts.steps).map(([field, step]) => [field, step.error])),
        honeypot: site.leads.honeypot !== false,
        consentRequired: site.leads.consent === true,
        consentMessage: texts.consent.error,
      };
    },
  },
});
