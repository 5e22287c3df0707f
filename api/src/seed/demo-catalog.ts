// Deterministic demo catalogue: listing specs the seed inserts (with photos from demo-photos).
// Pure data generation; the same `count` always yields the same listings so tests, screenshots
// and benchmarks are reproducible.

import {
  isRestrictedElectronics,
  LISTING_LIFETIME_DAYS,
  listingRuleViolations,
  MAX_WEIGHT_LBS,
} from '@yardly/shared/rules';
import { DEMO_PEOPLE, findDemoPerson } from './demo-people';
import { ITEM_TEMPLATES, type ItemTemplate } from './item-templates';
import { PALETTE_THEME_NAMES } from './palettes';
import { createRng, type Rng } from './prng';
import { CONDITIONS, type Condition, findCategory, propertiesFor, type SeedCategory, TAXONOMY } from './taxonomy';

export interface DemoListingSpec {
  title: string;
  description: string;
  categorySlug: string;
  subCategorySlug: string;
  condition: Condition;
  priceCents: number;
  isDonation: boolean;
  weightLbs: number;
  shippable: boolean;
  meetToDeliver: boolean;
  offerFreeDelivery: boolean;
  buyNow: boolean;
  sellerSlug: string;
  photoCount: 1 | 2 | 3 | 4;
  palette: string /* a seed for the photo generator */;
  ageDays: number /* how long ago it was listed, 0-40 */;
  /** Category properties other than condition (brand, size, format…), all from CATEGORY_PROPERTIES. */
  properties?: Record<string, string>;
}

/** Every category gets at least this many listings so no category page looks empty. */
export const MIN_LISTINGS_PER_CATEGORY = 8;
export const MAX_AGE_DAYS = 40;
export const MAX_TITLE_LENGTH = 80;

// Fixed seed: bump the suffix only when you deliberately want a different demo catalogue.
const SEED = 'yardly-demo-catalog-v1';

// Relative share of the "free" listings beyond the per-category minimum: popular categories
// on real second-hand marketplaces get more.
const CATEGORY_WEIGHTS: Record<string, number> = {
  electronics: 3,
  'home-decor-furniture': 2,
  'clothing-and-shoes': 2,
  'kitchen-appliances-accessories': 1.6,
  'books-and-stationery': 1.6,
};

// Open box makes no sense for clothes, books or art.
const NO_OPEN_BOX = new Set(['clothing-and-shoes', 'books-and-stationery', 'collectibles-art']);

// Book-specific condition wording ('pages intact') would be odd for pens or paints.
const BOOK_SUBCATEGORIES = new Set([
  'fiction',
  'non-fiction',
  'childrens-books',
  'textbooks',
  'cookbooks',
  'comics-graphic-novels',
]);

// A broken item's template text ("works perfectly") no longer applies, so it gets a fault line.
const FAULTS = [
  'It no longer powers on.',
  'It turns on but shuts off after a few minutes.',
  'It works on and off, so something inside needs fixing.',
];

// Price relative to the template's 'used' price.
const PRICE_FACTOR: Record<Condition, number> = {
  new: 1.35,
  like_new: 1.15,
  used: 1,
  open_box: 1.2,
  parts_not_working: 0.3,
};

/**
 * Spec §1: used / open-box / not-working phones, computers, audio and camera gear must be
 * local pickup only (and their seller needs a verified work email).
 */
const DAY_MS = 86_400_000;

/** A spec's listing columns, live from `createdAt` for the listing lifetime (the demo and bulk seeds). */
export function liveListingColumns(spec: DemoListingSpec, createdAt: Date) {
  return {
    title: spec.title,
    description: spec.description,
    condition: spec.condition,
    properties: spec.properties ?? {},
    priceCents: spec.priceCents,
    isDonation: spec.isDonation,
    weightLbs: spec.weightLbs,
    shippable: spec.shippable,
    meetToDeliver: spec.meetToDeliver,
    offerFreeDelivery: spec.offerFreeDelivery,
    buyNow: spec.buyNow,
    createdAt,
    updatedAt: createdAt,
    state: 'live' as const,
    listingEnd: new Date(createdAt.getTime() + LISTING_LIFETIME_DAYS * DAY_MS),
  };
}

export function requiresLocalPickup(categorySlug: string, subCategorySlug: string, condition: string): boolean {
  return isRestrictedElectronics({ restrictedElectronics: isRestricted(categorySlug, subCategorySlug), condition });
}

/** The taxonomy's restricted-electronics flag of a subcategory (what the seed writes to the table). */
function isRestricted(categorySlug: string, subCategorySlug: string): boolean {
  return (
    findCategory(categorySlug)?.subCategories.find((s) => s.slug === subCategorySlug)?.restrictedElectronics ?? false
  );
}

/** Human-readable rule violations of one listing spec; empty when it is valid. */
export function catalogRuleViolations(spec: DemoListingSpec): string[] {
  const v: string[] = [];
  const category = findCategory(spec.categorySlug);
  if (!category) v.push(`unknown category '${spec.categorySlug}'`);
  else if (!category.subCategories.some((s) => s.slug === spec.subCategorySlug)) {
    v.push(`subcategory '${spec.subCategorySlug}' is not in '${spec.categorySlug}'`);
  }
  if (!(CONDITIONS as readonly string[]).includes(spec.condition)) v.push(`unknown condition '${spec.condition}'`);
  if (spec.title.trim() === '' || spec.title.length > MAX_TITLE_LENGTH) v.push('title empty or too long');
  if (spec.description.trim() === '') v.push('empty description');

  if (!Number.isInteger(spec.priceCents) || spec.priceCents < 0) v.push('price must be integer cents ≥ 0');
  // Commission brackets start at $1 (spec §9), so a paid item costs at least $1.00.
  if (spec.priceCents > 0 && spec.priceCents < 100) v.push('paid items cost at least $1.00');
  if (spec.isDonation && spec.priceCents !== 0) v.push('donations must be free');
  if (!(spec.weightLbs > 0)) v.push('weight must be above 0 lbs');
  const seller = findDemoPerson(spec.sellerSlug);
  // The marketplace's own rules (20 lbs, free is local, restricted electronics, donation categories).
  const marketRules = listingRuleViolations({
    weightLbs: spec.weightLbs,
    priceCents: spec.priceCents,
    isDonation: spec.isDonation,
    donationAllowed: category?.donationAllowed ?? false,
    restrictedElectronics: isRestricted(spec.categorySlug, spec.subCategorySlug),
    condition: spec.condition,
    shippable: spec.shippable,
    meetToDeliver: spec.meetToDeliver,
    sellerHasVerifiedWorkEmail: seller?.isProfessionVerified ?? false,
  });
  v.push(...marketRules.map((r) => r.message));
  if (!spec.shippable && !spec.meetToDeliver) v.push('needs shipping or local pickup');
  if (spec.offerFreeDelivery && !spec.shippable) v.push('free delivery needs shipping');
  if (spec.buyNow && spec.priceCents === 0) v.push('buy now needs a price');

  if (![1, 2, 3, 4].includes(spec.photoCount)) v.push('photoCount must be 1-4 (spec: max 4 photos)');
  if (!Number.isInteger(spec.ageDays) || spec.ageDays < 0 || spec.ageDays > MAX_AGE_DAYS) {
    v.push(`ageDays must be an integer 0-${MAX_AGE_DAYS}`);
  }
  if (spec.palette.trim() === '') v.push('empty palette');

  if (!seller) v.push(`unknown seller '${spec.sellerSlug}'`);

  const allowed = propertiesFor(spec.categorySlug);
  for (const [key, value] of Object.entries(spec.properties ?? {})) {
    const prop = allowed.find((p) => p.key === key);
    if (!prop || key === 'condition') v.push(`property '${key}' not defined for '${spec.categorySlug}'`);
    else if (!prop.values.includes(value)) v.push(`'${value}' is not a valid ${key}`);
  }
  return v;
}

interface Slot {
  category: SeedCategory;
  subSlug: string;
}

/** Which category/subcategory each listing goes in, guaranteeing coverage first. */
function planSlots(count: number, rng: Rng): Slot[] {
  const slots: Slot[] = [];
  // 1. One listing per subcategory, interleaved across categories so a small `count` still spreads.
  const widest = Math.max(...TAXONOMY.map((c) => c.subCategories.length));
  for (let i = 0; i < widest; i++) {
    for (const category of TAXONOMY) {
      const sub = category.subCategories[i];
      if (sub) slots.push({ category, subSlug: sub.slug });
    }
  }
  // 2. Top small categories up to the minimum.
  for (const category of TAXONOMY) {
    const subs = rng.shuffle(category.subCategories);
    for (let i = category.subCategories.length; i < MIN_LISTINGS_PER_CATEGORY; i++) {
      slots.push({ category, subSlug: (subs[i % subs.length] as { slug: string }).slug });
    }
  }
  // 3. Fill the rest by category popularity.
  const weights = TAXONOMY.map((c) => CATEGORY_WEIGHTS[c.slug] ?? 1);
  while (slots.length < count) {
    const category = rng.weighted(TAXONOMY, weights);
    slots.push({ category, subSlug: rng.pick(category.subCategories).slug });
  }
  return slots.slice(0, count);
}

/** Expands `{a|b}` alternatives and `{prop}` references. */
function expand(text: string, props: Record<string, string>, rng: Rng): string {
  return text.replace(/\{([^{}]+)\}/g, (_m, inner: string) =>
    inner.includes('|') ? rng.pick(inner.split('|')) : (props[inner] ?? inner),
  );
}

function resolveProps(template: ItemTemplate, rng: Rng): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(template.props ?? {})) {
    out[key] = typeof value === 'string' ? value : rng.pick(value);
  }
  return out;
}

function pickCondition(categorySlug: string, template: ItemTemplate, donation: boolean, rng: Rng): Condition {
  if (template.cond === 'new') return 'new';
  const worn = template.cond === 'used';
  const openBox = worn || donation || NO_OPEN_BOX.has(categorySlug) ? 0 : categorySlug === 'electronics' ? 1.2 : 0.6;
  const broken = donation || !template.device ? 0 : categorySlug === 'electronics' ? 1.2 : 0.8;
  const weights: Record<Condition, number> = {
    new: worn ? 0 : 1,
    like_new: 2,
    used: 3,
    open_box: openBox,
    parts_not_working: broken,
  };
  return rng.weighted(
    CONDITIONS,
    CONDITIONS.map((c) => weights[c]),
  );
}

/** Realistic asking price: condition factor, ±15% jitter, rounded like people do. */
function askingPriceCents(template: ItemTemplate, condition: Condition, rng: Rng): number {
  const raw = template.p * PRICE_FACTOR[condition] * (0.85 + rng.next() * 0.3);
  let dollars: number;
  if (raw >= 100) dollars = Math.round(raw / 10) * 10;
  else if (raw >= 20) dollars = Math.round(raw / 5) * 5;
  else dollars = Math.max(1, Math.round(raw));
  // Some sellers like $x.99 prices.
  if (dollars >= 2 && dollars < 100 && rng.chance(0.15)) return dollars * 100 - 1;
  return dollars * 100;
}

function conditionSentence(
  categorySlug: string,
  subCategorySlug: string,
  condition: Condition,
  device: boolean,
  rng: Rng,
): string {
  if (categorySlug === 'clothing-and-shoes') {
    if (condition === 'new') return 'New with tags, never worn.';
    if (condition === 'like_new') return 'Worn once or twice and looks brand new.';
    return rng.pick([
      'Gently worn and freshly washed, with no stains or holes.',
      'Shows a little wear but has plenty of life left.',
    ]);
  }
  if (BOOK_SUBCATEGORIES.has(subCategorySlug)) {
    if (condition === 'new') return 'Brand new copy that has never been read.';
    if (condition === 'like_new') return 'In excellent shape with no marks or torn pages.';
    return rng.pick(['Well loved but complete, with all pages intact.', 'Light shelf wear on the cover.']);
  }
  switch (condition) {
    case 'new':
      return rng.pick(['Brand new and never used.', 'New and still in the original packaging.']);
    case 'like_new':
      return rng.pick(['Used only a handful of times and looks like new.', 'Like-new condition with no visible wear.']);
    case 'used':
      return device
        ? rng.pick(['Shows light signs of use but works perfectly.', 'A few minor scuffs, fully working.'])
        : rng.pick(['Gently used with normal wear, see photos.', 'Good used condition with minor marks.']);
    case 'open_box':
      return rng.pick([
        'Opened but barely used, with all original accessories in the box.',
        'Open box: tried it once and it was not for me.',
      ]);
    case 'parts_not_working':
      return rng.pick([
        'Sold as-is for parts or repair because it does not work properly.',
        'Not working, so it is priced for someone handy or looking for spare parts.',
      ]);
  }
}

interface Delivery {
  shippable: boolean;
  meetToDeliver: boolean;
  offerFreeDelivery: boolean;
}

function deliverySentence(d: Delivery, kind: 'donation' | 'free' | 'local-rule' | 'sale', rng: Rng): string {
  if (kind === 'donation') return 'Donating it to a local charity recipient, pickup from my place only.';
  if (kind === 'free')
    return rng.pick([
      'Free to whoever can pick it up, local pickup only.',
      'Free, just come and get it (local pickup only).',
    ]);
  if (kind === 'local-rule') return 'Local pickup only, and you are welcome to test it before paying.';
  if (d.shippable && d.meetToDeliver)
    return d.offerFreeDelivery ? 'Free shipping, or meet locally if you prefer.' : 'Happy to ship or meet locally.';
  if (d.shippable)
    return d.offerFreeDelivery ? 'Ships free within two business days.' : 'Ships within two business days.';
  return 'Local pickup or meet-up only.';
}

/**
 * `count` deterministic demo listings. With count ≥ ~120 every subcategory gets a listing and
 * every category at least MIN_LISTINGS_PER_CATEGORY; ~5% are donations (Clothing and Shoes,
 * Books and Stationery only) and ~7% free local-pickup items. Every spec passes
 * catalogRuleViolations.
 */
export function demoCatalog(count = 240): DemoListingSpec[] {
  if (count <= 0) return [];
  const rng = createRng(SEED);
  const slots = planSlots(count, rng);

  // Rotate each subcategory's templates so repeats only happen once all have been used.
  const rotation = new Map<string, { list: ItemTemplate[]; next: number }>();
  const templateFor = (subSlug: string): ItemTemplate => {
    let r = rotation.get(subSlug);
    if (!r) {
      const list = ITEM_TEMPLATES[subSlug];
      if (!list || list.length === 0) throw new Error(`no item templates for subcategory '${subSlug}'`);
      r = { list: rng.shuffle(list), next: 0 };
      rotation.set(subSlug, r);
    }
    return r.list[r.next++ % r.list.length] as ItemTemplate;
  };
  const templates = slots.map((s) => templateFor(s.subSlug));

  // Donations only where allowed; free items are cheap things outside the donation categories
  // (there a zero price means a donation).
  const donationTarget = Math.round(count * 0.05);
  const freeTarget = Math.ceil(count * 0.07);
  const indices = slots.map((_s, i) => i);
  const donations = new Set(
    rng.shuffle(indices.filter((i) => slots[i]?.category.donationAllowed)).slice(0, donationTarget),
  );
  const freeCandidates = indices.filter((i) => !slots[i]?.category.donationAllowed && (templates[i]?.p ?? 0) <= 25);
  const free = new Set(rng.shuffle(freeCandidates).slice(0, freeTarget));

  const verifiedSellers = DEMO_PEOPLE.filter((p) => p.isProfessionVerified);
  const specs = slots.map((slot, i): DemoListingSpec => {
    const template = templates[i] as ItemTemplate;
    const categorySlug = slot.category.slug;
    const isDonation = donations.has(i);
    const isFree = isDonation || free.has(i);

    const props = resolveProps(template, rng);
    const title = expand(template.t, props, rng);
    const condition = pickCondition(categorySlug, template, isDonation, rng);
    const priceCents = isFree ? 0 : askingPriceCents(template, condition, rng);
    const weightLbs = Math.min(
      MAX_WEIGHT_LBS,
      Math.max(0.2, Math.round(template.w * (0.9 + rng.next() * 0.2) * 10) / 10),
    );
    const localRule = requiresLocalPickup(categorySlug, slot.subSlug, condition);

    let delivery: Delivery;
    let kind: 'donation' | 'free' | 'local-rule' | 'sale';
    if (isFree || localRule) {
      delivery = { shippable: false, meetToDeliver: true, offerFreeDelivery: false };
      kind = isDonation ? 'donation' : isFree ? 'free' : 'local-rule';
    } else {
      // Heavier things are more often pickup-only, as on real marketplaces.
      const shipChance = template.w <= 5 ? 0.85 : template.w <= 12 ? 0.65 : 0.45;
      const shippable = rng.chance(shipChance);
      delivery = {
        shippable,
        meetToDeliver: !shippable || rng.chance(0.55),
        offerFreeDelivery: shippable && rng.chance(template.w <= 5 ? 0.3 : 0.15),
      };
      kind = 'sale';
    }

    const sentences = [condition === 'parts_not_working' ? rng.pick(FAULTS) : expand(template.d, props, rng)];
    // Plain 'used'/'like_new' items sometimes skip the condition line, as real sellers do.
    if (condition === 'new' || condition === 'open_box' || condition === 'parts_not_working' || rng.chance(0.8)) {
      sentences.push(conditionSentence(categorySlug, slot.subSlug, condition, template.device === true, rng));
    }
    sentences.push(deliverySentence(delivery, kind, rng));

    const spec: DemoListingSpec = {
      title,
      description: sentences.join(' '),
      categorySlug,
      subCategorySlug: slot.subSlug,
      condition,
      priceCents,
      isDonation,
      weightLbs,
      ...delivery,
      buyNow: priceCents > 0 && rng.chance(0.5),
      // Restricted electronics go to sellers with a verified work email (spec §1).
      sellerSlug: rng.pick(localRule ? verifiedSellers : DEMO_PEOPLE).slug,
      photoCount: rng.weighted([1, 2, 3, 4] as const, [2, 3, 3, 2]),
      palette: `${rng.pick(PALETTE_THEME_NAMES)}-${rng.int(100, 999)}`,
      ageDays: rng.int(0, MAX_AGE_DAYS),
    };
    if (Object.keys(props).length > 0) spec.properties = props;
    return spec;
  });

  // Mix the order so coverage-first planning does not show in insertion order.
  return rng.shuffle(specs);
}
