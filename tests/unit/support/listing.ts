import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../../../scripts/lib/paths.ts";

/**
 * Templates that list (api.ts useEntries): every guide's page lists three other guides, and the
 * footer, a part shared by every page, shows the plans' records. Each page's key then holds the
 * lists it read, which the edits change (a guide added, renamed, removed, its title edited; a
 * plan's text edited). Made from the repository's templates, so that they stay the site's.
 */
export function listingTemplates(): Record<string, string> {
  const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
  const article = read("templates/layout/GuideArticle.tsx");
  const body = read("templates/layout/Body.tsx");
  const opening = '<article className="bg-white pt-28 pb-20 sm:pt-32">';
  const footer = '<Cached id="footer">';
  if (!article.includes(opening) || !body.includes(footer)) throw new Error("oracle.test.ts listingTemplates: the places it adds to are no longer in the templates; update it");
  return {
    "templates/layout/GuideArticle.tsx":
      article.replace(opening, `${opening}\n<OtherGuides not={guide.title} />`) +
      '\nimport { useEntries } from "json-site/api";\nfunction OtherGuides({ not }: { not: string }) {\n  const others = useEntries<GuideRecord>("guides", { where: (g) => g.title !== not, sort: "title", order: "descending", limit: 3 });\n  return <ul data-other-guides="">{others.map((g) => <li key={g.id}><a href={g.href}>{g.title}</a></li>)}</ul>;\n}\n',
    "templates/layout/Body.tsx":
      body.replace(footer, `${footer}\n<PlanList />`) +
      '\nimport { useEntries as usePlans } from "json-site/api";\nfunction PlanList() {\n  const plans = usePlans<{ id: string }>("plans");\n  return <p data-plans="">{plans.map((p) => JSON.stringify(p)).join(" ")}</p>;\n}\n',
  };
}

