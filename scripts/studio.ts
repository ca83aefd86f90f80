/**
 * npm run studio: the Studio, a local editor for the site's content (scripts/studio/):
 * forms made from schemas/, a live preview rendered by the site's own templates, the
 * build's checks as you type, and saves that keep each file's formatting.
 * On http://localhost:3001 (PORT overrides); `--project <dir>` edits another site.
 */
process.env["NODE_ENV"] = "production";
const { projectArg, projectPaths } = await import("./lib/paths.ts");
const args = await projectArg(process.argv.slice(2));
if (args.length) {
  console.error(`Unknown option ${args.join(" ")}. Usage: npm run studio [-- --project <dir>]`);
  process.exit(2);
}
const started = performance.now();
// A long-running local server: a failure in one request (a template that throws, a file
// removed meanwhile) is reported, and the Studio goes on serving.
process.on("unhandledRejection", (err) => console.error(`studio: ${err instanceof Error ? err.message : String(err)}`));
const portText = process.env["PORT"] ?? "3001";
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${portText}".`);
  process.exit(1);
}
const { bundleApp } = await import("./studio/app-bundle.ts");
const { startStudio } = await import("./studio/server.ts");
const paths = projectPaths();
let studio;
try {
  studio = await startStudio({ paths, port, app: await bundleApp(paths.templates) });
} catch (err) {
  if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`Port ${port} is in use. Stop the other program or run with PORT=${port + 1} npm run studio.`);
    process.exit(1);
  }
  // A schema that is not JSON: where it is, in one sentence per mistake, not a stack.
  const { SchemaError } = await import("./pipeline/stages/validate/schemas.ts");
  if (err instanceof SchemaError) {
    console.error(`The Studio cannot start: its forms are made from schemas/, and ${err.issues.length === 1 ? "a schema has a mistake" : "some schemas have mistakes"}:\n${err.message}`);
    process.exit(1);
  }
  throw err;
}
// The first preview compiles the schemas, bundles the islands and imports the templates: do it now, not on the first keystroke.
// The editor can open meanwhile: it shows its forms at once, and says the preview is on its way.
console.log(`Studio starting on ${studio.url}: you can open it now; the preview appears once the site has been built (the first start after an install takes longest)...`);
await studio.builder.warmUp();
console.log(`Studio ready on ${studio.url} in ${Math.round(performance.now() - started)} ms  (Ctrl+C to stop)`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    void studio.close().then(() => process.exit(0));
  });
