/**
 * How long the local servers wait for a slow client (lib/server.ts, the Studio's two servers):
 * a module of its own, so that a server importing the limits loads nothing else.
 */

/** A client must have sent its request headers within this time, and the whole request within REQUEST_TIMEOUT_MS. */
export const HEADERS_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 10_000;
