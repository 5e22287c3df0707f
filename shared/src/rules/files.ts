/** File input display (spec section 5). */

export const FILE_INPUT_PLACEHOLDER = 'Click to choose your file';

export const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * Human file size, 1024-based, up to 2 decimals with trailing zeros dropped:
 * 0 → '0 Bytes', 1 → '1 Byte', 1024 → '1 KB', 1536 → '1.5 KB', 1500 → '1.46 KB'.
 * A value that would round up to 1024 of a unit moves to the next unit ('1 MB', never '1024 KB').
 * Negative or non-finite sizes give ''.
 */
export function fileSize(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes === 1) return '1 Byte';
  let value = bytes;
  let unit = 0;
  while (unit < FILE_SIZE_UNITS.length - 1 && Number(value.toFixed(decimals)) >= 1024) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toFixed(decimals))} ${FILE_SIZE_UNITS[unit]}`;
}
