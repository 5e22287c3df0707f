// Placeholder listing photos for the demo seed, drawn from an SVG built in code and encoded
// with sharp. No network, no files: ~600 photos must render in seconds and be byte-identical
// across runs (same input → same JPEG) so seeded databases and screenshots are reproducible.

import sharp from 'sharp';
import { PALETTE_THEMES } from './palettes';
import { createRng, hashString } from './prng';

export const DEMO_PHOTO_WIDTH = 800;
export const DEMO_PHOTO_HEIGHT = 600;
export const DEMO_PHOTO_QUALITY = 80;

export interface DemoPhotoInput {
  title: string;
  categorySlug: string;
  /** Seed such as 'ocean-412'; a known theme name fixes the hue family. */
  palette: string;
  /** 0-based photo number within the listing (varies the composition). */
  index: number;
}

export interface DemoPhotoOptions {
  /**
   * Draw the title. On by default: measured at about 1 ms CPU extra per image once fonts are
   * loaded. Without system fonts librsvg simply draws no text, it does not fail.
   */
  withText?: boolean;
}

/** 800x600 JPEG (quality 80): gradient background, a flat category icon and the title. */
export async function demoPhoto(spec: DemoPhotoInput, options: DemoPhotoOptions = {}): Promise<Buffer> {
  const svg = demoPhotoSvg(spec, options);
  return sharp(Buffer.from(svg)).jpeg({ quality: DEMO_PHOTO_QUALITY }).toBuffer();
}

/** The SVG behind demoPhoto (exported for tests and for serving as-is if ever useful). */
export function demoPhotoSvg(spec: DemoPhotoInput, options: DemoPhotoOptions = {}): string {
  const W = DEMO_PHOTO_WIDTH;
  const H = DEMO_PHOTO_HEIGHT;
  const rng = createRng(`${spec.palette}:${spec.index}`);
  const theme = PALETTE_THEMES[spec.palette.split('-')[0] ?? ''];
  // Unknown palette names still get a stable hue from the hash.
  const baseHue = theme ? theme.hue : hashString(spec.palette) % 360;
  const spread = theme ? theme.spread : 40;
  const sat = theme ? theme.sat : 60;
  // Listing-level jitter (same for all photos of a listing) plus a smaller per-photo one.
  const listingJitter = (hashString(spec.palette) % 21) - 10;
  const h1 = baseHue + listingJitter + rng.int(-6, 6);
  // Gradient direction in hue is per listing too, so a listing's photos look like one set.
  const h2 = h1 + ((hashString(spec.palette) >>> 8) % 2 === 0 ? spread : -spread);
  const c1 = hsl(h1, sat, 72 + rng.int(-4, 4));
  const c2 = hsl(h2, Math.min(95, sat + 8), 52 + rng.int(-5, 5));
  const accent = hsl(h1 + spread / 2, Math.min(90, sat + 10), 34);
  const accent2 = hsl(h2, Math.min(90, sat + 5), 46);
  const angle = rng.int(0, 359) * (Math.PI / 180);
  const gx = (0.5 + 0.5 * Math.cos(angle)).toFixed(3);
  const gy = (0.5 + 0.5 * Math.sin(angle)).toFixed(3);
  const gx0 = (1 - Number(gx)).toFixed(3);
  const gy0 = (1 - Number(gy)).toFixed(3);

  // Soft "bokeh" circles so backgrounds do not look like flat test cards.
  let bokeh = '';
  for (let i = 0; i < 6; i++) {
    bokeh += `<circle cx="${rng.int(0, W)}" cy="${rng.int(0, H)}" r="${rng.int(40, 160)}" fill="#fff" fill-opacity="${(0.05 + rng.next() * 0.1).toFixed(2)}"/>`;
  }

  const icon = ICONS[spec.categorySlug] ?? ICONS.default;
  const draw = (x: number, y: number, scale: number, rot: number): string =>
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${scale})">${icon(accent, accent2)}</g>`;
  const tilt = rng.int(-8, 8);
  const cy = options.withText === false ? H / 2 : 250;

  // Each photo index is a different "shot" of the same item: hero, pair, close-up, detail grid.
  let subject: string;
  switch (spec.index % 4) {
    case 0:
      subject = `${plate(W / 2, cy, 175)}${draw(W / 2, cy, 1, tilt)}`;
      break;
    case 1:
      subject = `${plate(300, cy + 10, 140)}${draw(300, cy + 10, 0.8, tilt)}${plate(540, cy - 20, 105)}${draw(540, cy - 20, 0.6, -tilt)}`;
      break;
    case 2:
      subject = `${plate(W / 2 + 40, cy + 15, 215)}${draw(W / 2 + 40, cy + 15, 1.3, tilt + 12)}`;
      break;
    default:
      subject = [0, 1, 2]
        .map((k) => {
          const x = 190 + k * 210;
          return `${plate(x, cy, 90)}${draw(x, cy, 0.5, tilt + (k - 1) * 10)}`;
        })
        .join('');
  }

  let caption = '';
  if (options.withText !== false) {
    const title = truncateTitle(spec.title);
    const text = escapeXml(title);
    // Shrink long titles so they fit in 720 px (widths measured with DejaVu Sans Bold).
    const fontSize = Math.max(18, Math.min(38, Math.floor(720 / Math.max(1, textWidthEm(title)))));
    caption =
      `<rect x="0" y="${H - 110}" width="${W}" height="110" fill="#000" fill-opacity="0.28"/>` +
      `<text x="${W / 2}" y="${H - 55 + fontSize * 0.35}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="bold" fill="#fff">${text}</text>`;
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><linearGradient id="bg" x1="${gx0}" y1="${gy0}" x2="${gx}" y2="${gy}">` +
    `<stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>${bokeh}${subject}${caption}</svg>`
  );
}

/** Spec §9: titles are cut to 37 characters plus an ellipsis. */
function truncateTitle(title: string): string {
  const chars = [...title.trim()];
  return chars.length > 37 ? `${chars.slice(0, 37).join('').trimEnd()}…` : chars.join('');
}

/** Approximate rendered width in em of bold sans text (measured per character class). */
function textWidthEm(text: string): number {
  let em = 0;
  for (const ch of text) {
    if (/[iljI.,'!|:; ]/.test(ch)) em += 0.36;
    else if (/[frt\-()/]/.test(ch)) em += 0.49;
    else if (/[mw]/.test(ch)) em += 1.03;
    else if (/[MW]/.test(ch)) em += 1.1;
    else if (/[A-Z]/.test(ch)) em += 0.83;
    else if (/[0-9a-z]/.test(ch)) em += 0.7;
    else em += 0.8;
  }
  return em;
}

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Soft white disc with a drop shadow behind the icon, like a product on a plate. */
function plate(x: number, y: number, r: number): string {
  return (
    `<ellipse cx="${x}" cy="${y + r * 0.9}" rx="${r * 0.85}" ry="${r * 0.16}" fill="#000" fill-opacity="0.12"/>` +
    `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="0.82"/>`
  );
}

/** HSL → #rrggbb (librsvg versions differ in hsl() support, hex always works). */
function hsl(h: number, s: number, l: number): string {
  const hh = ((h % 360) + 360) % 360;
  const ss = Math.max(0, Math.min(100, s)) / 100;
  const ll = Math.max(0, Math.min(100, l)) / 100;
  const k = (n: number) => (n + hh / 30) % 12;
  const a = ss * Math.min(ll, 1 - ll);
  const f = (n: number) => ll - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

// Flat icons in a ±120 px box centred on 0,0; `a` is the main colour, `b` a second tone.
type Icon = (a: string, b: string) => string;
const W_ = '#ffffff';

const ICONS: Record<string, Icon> & { default: Icon } = {
  // Phone next to a tablet-ish screen.
  electronics: (a, b) =>
    `<rect x="-110" y="-80" width="150" height="110" rx="10" fill="${b}"/><rect x="-100" y="-70" width="130" height="90" rx="4" fill="${W_}" fill-opacity="0.85"/>` +
    `<rect x="-60" y="30" width="50" height="12" rx="3" fill="${b}"/><rect x="-80" y="42" width="90" height="8" rx="4" fill="${b}"/>` +
    `<rect x="30" y="-60" width="80" height="150" rx="14" fill="${a}"/><rect x="38" y="-46" width="64" height="112" rx="5" fill="${W_}" fill-opacity="0.85"/><circle cx="70" cy="78" r="5" fill="${W_}"/>`,
  // Armchair with a floor lamp.
  'home-decor-furniture': (a, b) =>
    `<rect x="-100" y="-50" width="150" height="80" rx="18" fill="${a}"/><rect x="-110" y="10" width="170" height="50" rx="14" fill="${b}"/>` +
    `<rect x="-125" y="-10" width="32" height="80" rx="14" fill="${a}"/><rect x="43" y="-10" width="32" height="80" rx="14" fill="${a}"/>` +
    `<rect x="-110" y="68" width="10" height="25" fill="${a}"/><rect x="50" y="68" width="10" height="25" fill="${a}"/>` +
    `<rect x="97" y="-60" width="6" height="150" fill="${a}"/><path d="M75,-60 L125,-60 L112,-105 L88,-105 Z" fill="${b}"/><rect x="82" y="88" width="36" height="6" rx="3" fill="${a}"/>`,
  // Cooking pot with steam.
  'kitchen-appliances-accessories': (a, b) =>
    `<path d="M-60,-70 q-15,-20 0,-40 M0,-70 q-15,-20 0,-40 M60,-70 q-15,-20 0,-40" stroke="${W_}" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<rect x="-95" y="-30" width="190" height="120" rx="24" fill="${a}"/><rect x="-130" y="-10" width="40" height="16" rx="8" fill="${a}"/><rect x="90" y="-10" width="40" height="16" rx="8" fill="${a}"/>` +
    `<rect x="-105" y="-50" width="210" height="24" rx="12" fill="${b}"/><rect x="-16" y="-66" width="32" height="18" rx="8" fill="${b}"/><rect x="-95" y="20" width="190" height="10" fill="${W_}" fill-opacity="0.3"/>`,
  // T-shirt.
  'clothing-and-shoes': (a, b) =>
    `<path d="M-40,-100 L-105,-72 L-135,-10 L-92,8 L-78,-14 L-78,105 L78,105 L78,-14 L92,8 L135,-10 L105,-72 L40,-100 Q0,-62 -40,-100 Z" fill="${a}"/>` +
    `<path d="M-40,-100 Q0,-62 40,-100 Q0,-48 -40,-100 Z" fill="${b}"/><rect x="-78" y="40" width="156" height="14" fill="${W_}" fill-opacity="0.35"/>`,
  // Stack of books.
  'books-and-stationery': (a, b) =>
    `<rect x="-110" y="40" width="220" height="50" rx="6" fill="${a}"/><rect x="-100" y="50" width="8" height="30" fill="${W_}" fill-opacity="0.6"/>` +
    `<rect x="-90" y="-15" width="190" height="50" rx="6" fill="${b}"/><rect x="80" y="-5" width="8" height="30" fill="${W_}" fill-opacity="0.6"/>` +
    `<rect x="-100" y="-70" width="170" height="50" rx="6" fill="${a}"/><rect x="-85" y="-52" width="90" height="12" rx="4" fill="${W_}" fill-opacity="0.7"/>` +
    `<path d="M40,-70 L40,-110 L55,-98 L70,-110 L70,-70 Z" fill="${b}"/>`,
  // Tennis/sports ball.
  'sports-outdoors': (a) =>
    `<circle cx="0" cy="0" r="105" fill="${a}"/>` +
    `<path d="M-75,-74 Q-20,0 -75,74 M75,-74 Q20,0 75,74" stroke="${W_}" stroke-width="10" fill="none" stroke-linecap="round"/>`,
  // Stacked building bricks.
  'toys-games': (a, b) =>
    `<rect x="-120" y="10" width="120" height="70" rx="6" fill="${a}"/><rect x="0" y="10" width="120" height="70" rx="6" fill="${b}"/><rect x="-60" y="-60" width="120" height="70" rx="6" fill="${a}"/>` +
    [-95, -65, -35].map((x) => `<rect x="${x + 5}" y="-2" width="22" height="14" rx="4" fill="${a}"/>`).join('') +
    [20, 50, 80].map((x) => `<rect x="${x + 5}" y="-2" width="22" height="14" rx="4" fill="${b}"/>`).join('') +
    [-45, -15, 15].map((x) => `<rect x="${x + 5}" y="-72" width="22" height="14" rx="4" fill="${a}"/>`).join(''),
  // Stroller.
  'baby-kids': (a, b) =>
    `<path d="M-90,-10 A90,90 0 0 1 0,-100 L0,-10 Z" fill="${b}"/><path d="M-100,-10 L70,-10 Q70,60 -15,60 Q-100,60 -100,-10 Z" fill="${a}"/>` +
    `<path d="M70,-10 L110,-80 L135,-80" stroke="${a}" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<circle cx="-65" cy="90" r="24" fill="${a}"/><circle cx="-65" cy="90" r="9" fill="${W_}"/><circle cx="45" cy="90" r="24" fill="${a}"/><circle cx="45" cy="90" r="9" fill="${W_}"/>`,
  // Hammer.
  'tools-home-improvement': (a, b) =>
    `<g transform="rotate(-30)"><rect x="-13" y="-55" width="26" height="175" rx="10" fill="${b}"/>` +
    `<path d="M-95,-105 L60,-105 Q90,-105 95,-80 L95,-60 L-95,-60 Z" fill="${a}"/><rect x="-120" y="-100" width="30" height="35" rx="6" fill="${a}"/></g>`,
  // Potted plant.
  'garden-patio': (a, b) =>
    `<ellipse cx="-45" cy="-50" rx="28" ry="65" transform="rotate(-35 -45 -50)" fill="${b}"/><ellipse cx="45" cy="-50" rx="28" ry="65" transform="rotate(35 45 -50)" fill="${b}"/>` +
    `<ellipse cx="0" cy="-75" rx="26" ry="60" fill="${a}"/><path d="M-70,10 L70,10 L52,110 L-52,110 Z" fill="${a}"/><rect x="-80" y="0" width="160" height="24" rx="6" fill="${b}"/>`,
  // Beamed music notes.
  'musical-instruments': (a, b) =>
    `<ellipse cx="-55" cy="70" rx="38" ry="28" transform="rotate(-20 -55 70)" fill="${a}"/><ellipse cx="70" cy="45" rx="38" ry="28" transform="rotate(-20 70 45)" fill="${a}"/>` +
    `<rect x="-24" y="-95" width="14" height="165" fill="${a}"/><rect x="101" y="-120" width="14" height="165" fill="${a}"/>` +
    `<path d="M-24,-95 L115,-120 L115,-80 L-24,-55 Z" fill="${b}"/>`,
  // Framed landscape.
  'collectibles-art': (a, b) =>
    `<rect x="-120" y="-95" width="240" height="190" rx="6" fill="${a}"/><rect x="-100" y="-75" width="200" height="150" fill="${W_}" fill-opacity="0.9"/>` +
    `<path d="M-100,75 L-35,-10 L10,45 L45,5 L100,75 Z" fill="${b}"/><circle cx="50" cy="-35" r="18" fill="${b}" fill-opacity="0.7"/>`,
  // Paw print.
  'pet-supplies': (a) =>
    `<path d="M0,5 C55,5 85,75 50,95 C25,108 -25,108 -50,95 C-85,75 -55,5 0,5 Z" fill="${a}"/>` +
    `<ellipse cx="-80" cy="-25" rx="24" ry="32" fill="${a}"/><ellipse cx="80" cy="-25" rx="24" ry="32" fill="${a}"/>` +
    `<ellipse cx="-32" cy="-78" rx="25" ry="34" fill="${a}"/><ellipse cx="32" cy="-78" rx="25" ry="34" fill="${a}"/>`,
  // Bicycle.
  bikes: (a, b) =>
    `<circle cx="-75" cy="35" r="52" stroke="${a}" stroke-width="12" fill="none"/><circle cx="75" cy="35" r="52" stroke="${a}" stroke-width="12" fill="none"/>` +
    `<path d="M-75,35 L-20,-45 L50,-45 L75,35 M-20,-45 L5,35 L50,-45 M5,35 L-75,35" stroke="${b}" stroke-width="10" fill="none" stroke-linejoin="round" stroke-linecap="round"/>` +
    `<rect x="-45" y="-62" width="50" height="12" rx="6" fill="${a}"/><path d="M50,-45 L40,-75 L68,-80" stroke="${a}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  // Rentals (demo-rentals.ts): a house with a door and windows.
  'rental-house': (a, b) =>
    `<path d="M-120,-10 L0,-115 L120,-10 Z" fill="${b}"/><rect x="-100" y="-15" width="200" height="125" fill="${a}"/>` +
    `<rect x="-20" y="35" width="40" height="75" rx="4" fill="${b}"/><rect x="-80" y="10" width="40" height="40" rx="3" fill="${W_}" fill-opacity="0.85"/>` +
    `<rect x="40" y="10" width="40" height="40" rx="3" fill="${W_}" fill-opacity="0.85"/><rect x="60" y="-95" width="22" height="50" fill="${a}"/>`,
  // An apartment block: rows of windows.
  'rental-apartment': (a, b) =>
    `<rect x="-95" y="-115" width="190" height="225" rx="6" fill="${a}"/><rect x="-110" y="-125" width="220" height="16" rx="4" fill="${b}"/>` +
    [-85, -40, 5]
      .map((y) =>
        [-70, -20, 30]
          .map((x) => `<rect x="${x}" y="${y}" width="36" height="30" rx="3" fill="${W_}" fill-opacity="0.85"/>`)
          .join(''),
      )
      .join('') +
    `<rect x="-22" y="55" width="44" height="55" rx="4" fill="${b}"/>`,
  // A room: a bed with a pillow and a bedside lamp.
  'rental-room': (a, b) =>
    `<rect x="-120" y="-40" width="24" height="130" rx="6" fill="${b}"/><rect x="-110" y="10" width="210" height="55" rx="10" fill="${a}"/>` +
    `<rect x="-95" y="-12" width="60" height="28" rx="12" fill="${W_}" fill-opacity="0.9"/><rect x="-30" y="-2" width="130" height="20" rx="8" fill="${b}"/>` +
    `<rect x="-110" y="65" width="12" height="25" fill="${b}"/><rect x="88" y="65" width="12" height="25" fill="${b}"/>` +
    `<path d="M95,-70 L135,-70 L125,-100 L105,-100 Z" fill="${b}"/><rect x="112" y="-70" width="6" height="60" fill="${a}"/>`,
  // Price tag.
  default: (a) =>
    `<path d="M-100,-40 L-30,-105 L105,-105 L105,105 L-30,105 L-100,40 Z" fill="${a}"/><circle cx="-45" cy="0" r="16" fill="${W_}"/>`,
};
