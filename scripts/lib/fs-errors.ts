/**
 * File-system errors as one plain sentence with the path, for people: a build that
 * cannot write (read-only folder, file-size limit, full disk) says so and where,
 * never with a stack trace.
 */
import path from "node:path";

const REASONS: Record<string, string> = {
  EROFS: "the file system is read-only",
  EACCES: "permission denied",
  EPERM: "the operation is not permitted",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EFBIG: "the file would be larger than the file-size limit (ulimit -f)",
  EMFILE: "too many files are open at once",
  ENFILE: "too many files are open on this machine",
  ENOENT: "it does not exist",
  ENOTDIR: "a part of the path is a file, not a folder",
  EISDIR: "it is a folder, not a file",
  EIO: "the disk reported a read or write error",
  EBUSY: "it is in use",
  ENAMETOOLONG: "the name is too long",
  ENOTEMPTY: "the folder is not empty",
  EEXIST: "it already exists",
};

const VERBS: Record<string, string> = {
  open: "open",
  write: "write",
  writev: "write",
  read: "read",
  mkdir: "create the folder",
  rename: "rename",
  rm: "delete",
  rmdir: "delete",
  unlink: "delete",
  scandir: "list",
  stat: "look at",
  lstat: "look at",
  copyfile: "copy",
  fsync: "save",
};

/** A Node.js file-system error (it has a code and a syscall), or not. */
export function isFsError(err: unknown): err is NodeJS.ErrnoException {
  const e = err as NodeJS.ErrnoException | undefined;
  return !!e && typeof e.code === "string" && typeof e.syscall === "string";
}

/**
 * "Could not write dist/about/index.html: the disk is full (ENOSPC)." Paths below
 * `root` are shown relative to it. Undefined for errors that are not the file system's.
 */
export function fsErrorSentence(err: unknown, root?: string): string | undefined {
  if (!isFsError(err)) return undefined;
  const show = (p: string) => (root && (p === root || p.startsWith(root + path.sep)) ? path.relative(root, p) || "." : p);
  const where = err.path ? ` ${show(err.path)}${(err as { dest?: string }).dest ? ` to ${show((err as { dest?: string }).dest!)}` : ""}` : "";
  const verb = VERBS[err.syscall ?? ""] ?? err.syscall ?? "use";
  const reason = REASONS[err.code!] ?? err.message.replace(/^[A-Z]+: /, "").replace(/, .*$/, "");
  return `Could not ${verb}${where}: ${reason} (${err.code}).`;
}
