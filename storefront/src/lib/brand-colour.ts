/**
 * An organisation's colour (`#rrggbb`, brandColorSchema) as a background: the text colour that
 * reads on it. Black or white, whichever contrasts more (WCAG 2.2 relative luminance): one of
 * the two always reaches 4.5:1, so any colour an admin picks stays readable.
 */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  const luminance = relativeLuminance(background);
  if (luminance === null) return '#ffffff';
  const withWhite = 1.05 / (luminance + 0.05);
  const withBlack = (luminance + 0.05) / 0.05;
  return withBlack >= withWhite ? '#000000' : '#ffffff';
}

/** The contrast ratio of two `#rrggbb` colours (1 to 21); null when either is not one. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function relativeLuminance(hex: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
