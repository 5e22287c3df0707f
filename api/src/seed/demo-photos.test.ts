import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoPhoto, demoPhotoSvg } from './demo-photos';
import { TAXONOMY } from './taxonomy';

const spec = { title: 'Apple iPhone 12 64GB Blue', categorySlug: 'electronics', palette: 'ocean-412', index: 0 };

describe('demoPhoto', () => {
  it('returns an 800x600 JPEG', async () => {
    const data = await demoPhoto(spec);
    const meta = await sharp(data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(800);
    expect(meta.height).toBe(600);
    expect(data.length).toBeLessThan(200_000);
  });

  it('gives identical bytes for the same input and different ones for another photo', async () => {
    const [a, b, c] = await Promise.all([demoPhoto(spec), demoPhoto(spec), demoPhoto({ ...spec, index: 1 })]);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('draws every category and unknown ones, and survives odd titles', async () => {
    for (const c of [...TAXONOMY.map((t) => t.slug), 'no-such-category']) {
      const data = await demoPhoto({ ...spec, categorySlug: c, palette: 'unknown-theme-7', index: 3 });
      expect((await sharp(data).metadata()).format, c).toBe('jpeg');
    }
    const odd = { ...spec, title: `Tom & Jerry <"Deluxe"> 'box' set, ${'very long '.repeat(8)}` };
    expect(demoPhotoSvg(odd)).not.toContain('<"');
    expect((await sharp(await demoPhoto(odd)).metadata()).width).toBe(800);
  });

  it('can leave the title out', async () => {
    expect(demoPhotoSvg(spec, { withText: false })).not.toContain('<text');
    expect((await sharp(await demoPhoto(spec, { withText: false })).metadata()).format).toBe('jpeg');
  });
});
