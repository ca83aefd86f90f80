/** compression 1.x ships no types (they are in @types/compression, with Express's): the part of its API the static server uses (scripts/lib/server.ts). */
declare module "compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  interface CompressionOptions {
    /** Responses smaller than this many bytes are sent as they are (default 1 KB). */
    threshold?: number | string;
    /** Whether to compress this response; `compression.filter` is the default (compressible types). */
    filter?: (req: IncomingMessage, res: ServerResponse) => boolean;
  }
  type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
  interface Compression {
    (options?: CompressionOptions): Middleware;
    filter(req: IncomingMessage, res: ServerResponse): boolean;
  }
  const compression: Compression;
  export default compression;
}
