import sharp from 'sharp';
import type { Random } from './random.js';

/** Pixels are drawn at this fraction of the size and scaled up by sharp (smooth, and cheap). */
const SCALE = 4;

/**
 * A generated picture (no downloads): a two-colour diagonal gradient with a few soft circles,
 * drawn as raw pixels and encoded by sharp. Different for every call, cheap to make.
 */
export async function makeImage(
  rnd: Random,
  { width: outWidth = 960, height: outHeight = 640, format = 'jpeg' as 'jpeg' | 'png' } = {},
): Promise<Buffer> {
  const width = Math.ceil(outWidth / SCALE);
  const height = Math.ceil(outHeight / SCALE);
  const from = [rnd.int(0, 255), rnd.int(0, 255), rnd.int(0, 255)];
  const to = [rnd.int(0, 255), rnd.int(0, 255), rnd.int(0, 255)];
  const circles = Array.from({ length: rnd.int(2, 6) }, () => ({
    x: rnd.int(0, width),
    y: rnd.int(0, height),
    r: rnd.int(10, Math.min(width, height) / 2),
    colour: [rnd.int(0, 255), rnd.int(0, 255), rnd.int(0, 255)],
  }));
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const rgb = from.map((c, k) => c + (to[k]! - c) * t);
      for (const circle of circles) {
        const d = Math.hypot(x - circle.x, y - circle.y);
        if (d < circle.r) {
          const a = 0.55 * (1 - d / circle.r);
          for (let k = 0; k < 3; k++) rgb[k] = rgb[k]! * (1 - a) + circle.colour[k]! * a;
        }
      }
      const o = (y * width + x) * 3;
      pixels[o] = rgb[0]!;
      pixels[o + 1] = rgb[1]!;
      pixels[o + 2] = rgb[2]!;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } }).resize(outWidth, outHeight);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}
