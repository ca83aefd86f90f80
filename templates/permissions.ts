/**
 * Browser features the site never uses. The build denies them to every page and
 * every frame in it (Permissions-Policy in dist/_headers, scripts/pipeline/stages/headers/headers.ts),
 * and the demo calendar's frame lists them as 'none' in its allow attribute
 * (templates/islands/DemoDialog.tsx), so the two cannot disagree. The booking flow
 * (pick a time, fill in a form) needs none of them. Only names Chromium knows: an
 * unknown one is logged as an error on every page.
 */
export const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
] as const;

/** The header value: "camera=(), microphone=(), …". */
export function permissionsPolicy(): string {
  return DENIED_FEATURES.map((f) => `${f}=()`).join(", ");
}

/** An iframe allow attribute that grants none of them: "camera 'none'; microphone 'none'; …". */
export function frameAllowNone(): string {
  return DENIED_FEATURES.map((f) => `${f} 'none'`).join("; ");
}
