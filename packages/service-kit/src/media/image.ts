import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { HttpError } from '../errors.js';

/** The spec's text (§5) for anything that is not a JPEG, PNG, GIF or WebP image. */
export const INVALID_IMAGE_TYPE =
  'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.';

/** The spec's text (§5) for an image over its limit; the caller passes the number of MB. */
export const fileTooLargeMessage = (maxMegabytes: number) =>
  `File size too large. Maximum size is ${maxMegabytes}MB.`;

/** Decompression-bomb guard: images with more pixels than this are refused before decoding. */
export const DEFAULT_MAX_INPUT_PIXELS = 50_000_000;

export const IMAGE_TOO_MANY_PIXELS = 'Image dimensions too large. Maximum is 50 megapixels.';

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

const ACCEPTED: Record<string, ImageType> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  // An animated PNG is a PNG to every decoder that does not know APNG (sharp reads frame 0).
  'image/apng': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * The image type decided from the bytes (never the name or the declared MIME type).
 * Anything but JPEG, PNG, GIF and WebP (text, SVG, HTML, PDF, ...) -> HttpError 415 with the spec's
 * text. Decodability is checked later by processImage (a corrupt image is a 400).
 */
export async function detectImageType(buffer: Uint8Array): Promise<ImageType> {
  const detected = buffer.length > 0 ? await fileTypeFromBuffer(buffer) : undefined;
  const type = detected ? ACCEPTED[detected.mime] : undefined;
  if (!type) throw new HttpError(415, INVALID_IMAGE_TYPE);
  return type;
}

export interface ProcessImageOptions {
  /**
   * Bound in pixels. With `square` the output is exactly maxSize x maxSize (cover crop, centred);
   * otherwise the image fits inside maxSize x maxSize, keeping its aspect ratio, never enlarged.
   */
  maxSize: number;
  /** Avatars and logos: a centred square crop of maxSize x maxSize. */
  square?: boolean;
  /** Also produce a thumbnail fitting inside thumbnail x thumbnail (e.g. 640 for post lists). */
  thumbnail?: number;
  /** WebP quality 1-100 (default 82). */
  quality?: number;
  /** Decompression-bomb guard (default DEFAULT_MAX_INPUT_PIXELS). */
  maxInputPixels?: number;
}

export interface ProcessedImage {
  /** WebP bytes: metadata stripped, orientation applied. */
  data: Buffer;
  width: number;
  height: number;
  /** What the upload was, from its bytes. */
  sourceType: ImageType;
  thumbnail?: { data: Buffer; width: number; height: number };
}

/**
 * Validate and re-encode an uploaded image: type from the bytes (415), decodable by sharp (400,
 * spec text), at most maxInputPixels (400), auto-rotated from EXIF, metadata (EXIF, GPS, ICC, XMP)
 * stripped, bounded, WebP out. Animated GIF/WebP/APNG become a still image (their first frame):
 * smaller, cheaper to process, and a bomb cannot hide in frame 2000.
 */
export async function processImage(
  buffer: Uint8Array,
  options: ProcessImageOptions,
): Promise<ProcessedImage> {
  const sourceType = await detectImageType(buffer);
  const maxInputPixels = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
  const quality = options.quality ?? 82;
  const input = () =>
    sharp(buffer, {
      failOn: 'warning',
      limitInputPixels: maxInputPixels,
      autoOrient: true,
      sequentialRead: true,
    });

  try {
    // Decode fully once so a truncated/corrupt file fails here, whatever its header says.
    const main = await resize(input(), options.maxSize, options.square ?? false)
      .webp({ quality, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    const result: ProcessedImage = {
      data: main.data,
      width: main.info.width,
      height: main.info.height,
      sourceType,
    };
    if (options.thumbnail) {
      const thumb = await resize(input(), options.thumbnail, options.square ?? false)
        .webp({ quality, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      result.thumbnail = { data: thumb.data, width: thumb.info.width, height: thumb.info.height };
    }
    return result;
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new HttpError(400, IMAGE_TOO_MANY_PIXELS, undefined, { cause: err, expected: true });
    }
    throw new HttpError(400, INVALID_IMAGE_TYPE, undefined, { cause: err, expected: true });
  }
}

function resize(image: Sharp, size: number, square: boolean): Sharp {
  return square
    ? image.resize(size, size, { fit: 'cover', position: 'centre' })
    : image.resize(size, size, { fit: 'inside', withoutEnlargement: true });
}

/** The spec's upload limits (§5, §9) and the processing each kind of image gets. */
export const IMAGE_PRESETS = {
  avatar: {
    maxBytes: 2 * 1024 * 1024,
    tooLargeMessage: fileTooLargeMessage(2),
    process: { maxSize: 256, square: true },
  },
  logo: {
    maxBytes: 2 * 1024 * 1024,
    tooLargeMessage: fileTooLargeMessage(2),
    process: { maxSize: 256, square: true },
  },
  post: {
    maxBytes: 10 * 1024 * 1024,
    tooLargeMessage: fileTooLargeMessage(10),
    process: { maxSize: 2048, thumbnail: 640 },
  },
} as const satisfies Record<
  string,
  { maxBytes: number; tooLargeMessage: string; process: ProcessImageOptions }
>;
