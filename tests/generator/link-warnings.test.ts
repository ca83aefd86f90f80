/**
 * Links and addresses that work but are likely mistakes (warnings; nothing is fetched):
 * http:// links (insecure-link), e-mail addresses with a typo in mailto: links and
 * e-mail fields (mistyped-email), and pages of this site written with the site's whole
 * address (own-site-address) or with its name mistyped (mistyped-site-address).
 */
import { afterAll, describe, expect, it } from "vitest";
import { emailMistake, isLocalHost, siteHostMatch, typoDistance } from "../../scripts/lib/url.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import { formatIssue, location, type Issue } from "../../scripts/problems/issues.ts";
import { externalLinkProblem } from "../../scripts/pipeline/stages/routes/links.ts";
import { edited, fixturesRemovedAfterAll } from "./fixture.ts";

const project = fixturesRemovedAfterAll(afterAll);
const SITE = "content/site.json";
const INDEX = "content/pages/index.json";
const NOTE = "content/notes/first-flight.md";
const OURS = ["insecure-link", "mistyped-email", "own-site-address", "mistyped-site-address"];
const ours = (issues: Issue[]) => issues.filter((i) => OURS.includes(i.code));
const line = (i: Issue) => `${i.severity} ${i.code} ${location(i)}`;

describe("e-mail addresses with a typo", () => {
  it("finds each kind of mistake, with the corrected address where one can be worked out", () => {
    const site = "www.urbi.com";
    expect(emailMistake("hello@urbi", site)).toEqual({ mistake: "no-dot", guess: "hello@urbi.com" });
    expect(emailMistake("hello@acme", site)).toEqual({ mistake: "no-dot" });
    expect(emailMistake("hello@example,com")).toEqual({ mistake: "comma", guess: "hello@example.com" });
    expect(emailMistake("hel lo@example.com")).toEqual({ mistake: "space", guess: "hello@example.com" });
    expect(emailMistake("hello@@example.com")).toEqual({ mistake: "two-at", guess: "hello@example.com" });
    expect(emailMistake("hello@help@example.com")).toEqual({ mistake: "two-at" });
    expect(emailMistake("hello@example.com.")).toEqual({ mistake: "trailing-dot", guess: "hello@example.com" });
    expect(emailMistake("hello@example..com")).toEqual({ mistake: "double-dot", guess: "hello@example.com" });
    expect(emailMistake("@example.com")).toEqual({ mistake: "nothing-before-at" });
    expect(emailMistake("hello.example.com")).toEqual({ mistake: "no-at" });
    expect(emailMistake("jo@gmial.com")).toEqual({ mistake: "misspelt-domain", domain: "gmial.com", guess: "jo@gmail.com" });
    expect(emailMistake("jo@hotmial.com")).toEqual({ mistake: "misspelt-domain", domain: "hotmial.com", guess: "jo@hotmail.com" });
    expect(emailMistake("jo@acme.con")).toEqual({ mistake: "misspelt-domain", domain: "acme.con", guess: "jo@acme.com" });
    expect(emailMistake("hello@ubri.com", site)).toEqual({ mistake: "misspelt-domain", domain: "ubri.com", guess: "hello@urbi.com" });
    // Several mistakes: the first is named, the guess corrects them all.
    expect(emailMistake("hello @gmial,com")).toEqual({ mistake: "space", guess: "hello@gmail.com" });
  });

  it("leaves right addresses alone, including mail services one letter away from a common one", () => {
    for (const address of ["hello@example.com", "jo@gmail.com", "jo@ymail.com", "jo@mail.com", "jo@email.com", "jo@acme.co", "team@help.urbi.com", "a.b+c@sub.domain.ca"])
      expect(emailMistake(address, "www.urbi.com"), address).toBeUndefined();
  });
});

describe("the site's own name", () => {
  it("the same name, with or without www., is the site; a name one letter off is a typo; other names under it are other sites", () => {
    expect(typoDistance("gmial", "gmail")).toBe(1);
    expect(siteHostMatch("www.urbi.com", "www.urbi.com")).toBe("own");
    expect(siteHostMatch("urbi.com", "www.urbi.com")).toBe("own");
    expect(siteHostMatch("www.urbi.com", "urbi.com")).toBe("own");
    for (const typo of ["www.ubri.com", "wwww.urbi.com", "ww.urbi.com", "www.urbi.co", "wwwurbi.com", "urbii.com"]) expect(siteHostMatch(typo, "www.urbi.com"), typo).toBe("typo");
    for (const other of ["help.urbi.com", "www2.urbi.com", "urbi.org.uk", "example.com"]) expect(siteHostMatch(other, "www.urbi.com"), other).toBeUndefined();
  });

  it("http://localhost and the like are not worth an https:// warning", () => {
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "[::1]"]) expect(isLocalHost(host), host).toBe(true);
    expect(isLocalHost("localhost.example.com")).toBe(false);
  });

  it("one warning per link, the own-site one only for a page this site builds", () => {
    const exists = (path: string) => ["/", "/pricing"].includes(path);
    const code = (link: string) => externalLinkProblem(link, "www.urbi.com", exists)?.code;
    expect(code("https://www.urbi.com/pricing")).toBe("own-site-address");
    // Also http://: the own-site advice (write /pricing) covers it.
    expect(code("http://urbi.com/pricing")).toBe("own-site-address");
    // A document on the site's name that this site does not build stays a full address.
    expect(code("https://www.urbi.com/case-studies/calgary.pdf")).toBeUndefined();
    expect(code("https://www.ubri.com/pricing")).toBe("mistyped-site-address");
    expect(externalLinkProblem("https://www.ubri.com/pricing", "www.urbi.com", exists)?.hint).toBe("Did you mean https://www.urbi.com/pricing? Or better, write /pricing, so the link works on previews too.");
    expect(externalLinkProblem("https://www.ubri.com/nowhere", "www.urbi.com", exists)?.hint).toBe("Did you mean https://www.urbi.com/nowhere?");
    expect(code("http://partner.org/a")).toBe("insecure-link");
    expect(code("http://localhost:3000/a")).toBeUndefined();
    expect(code("https://partner.org/a")).toBeUndefined();
    expect(code("mailto:hello@urbi")).toBe("mistyped-email");
    expect(externalLinkProblem("mailto:hello@urbi?subject=Hi", "www.urbi.com", exists)?.hint).toBe("Did you mean mailto:hello@urbi.com?subject=Hi?");
    // A comma in the domain is a typo, not a second address; two whole addresses are fine.
    expect(externalLinkProblem("mailto:hello@example,com", "www.urbi.com", exists)?.hint).toBe("Did you mean mailto:hello@example.com?");
    expect(code("mailto:a@urbi.com,b@urbi.com")).toBeUndefined();
    expect(code("mailto:jo%20@urbi.com")).toBe("mistyped-email");
  });
});

describe("in content", () => {
  const links = [
    "[forecast](http://windfinder.org/forecast)",
    "[local](http://localhost:8080/)",
    "[team](https://northwind-kites.org/about/team)",
    "[shop](https://www.nortwind-kites.org/about/team)",
    "[catalogue](https://northwind-kites.org/catalogue.pdf)",
    "[write](mailto:hello@northwind-kites)",
  ].join(" ");
  const files = {
    [INDEX]: edited(INDEX, "flown on every beach we can reach.", `flown on every beach we can reach: ${links}.`),
    [SITE]: edited(SITE, '"hello@northwind-kites.org"', '"hello@northwind-kites.org."'),
    [NOTE]: edited(NOTE, "afterwards.", "afterwards, or [the club's page](http://kite-club.org.uk/repairs)."),
  };

  it("are warnings at their field (a Markdown entry's at the link's line); the build succeeds", async () => {
    const result = await runPipeline(project(files), { mode: "build", write: false });
    expect(result.ok).toBe(true);
    expect(ours(result.issues).map((i) => `${line(i)} | ${i.message}`)).toEqual([
      `warning insecure-link ${NOTE}:13:1 /body | The link http://kite-club.org.uk/repairs uses http://; use https:// so that visitors are not sent to an unencrypted page.`,
      `warning insecure-link ${INDEX}:9:15 /sections/0/text | The link http://windfinder.org/forecast uses http://; use https:// so that visitors are not sent to an unencrypted page.`,
      `warning own-site-address ${INDEX}:9:15 /sections/0/text | The link https://northwind-kites.org/about/team is a page of this site written as a full address; write /about/team, so the link works on previews too.`,
      `warning mistyped-site-address ${INDEX}:9:15 /sections/0/text | The link https://www.nortwind-kites.org/about/team goes to www.nortwind-kites.org, one letter away from this site's own address.`,
      `warning mistyped-email ${INDEX}:9:15 /sections/0/text | The e-mail address hello@northwind-kites has no dot after the @: the domain needs its ending, such as .com.`,
      `warning mistyped-email ${SITE}:11:19 /contactEmail | The e-mail address hello@northwind-kites.org. ends with a dot.`,
    ]);
  });

  it("print the rule and the fix", async () => {
    const result = await runPipeline(project(files), { mode: "check" });
    const printed = ours(result.issues).map((i) => formatIssue(i));
    expect(printed).toContain(
      [
        `warning[own-site-address]: ${INDEX}:9:15 /sections/0/text`,
        "  The link https://northwind-kites.org/about/team is a page of this site written as a full address; write /about/team, so the link works on previews too.",
        "  hint: Write /about/team.",
        "  see: npx json-site explain own-site-address",
      ].join("\n"),
    );
    expect(printed).toContain(
      [
        `warning[mistyped-email]: ${INDEX}:9:15 /sections/0/text`,
        "  The e-mail address hello@northwind-kites has no dot after the @: the domain needs its ending, such as .com.",
        "  hint: Did you mean mailto:hello@northwind-kites.org?",
        "  see: npx json-site explain mistyped-email",
      ].join("\n"),
    );
  });

  it("the fixture as it is has none", async () => {
    const result = await runPipeline(project(), { mode: "check" });
    expect(ours(result.issues)).toEqual([]);
  });
});
