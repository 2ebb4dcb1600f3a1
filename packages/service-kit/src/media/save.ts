import { processImage, type ProcessImageOptions } from './image.js';
import type { MediaStore } from './store.js';

export interface SavedImage {
  url: string;
  key: string;
  width: number;
  height: number;
  /** Present when options.thumbnail was given. */
  thumbnailUrl?: string;
  /**
   * Writes the files again if a concurrent release removed them: call it once the document
   * that references the URLs is stored (after its transaction commits). Identical uploads share
   * one file, and a release of another document's reference may have checked for references
   * before this one existed (MediaStore.release).
   */
  ensureStored(): Promise<void>;
}

/**
 * processImage + store.put for the image (and its thumbnail): the one call an upload route needs.
 * Throws the HttpErrors of processImage (415 / 400) before anything is written.
 */
export async function saveImage(
  store: MediaStore,
  upload: Uint8Array,
  options: ProcessImageOptions,
): Promise<SavedImage> {
  const processed = await processImage(upload, options);
  const files = [processed.data, ...(processed.thumbnail ? [processed.thumbnail.data] : [])];
  const [stored, thumbnail] = await Promise.all(files.map((data) => store.put(data)));
  return {
    url: stored!.url,
    key: stored!.key,
    width: processed.width,
    height: processed.height,
    ...(thumbnail ? { thumbnailUrl: thumbnail.url } : {}),
    ensureStored: async () => {
      await Promise.all(files.map((data) => store.put(data)));
    },
  };
}
