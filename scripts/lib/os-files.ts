/**
 * Files that the operating system or an editor leaves beside the files people write:
 * Finder's .DS_Store and its AppleDouble "._" twins (macOS, on drives that are not
 * Apple's own format), Windows Explorer's Thumbs.db and desktop.ini, KDE's .directory,
 * and editors' backups, swap, lock and temporary files. Nobody writes them on purpose
 * and nobody can see most of them, so the build skips them in content/ (stages/load/load.ts)
 * and the dev server does not rebuild when one changes (scripts/dev.ts): one list
 * for both, so that a file the dev server ignores never fails the build.
 *
 * By name alone (the last part of the path): nothing here can be real content.
 */

/** System files, matched whatever their case (Windows and macOS file names ignore it). */
const SYSTEM_NAMES = new Set([".ds_store", "thumbs.db", "ehthumbs.db", "desktop.ini", ".directory"]);

export function isSystemOrEditorFile(file: string): boolean {
  const base = file.split(/[\\/]/).pop() ?? file;
  if (SYSTEM_NAMES.has(base.toLowerCase())) return true;
  return (
    base.startsWith("._") || // AppleDouble: a file's Finder data, beside it
    base === "Icon\r" || // a folder's custom icon (macOS)
    base.endsWith("~") || // backups (Emacs, Vim, gedit, Kate)
    /\.sw[nopx]$/.test(base) || // Vim's swap files: .swp, then .swo and .swn when one exists; .swx when probing
    base.endsWith(".tmp") || // editors' save-in-progress files
    base.startsWith(".#") || // Emacs lock files
    /^#.*#$/.test(base) || // Emacs auto-save files
    /^\.~lock\..*#$/.test(base) || // LibreOffice lock files
    base === "4913" // Vim's "can I write here" probe
  );
}
