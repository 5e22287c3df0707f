import { describe, expect, it } from 'vitest';
import { FILE_INPUT_PLACEHOLDER, fileSize } from './files';

describe('fileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Byte'],
    [512, '512 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1500, '1.46 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [2.75 * 1024 ** 3, '2.75 GB'],
    [1024 ** 4, '1 TB'],
    [1024 ** 8, '1 YB'],
    [5 * 1024 ** 9, '5120 YB'],
  ])('shows %d bytes as %s', (bytes, expected) => {
    expect(fileSize(bytes)).toBe(expected);
  });

  it('takes another number of decimals', () => {
    expect(fileSize(1500, 0)).toBe('1 KB');
    expect(fileSize(1500, 3)).toBe('1.465 KB');
  });

  it.each([[-1], [Number.NaN], [Number.POSITIVE_INFINITY]])('gives an empty string for %d', (bytes) => {
    expect(fileSize(bytes)).toBe('');
  });

  it('has the placeholder text of the spec', () => {
    expect(FILE_INPUT_PLACEHOLDER).toBe('Click to choose your file');
  });
});
