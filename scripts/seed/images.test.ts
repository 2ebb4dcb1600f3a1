import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { makeImage } from './images.js';
import { Random } from './random.js';

describe('makeImage', () => {
  it('makes a decodable JPEG or PNG of the asked size', async () => {
    const jpeg = await makeImage(new Random(1), { width: 320, height: 200 });
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 200 });
    const png = await makeImage(new Random(2), { width: 64, height: 64, format: 'png' });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 64, height: 64 });
  });
});
