/**
 * The feature catalogue (content/collections/features.json) against the spec (§1,
 * §2 Features, §3 Feature item): the six categories and their pages, every claimed
 * capability in the category it belongs to, every Coming Soon item marked, the audit
 * trail's two readings, and the schema rules that keep the "Title – description"
 * form out of editors' hands.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.ts";
import { runPipeline } from "../../scripts/pipeline/index.ts";
import type { FeatureCollection, FeatureItem, Page } from "../../templates/content-types.ts";
import { tempProject } from "./project.ts";

const FILE = "content/collections/features.json";
const text = readFileSync(path.join(ROOT, FILE), "utf8");
const features = JSON.parse(text) as FeatureCollection;
const items = (id: string): FeatureItem[] => features.items.find((c) => c.id === id)?.groups.flatMap((g) => g.items) ?? [];
const find = (title: RegExp) => features.items.flatMap((c) => c.groups.flatMap((g) => g.items.map((item) => ({ category: c.id, item })))).filter((f) => title.test(f.item.title));

describe("feature categories", () => {
  it("are the spec's six, in its order", () => {
    expect(features.items.map((c) => c.id)).toEqual([
      "operations-workflow",
      "communication-community",
      "payments-transactions",
      "data-compliance",
      "hero-ai-intelligence",
      "iot-hardware",
    ]);
  });

  it.each(features.items.map((c) => [c.id, c.title] as const))("%s has a page whose hero heading is its title and which shows its features", (id, title) => {
    const page = JSON.parse(readFileSync(path.join(ROOT, `content/pages/features/${id}.json`), "utf8")) as Page;
    const hero = page.sections.find((s) => s.type === "hero");
    expect(hero && "heading" in hero ? hero.heading : undefined).toBe(title);
    expect(page.sections.some((s) => s.type === "featureDetails" && (s.category as unknown) === id)).toBe(true);
  });

  it("the overview lists all six", () => {
    const page = JSON.parse(readFileSync(path.join(ROOT, "content/pages/features/index.json"), "utf8")) as Page;
    const grid = page.sections.find((s) => s.type === "featureCategories");
    expect(grid && "categories" in grid ? grid.categories : []).toEqual(features.items.map((c) => c.id));
  });
});

describe("every claimed capability of §1 is in the category where it belongs, available", () => {
  const claimed: [RegExp, string][] = [
    [/^Service tickets$/, "operations-workflow"],
    [/^Unified dashboard$/, "operations-workflow"],
    [/^Package scanning$/, "operations-workflow"],
    [/^Visitor and contractor check-in$/, "operations-workflow"],
    [/^Work orders$/, "operations-workflow"],
    [/^Shift logs$/, "operations-workflow"],
    [/^Vendor and RFP management$/, "operations-workflow"],
    [/^Access requests$/, "operations-workflow"],
    [/^Amenity and room booking$/, "communication-community"],
    [/^Events and RSVPs$/, "communication-community"],
    [/^Targeted news and announcements$/, "communication-community"],
    [/^Surveys$/, "communication-community"],
    [/^Crisis alerts$/, "communication-community"],
    [/^In-app payments$/, "payments-transactions"],
    [/^Compliance reminders$/, "data-compliance"],
    [/^Document management$/, "data-compliance"],
    [/^Decision logs$/, "data-compliance"],
    [/^Data and reporting$/, "data-compliance"],
    [/^Hardware integration$/, "iot-hardware"],
    [/^Chat$/, "hero-ai-intelligence"],
    [/^Concierge by phone, text and e-mail$/, "hero-ai-intelligence"],
    [/^Daily summary briefs$/, "hero-ai-intelligence"],
    [/^Smart triage$/, "hero-ai-intelligence"],
    [/^Predictive insights$/, "hero-ai-intelligence"],
    [/^Knowledge engine$/, "hero-ai-intelligence"],
    [/^Automation$/, "hero-ai-intelligence"],
    [/^Event creation$/, "hero-ai-intelligence"],
  ];
  it.each(claimed)("%s", (title, category) => {
    const found = find(title);
    expect(found.map((f) => f.category)).toEqual([category]);
    expect(found[0]!.item.comingSoon ?? false).toBe(false);
  });

  it("service tickets promise AI responses and routing; documents are role-controlled", () => {
    expect(find(/^Service tickets$/)[0]!.item.description).toMatch(/AI.*response.*routed/);
    expect(find(/^Document management$/)[0]!.item.description).toMatch(/roles/);
  });
});

describe("every Coming Soon item of §1 carries the marker", () => {
  const soon = [/COI compliance/, /Smart asset management/, /AI surveys/, /AI invoice analysis/, /Auto payments/, /Digital waivers/, /Audit trails/];
  it.each(soon.map((r) => [r]))("%s", (title) => {
    const found = find(title);
    expect(found).toHaveLength(1);
    expect(found[0]!.item.comingSoon).toBe(true);
  });

  it("smart asset management brings predictive maintenance", () => {
    expect(find(/Smart asset management/)[0]!.item.description).toMatch(/predictive maintenance/);
  });

  it("the audit trail alone is Coming Soon on its page and available in the overview", () => {
    const both = features.items.flatMap((c) => c.groups.flatMap((g) => g.items)).filter((i) => i.overviewAvailable);
    expect(both.map((i) => i.title)).toEqual(["Audit trails"]);
    expect(items("data-compliance")).toContainEqual(expect.objectContaining({ title: "Audit trails", comingSoon: true, overviewAvailable: true }));
  });

  it("IoT & Hardware reads as the spec claims: hardware integration available, IoT integrations and the rest Coming Soon", () => {
    // No category is Coming Soon as a whole: that badge would contradict the hardware integration §1 claims.
    expect(features.items.filter((c) => c.comingSoon).map((c) => c.id)).toEqual([]);
    expect(items("iot-hardware").filter((i) => !i.comingSoon).map((i) => i.title)).toEqual(["Hardware integration"]);
    expect(items("iot-hardware").find((i) => i.title === "IoT integrations")?.comingSoon).toBe(true);
  });
});

describe("the schema keeps the written form out of content", () => {
  const cleanups: (() => void)[] = [];
  afterAll(() => cleanups.forEach((c) => c()));
  /** Check the project with one edit to features.json (a text replacement), and return the report. */
  async function checkWith(from: string, to: string) {
    expect(text).toContain(from);
    const project = tempProject({ [FILE]: text.replace(from, to) });
    cleanups.push(project.cleanup);
    const result = await runPipeline(project, { mode: "check" });
    expect(result.ok).toBe(false);
    return result.issues;
  }
  const lineOf = (needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

  it("a title written as 'Title – description' fails at its line, saying where the description goes", async () => {
    const [issue, ...rest] = await checkWith('"title": "Work orders"', '"title": "Work orders – assign and close"');
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ file: FILE, line: lineOf('"title": "Work orders"'), pointer: "/items/0/groups/0/items/1/title" });
    expect(issue!.message).toContain('The text "Work orders – assign and close" is not allowed here');
    expect(issue!.message).toContain('put the explanation in "description"');
    expect(issue!.hint).toBe('Write only "Work orders".');
  });

  it("a title carrying '(Coming Soon)' fails, pointing to comingSoon", async () => {
    const [issue, ...rest] = await checkWith('"title": "Digital waivers"', '"title": "Digital waivers (coming soon)"');
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ pointer: "/items/3/groups/0/items/3/title", line: lineOf('"title": "Digital waivers"') });
    expect(issue!.message).toContain('set "comingSoon": true');
  });

  it("a description starting with a dash fails", async () => {
    const [issue] = await checkWith('"description": "Residents pay dues, rent and fees from the app."', '"description": "– Residents pay dues, rent and fees from the app."');
    expect(issue).toMatchObject({ pointer: "/items/2/groups/0/items/0/description" });
    expect(issue!.message).toContain("without a leading dash");
  });

  it("overviewAvailable on a feature that is not Coming Soon fails with the reason", async () => {
    const [issue, ...rest] = await checkWith('"comingSoon": true, "overviewAvailable": true', '"comingSoon": false, "overviewAvailable": true');
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ pointer: "/items/3/groups/1/items/1/comingSoon" });
    expect(issue!.message).toBe("Expected true but found boolean false.");
    expect(issue!.hint).toContain('"overviewAvailable": true only applies to a feature marked "comingSoon": true');
  });

  it("a category without its page fails at the category's id", async () => {
    const project = tempProject({ "content/pages/features/iot-hardware.json": null });
    cleanups.push(project.cleanup);
    const result = await runPipeline(project, { mode: "check" });
    expect(result.ok).toBe(false);
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({ file: FILE, pointer: "/items/5/id", line: lineOf('"id": "iot-hardware"') });
    expect(result.issues[0]!.message).toBe('The record "iot-hardware" has no page: /features/iot-hardware does not exist.');
    expect(result.issues[0]!.hint).toBe("Create content/pages/features/iot-hardware.json, or correct the id.");
  });
});
