import { processImage, type ProcessImageOptions } from './image.js';
import type { MediaStore } from './store.js';

export interface SavedImage {
  url: string;
  key: string;
  width: number;
  height: number;
  /** Present when options.thumbnail was given. */
  thumbnailUrl?: string;
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
  const stored = await store.put(processed.data);
  const saved: SavedImage = {
    url: stored.url,
    key: stored.key,
    width: processed.width,
    height: processed.height,
  };
  if (processed.thumbnail) saved.thumbnailUrl = (await store.put(processed.thumbnail.data)).url;
  return saved;
}
