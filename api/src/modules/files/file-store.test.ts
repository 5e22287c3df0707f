import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { diskFileStore, isVariantOf } from './file-store';

// One rule for both stores (disk and bucket): which stored files are sizes of a photo, deleted with it.
describe('the sizes of a photo', () => {
  it('are its name with _<w>x<h>.jpg, and nothing else beside it', () => {
    const key = 'listings/L1A2B3/mq3k1f0a1b2c3d4e5f6.jpg';
    expect(isVariantOf(key, 'listings/L1A2B3/mq3k1f0a1b2c3d4e5f6_160x160.jpg')).toBe(true);
    expect(isVariantOf(key, 'listings/L1A2B3/mq3k1f0a1b2c3d4e5f6_800x0.jpg')).toBe(true);
    expect(isVariantOf('mq3k1f0a1b2c3d4e5f6.png', 'mq3k1f0a1b2c3d4e5f6_1200x0.jpg')).toBe(true);
    for (const other of [
      key,
      'listings/L1A2B3/mq3k1f0a1b2c3d4e5f6_160x160.png',
      'listings/L1A2B3/mq3k1f0a1b2c3d4e5f6_big.jpg',
      'listings/L1A2B3/mq3k1f0a1b2c3d4e5f6_160x160.jpg.tmp',
      'listings/L1A2B3/mq3k1f0a1b2c3d4e5f6.jpg.123.abcd.tmp',
      'listings/L1A2B3/mq3k1f0a1b2c3d4e5f60_160x160.jpg',
      'listings/OTHER/mq3k1f0a1b2c3d4e5f6_160x160.jpg',
    ]) {
      expect(isVariantOf(key, other), other).toBe(false);
    }
  });
});

describe('the disk store', () => {
  it('opens a stored file as a stream of its bytes with its size, and a missing one as null', async () => {
    const root = mkdtempSync(join(tmpdir(), 'yardly-files-'));
    try {
      const store = diskFileStore(root);
      const data = Buffer.from('a photo, byte for byte');
      await store.put('listings/L1/photo.jpg', data);
      const opened = await store.open('listings/L1/photo.jpg');
      if (!opened) throw new Error('the stored file was not found');
      expect(opened.size).toBe(data.length);
      expect((await buffer(opened.body)).equals(data)).toBe(true);
      expect(await store.open('listings/L1/missing.jpg')).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
