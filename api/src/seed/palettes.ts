// Named colour themes for demo photos. The catalogue stores a palette seed like 'ocean-412';
// the theme name fixes the hue family (so a listing's photos look related) and the number
// varies the exact shades. Kept separate so the catalogue does not import sharp.

export interface PaletteTheme {
  /** Base hue in degrees (0-360). */
  hue: number;
  /** How far the gradient's second stop may drift from the base hue, in degrees. */
  spread: number;
  /** Saturation in percent. */
  sat: number;
}

export const PALETTE_THEMES: Record<string, PaletteTheme> = {
  sunset: { hue: 18, spread: 40, sat: 78 },
  ocean: { hue: 200, spread: 35, sat: 65 },
  forest: { hue: 140, spread: 30, sat: 45 },
  berry: { hue: 330, spread: 35, sat: 60 },
  sand: { hue: 38, spread: 20, sat: 55 },
  lavender: { hue: 265, spread: 30, sat: 50 },
  mint: { hue: 165, spread: 25, sat: 55 },
  slate: { hue: 215, spread: 20, sat: 25 },
  citrus: { hue: 52, spread: 35, sat: 80 },
  coral: { hue: 5, spread: 25, sat: 70 },
};

export const PALETTE_THEME_NAMES: readonly string[] = Object.keys(PALETTE_THEMES);
