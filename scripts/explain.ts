/**
 * json-site explain <code> (in this repository also npm run explain -- <code>): what an error or warning code means and what to do, as ERRORS.md
 * says it, from the catalogue itself (scripts/problems/errors.ts): reachable from any site's
 * folder, with no file of this repository to open. With no code, the list of codes.
 */
import { catalogueEntry, CATEGORIES, CODES, type Code } from "./problems/errors.ts";
import { didYouMean } from "./problems/issues.ts";
import { exampleOf } from "./docs.ts";

const [asked, ...rest] = process.argv.slice(2).filter((a) => a !== "--");
if (rest.length) {
  console.error("Usage: npx json-site explain <code>   (the code in brackets: error[broken-link] is broken-link)");
  process.exit(2);
}
if (!asked) {
  for (const [category, title] of Object.entries(CATEGORIES)) {
    const codes = CODES.filter((c) => catalogueEntry(c).category === category);
    if (codes.length) console.log(`${title}\n${codes.map((c) => `  ${c.padEnd(28)} ${catalogueEntry(c).title}`).join("\n")}\n`);
  }
  console.log("npx json-site explain <code> says what one means and what to do.");
  process.exit(0);
}
const code = asked.replace(/^(error|warning)\[|\]:?$/g, "");
if (!(CODES as string[]).includes(code)) {
  const guess = didYouMean(code, CODES);
  console.error(`There is no code "${code}".${guess ? ` Did you mean "${guess}"?` : ""} \`npx json-site explain\` lists them all.`);
  process.exit(1);
}
const e = catalogueEntry(code as Code);
console.log(`${code}: ${e.title} (${e.severity})\n\n${e.means}\n\nFor example:\n\n${exampleOf(code as Code).replace(/^/gm, "  ")}\n\nWhat to do: ${e.fix}`);
