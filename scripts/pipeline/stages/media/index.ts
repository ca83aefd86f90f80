/**
 * Stage "media": what pages show besides text. The share images and icons (stages/render/seo.ts,
 * drawn by a worker while the rest of the build runs); the brand font, cut to the characters
 * of content and templates (stages/media/font.ts); the photos pages show (stages/media/photos.ts):
 * their sizes and colours now, their copies encoded while pages render. Stops on a damaged
 * photo. A check (`npm run check`) only marks the fields of sections not shown.
 */
import { resolveFont } from "../../../lib/site-module.ts";
import type { Stage } from "../../build.ts";
import { markHidden } from "../resolve/resolve.ts";
import { brandFont, contentCharacters, fontText } from "./font.ts";
import { processPhotos } from "./photos.ts";
import { drawSiteImages } from "../render/seo.ts";

export const mediaStage: Stage = {
  name: "media",
  async run(b) {
    const { jobs, validated, siteModule, paths, options } = b;
    if (jobs.imageKit) b.images = drawSiteImages(await jobs.imageKit, validated, siteModule.templateAssets[0], b.generated);
    if (jobs.templateTexts) {
      b.font = jobs.templateTexts.then((texts) => brandFont(resolveFont(siteModule.font, paths.templates), fontText(texts, contentCharacters(validated.files)), b.generated));
      b.font.catch(() => {}); // awaited by render; a build that stops earlier never looks
    }
    b.marked = markHidden(validated);
    b.photos = options.mode === "build" ? await processPhotos(validated, b.marked, siteModule.templateAssets, b.warm, b.generated) : undefined;
    if (b.photos?.issues.length) return { issues: [...validated.issues, ...b.photos.issues] };
  },
};
