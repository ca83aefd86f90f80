#!/usr/bin/env node
// @ts-check
/**
 * `json-site <command>`: the generator's commands, on the site in the folder where it runs (or
 * the nearest folder above holding content/, schemas/ and templates/, as git finds its root).
 * Each command is a module of this package: the build runs here, from the generator's bundle
 * (build.mjs); the others in a process of their own through tsx, with a tsconfig that compiles
 * the site's templates as the generator's code (lib/project.mjs toolTsconfig). Plain
 * JavaScript, so that it starts before tsx.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { findSite, GENERATOR, TSX_IMPORT, toolTsconfig } from "./lib/project.mjs";

/** @type {Record<string, { file: string; about: string; site?: false; plain?: true }>} */
const COMMANDS = {
  new: { file: "new-site.ts", about: "new <folder>      writes a new site into <folder> (new or empty)", site: false },
  dev: { file: "dev.ts", about: "dev               serves the site on http://localhost:3000 and rebuilds it on every save" },
  build: { file: "build.mjs", about: "build             writes dist/ (--strict: warnings fail it too, as for publishing)", plain: true },
  check: { file: "check.ts", about: "check             checks content, schemas and links without building" },
  studio: { file: "studio.ts", about: "studio            the Studio on http://localhost:3001: forms for the content, a live preview" },
  start: { file: "start.ts", about: "start             serves dist/ as a static host would (--build: builds first)" },
  types: { file: "gen-types.ts", about: "types             writes templates/content-types.ts from the schemas" },
  budgets: { file: "budgets.ts", about: "budgets           checks dist/ against the size budgets" },
  explain: { file: "explain.ts", about: "explain <code>    what an error or warning code means and what to do", site: false },
};

const version = JSON.parse(fs.readFileSync(path.join(GENERATOR, "package.json"), "utf8")).version;
const usage = () =>
  `json-site ${version}: a static site generator, content in JSON, pages drawn by React templates.\n\nUsage: json-site <command>\n\n${Object.values(COMMANDS)
    .map((c) => `  ${c.about}`)
    .join("\n")}\n\nRun in a site's folder (one holding content/, schemas/ and templates/); \`json-site new my-site\` starts one.`;

const [name, ...args] = process.argv.slice(2);
if (!name || name === "help" || name === "--help" || name === "-h") {
  console.log(usage());
  process.exit(0);
}
if (name === "--version" || name === "-v") {
  console.log(version);
  process.exit(0);
}
const command = COMMANDS[name];
if (!command) {
  const near = Object.keys(COMMANDS).find((c) => distance(c, name) <= 2);
  console.error(`json-site has no command "${name}".${near ? ` Did you mean "${near}"?` : ""}\n\n${usage()}`);
  process.exit(2);
}

/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env };
// The site: the folder's, unless the command is told (--project <dir>, or the environment a test or a parent command sets).
if (command.site !== false && !args.includes("--project")) {
  const site = process.env["SSG_PROJECT_ROOT"] || findSite();
  if (!site) {
    console.error(`${process.cwd()} is not in a site: no folder here or above holds content/, schemas/ and templates/. \`npx json-site new my-site\` starts one, then \`cd my-site\`.`);
    process.exit(2);
  }
  env["TSX_TSCONFIG_PATH"] ||= toolTsconfig(site, process.env["SSG_PROJECT_TEMPLATES"] || path.join(findSite() ?? site, "templates"));
}
const file = path.join(GENERATOR, command.file);
if (command.plain) {
  // Plain JavaScript (the build, from its bundle) runs in this process, as `node build.mjs` would.
  Object.assign(process.env, env);
  process.argv = [process.argv[0] ?? process.execPath, file, ...args];
  await import(pathToFileURL(file).href);
} else {
  const child = spawn(process.execPath, ["--import", TSX_IMPORT, file, ...args], { stdio: "inherit", env });
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** Letters to add, remove or change to turn one word into the other (Levenshtein). */
function distance(/** @type {string} */ a, /** @type {string} */ b) {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}
