/**
 * Test helper: the fixture site (tests/fixtures/site), a site written against the
 * generator's public API with nothing of the Building OS site in it. A test that changes
 * files gets a throw-away copy of its content/ and schemas/ (with some files replaced);
 * templates stay where they are, since they import the generator by relative paths.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../../scripts/lib/paths.ts";
import { removedAfterAll, tempCopy, type TempProject } from "./support/temp-project.ts";

export const FIXTURE = path.join(ROOT, "tests/fixtures/site");
export const FIXTURE_TEMPLATES = path.join(FIXTURE, "templates");

/** A fixture file's text, as in the repository ("content/pages/index.json"). */
export function fixtureText(file: string): string {
  return readFileSync(path.join(FIXTURE, file), "utf8");
}

/** The fixture file's text with `from` replaced by `to` (exactly once: a test that edits nothing would prove nothing). */
export function edited(file: string, from: string, to: string): string {
  const text = fixtureText(file);
  const at = text.indexOf(from);
  if (at === -1 || text.indexOf(from, at + 1) !== -1) throw new Error(`${file} must hold ${JSON.stringify(from)} exactly once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

export type FixtureProject = TempProject;

/** A copy of the fixture's content and schemas in a temporary folder, with `files` written (null deletes). */
export function fixtureProject(files: Record<string, string | Buffer | null> = {}): FixtureProject {
  return tempCopy(FIXTURE, FIXTURE_TEMPLATES, files, "gen-fixture-");
}

/** fixtureProject() for a whole test file: every copy it makes is removed after the file's last test. Call at the top level. */
export function fixturesRemovedAfterAll(afterAll: (fn: () => void) => void): typeof fixtureProject {
  return removedAfterAll(afterAll, fixtureProject);
}

/** A hash of every file under a folder (names and contents), to compare whole outputs; "missing" when there is no folder. */
export function fingerprint(dir: string): string {
  if (!existsSync(dir)) return "missing";
  const hash = createHash("sha256");
  for (const file of readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort())
    hash.update(file).update("\0").update(readFileSync(path.join(dir, file))).update("\0");
  return hash.digest("hex");
}
