/**
 * What the Studio's custom form widgets (widgets/) get from the app, through React
 * context: the site's addresses, assets and records to pick from, and the upload call.
 * The app (App.tsx) provides it; a widget reads it with useStudio().
 */
import { createContext, useContext } from "react";
import type { StudioAsset, StudioRecord } from "../protocol.ts";

export interface StudioContextValue {
  /** Every internal address ("/", "/pricing", ...), sorted. */
  addresses: string[];
  assets: StudioAsset[];
  /** Records by collection name (the value of a schema's x-ref). */
  records: Record<string, StudioRecord[]>;
  /**
   * Uploads a file into content/assets (the server renames it lower-case-with-dashes and
   * checks it); resolves to the new asset, or rejects with an Error whose message says why in plain words.
   */
  upload: (file: File) => Promise<StudioAsset>;
}

export const StudioContext = createContext<StudioContextValue>({
  addresses: [],
  assets: [],
  records: {},
  upload: () => Promise.reject(new Error("Uploads are not available here.")),
});

export const useStudio = () => useContext(StudioContext);
