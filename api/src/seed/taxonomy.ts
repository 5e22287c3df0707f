// Seed taxonomy for Yardly: categories, subcategories and their filterable properties.
// Pure data (no I/O) so the schema/insert code, the demo catalogue and tests can all share it.

import { CONDITION_CODES, type ConditionCode, conditionLabel } from '@yardly/shared/rules';

export interface SeedCategory {
  slug: string;
  title: string;
  /** Shown as a home-page shortcut (spec §2: Electronics, Home Decor & Furniture, Kitchen…). */
  shortcut?: boolean;
  /** Donations are only allowed in these categories (spec §1). */
  donationAllowed?: boolean;
  subCategories: {
    slug: string;
    title: string;
    /** Used, open-box and parts items here are local pickup only with a verified work email (spec §1). */
    restrictedElectronics?: boolean;
  }[];
}

export interface SeedProperty {
  key: string;
  label: string;
  values: string[];
}

/** Listing conditions as stored (codes), in the order the UI should offer them. */
export const CONDITIONS = CONDITION_CODES;
export type Condition = ConditionCode;

// Order matters: the three shortcut categories come first, in the order the home page shows them.
// Subcategory slugs are globally unique so they can double as URL/lookup keys without the parent.
export const TAXONOMY: SeedCategory[] = [
  {
    slug: 'electronics',
    title: 'Electronics',
    shortcut: true,
    subCategories: [
      { slug: 'cell-phones', title: 'Cell Phones', restrictedElectronics: true },
      { slug: 'computers-tablets-pc', title: 'Computers/Tablets/PC', restrictedElectronics: true },
      { slug: 'audio', title: 'Audio', restrictedElectronics: true },
      { slug: 'camera', title: 'Camera', restrictedElectronics: true },
      { slug: 'camera-accessories', title: 'Camera Accessories', restrictedElectronics: true },
      { slug: 'tv-video', title: 'TV & Video' },
      { slug: 'video-games-consoles', title: 'Video Games & Consoles' },
      { slug: 'wearables', title: 'Wearables' },
    ],
  },
  {
    slug: 'home-decor-furniture',
    title: 'Home Decor & Furniture',
    shortcut: true,
    subCategories: [
      { slug: 'tables-desks', title: 'Tables & Desks' },
      { slug: 'chairs-stools', title: 'Chairs & Stools' },
      { slug: 'storage-shelving', title: 'Storage & Shelving' },
      { slug: 'lighting', title: 'Lighting' },
      { slug: 'mirrors-wall-decor', title: 'Mirrors & Wall Decor' },
      { slug: 'rugs-textiles', title: 'Rugs & Textiles' },
      { slug: 'vases-decor-accents', title: 'Vases & Decor Accents' },
    ],
  },
  {
    slug: 'kitchen-appliances-accessories',
    title: 'Kitchen Appliances & Accessories',
    shortcut: true,
    subCategories: [
      { slug: 'small-appliances', title: 'Small Appliances' },
      { slug: 'coffee-tea', title: 'Coffee & Tea' },
      { slug: 'cookware', title: 'Cookware' },
      { slug: 'bakeware', title: 'Bakeware' },
      { slug: 'cutlery-knives', title: 'Cutlery & Knives' },
      { slug: 'dinnerware-glassware', title: 'Dinnerware & Glassware' },
      { slug: 'kitchen-storage', title: 'Kitchen Storage' },
    ],
  },
  {
    slug: 'clothing-and-shoes',
    title: 'Clothing and Shoes',
    donationAllowed: true,
    subCategories: [
      { slug: 'womens-clothing', title: "Women's Clothing" },
      { slug: 'mens-clothing', title: "Men's Clothing" },
      { slug: 'kids-clothing', title: "Kids' Clothing" },
      { slug: 'coats-jackets', title: 'Coats & Jackets' },
      { slug: 'womens-shoes', title: "Women's Shoes" },
      { slug: 'mens-shoes', title: "Men's Shoes" },
      { slug: 'bags-accessories', title: 'Bags & Accessories' },
    ],
  },
  {
    slug: 'books-and-stationery',
    title: 'Books and Stationery',
    donationAllowed: true,
    subCategories: [
      { slug: 'fiction', title: 'Fiction' },
      { slug: 'non-fiction', title: 'Non-Fiction' },
      { slug: 'childrens-books', title: "Children's Books" },
      { slug: 'textbooks', title: 'Textbooks' },
      { slug: 'cookbooks', title: 'Cookbooks' },
      { slug: 'comics-graphic-novels', title: 'Comics & Graphic Novels' },
      { slug: 'stationery-office', title: 'Stationery & Office Supplies' },
      { slug: 'art-supplies', title: 'Art Supplies' },
    ],
  },
  {
    slug: 'sports-outdoors',
    title: 'Sports & Outdoors',
    subCategories: [
      { slug: 'camping-hiking', title: 'Camping & Hiking' },
      { slug: 'fitness-exercise', title: 'Fitness & Exercise' },
      { slug: 'team-sports', title: 'Team Sports' },
      { slug: 'racket-sports', title: 'Racket Sports' },
      { slug: 'golf', title: 'Golf' },
      { slug: 'water-sports', title: 'Water Sports' },
      { slug: 'winter-sports', title: 'Winter Sports' },
    ],
  },
  {
    slug: 'toys-games',
    title: 'Toys & Games',
    subCategories: [
      { slug: 'building-toys', title: 'Building Toys' },
      { slug: 'board-games', title: 'Board Games' },
      { slug: 'puzzles', title: 'Puzzles' },
      { slug: 'dolls-action-figures', title: 'Dolls & Action Figures' },
      { slug: 'rc-vehicles', title: 'RC & Vehicles' },
      { slug: 'outdoor-play', title: 'Outdoor Play' },
    ],
  },
  {
    slug: 'baby-kids',
    title: 'Baby & Kids',
    subCategories: [
      { slug: 'strollers', title: 'Strollers' },
      { slug: 'car-seats', title: 'Car Seats' },
      { slug: 'baby-carriers', title: 'Baby Carriers' },
      { slug: 'nursery', title: 'Nursery' },
      { slug: 'feeding', title: 'Feeding' },
      { slug: 'baby-monitors-safety', title: 'Baby Monitors & Safety' },
    ],
  },
  {
    slug: 'tools-home-improvement',
    title: 'Tools & Home Improvement',
    subCategories: [
      { slug: 'power-tools', title: 'Power Tools' },
      { slug: 'hand-tools', title: 'Hand Tools' },
      { slug: 'tool-storage', title: 'Tool Storage' },
      { slug: 'hardware', title: 'Hardware' },
      { slug: 'painting-supplies', title: 'Painting Supplies' },
      { slug: 'smart-home', title: 'Smart Home' },
    ],
  },
  {
    slug: 'garden-patio',
    title: 'Garden & Patio',
    subCategories: [
      { slug: 'planters-pots', title: 'Planters & Pots' },
      { slug: 'garden-tools', title: 'Garden Tools' },
      { slug: 'outdoor-lighting', title: 'Outdoor Lighting' },
      { slug: 'grills-outdoor-cooking', title: 'Grills & Outdoor Cooking' },
      { slug: 'outdoor-decor', title: 'Outdoor Decor' },
    ],
  },
  {
    slug: 'musical-instruments',
    title: 'Musical Instruments',
    subCategories: [
      { slug: 'guitars-basses', title: 'Guitars & Basses' },
      { slug: 'keyboards-pianos', title: 'Keyboards & Pianos' },
      { slug: 'drums-percussion', title: 'Drums & Percussion' },
      { slug: 'string-instruments', title: 'String Instruments' },
      { slug: 'wind-instruments', title: 'Wind Instruments' },
      { slug: 'amps-effects', title: 'Amps & Effects' },
    ],
  },
  {
    slug: 'collectibles-art',
    title: 'Collectibles & Art',
    subCategories: [
      { slug: 'trading-cards', title: 'Trading Cards' },
      { slug: 'vinyl-records', title: 'Vinyl Records' },
      { slug: 'coins-stamps', title: 'Coins & Stamps' },
      { slug: 'prints-posters', title: 'Prints & Posters' },
      { slug: 'paintings', title: 'Paintings' },
      { slug: 'figurines-memorabilia', title: 'Figurines & Memorabilia' },
    ],
  },
  {
    slug: 'pet-supplies',
    title: 'Pet Supplies',
    subCategories: [
      { slug: 'dog-supplies', title: 'Dog Supplies' },
      { slug: 'cat-supplies', title: 'Cat Supplies' },
      { slug: 'aquariums', title: 'Aquariums' },
      { slug: 'pet-carriers-crates', title: 'Carriers & Crates' },
      { slug: 'small-animal-bird', title: 'Small Animal & Bird' },
    ],
  },
  {
    // Only bikes that weigh ≤ 20 lbs (road bikes, kids' bikes) can be listed, hence the subcategory mix.
    slug: 'bikes',
    title: 'Bikes',
    subCategories: [
      { slug: 'road-bikes', title: 'Road Bikes' },
      { slug: 'kids-bikes', title: "Kids' Bikes" },
      { slug: 'bike-parts', title: 'Bike Parts & Components' },
      { slug: 'bike-helmets', title: 'Helmets & Protection' },
      { slug: 'bike-accessories', title: 'Bike Accessories' },
    ],
  },
];

// '*' applies to every category; other keys are category slugs.
export const CATEGORY_PROPERTIES: Record<string /* category slug or '*' for all */, SeedProperty[]> = {
  '*': [{ key: 'condition', label: 'Condition', values: CONDITIONS.map(conditionLabel) }],
  electronics: [
    {
      key: 'brand',
      label: 'Brand',
      values: [
        'Apple',
        'Samsung',
        'Google',
        'Sony',
        'Bose',
        'Canon',
        'Nikon',
        'Fujifilm',
        'Dell',
        'HP',
        'Lenovo',
        'Microsoft',
        'Nintendo',
        'LG',
        'JBL',
        'Garmin',
        'Fitbit',
        'GoPro',
        'DJI',
        'Other',
      ],
    },
  ],
  'home-decor-furniture': [
    {
      key: 'material',
      label: 'Material',
      values: ['Wood', 'Metal', 'Glass', 'Fabric', 'Rattan/Wicker', 'Plastic', 'Ceramic', 'Mixed'],
    },
  ],
  'clothing-and-shoes': [
    {
      key: 'size',
      label: 'Size',
      values: [
        'XS',
        'S',
        'M',
        'L',
        'XL',
        'XXL',
        'One Size',
        '2T-4T',
        'Kids 5-7',
        'Kids 8-12',
        'US 6',
        'US 7',
        'US 8',
        'US 9',
        'US 10',
        'US 11',
        'US 12',
      ],
    },
    { key: 'gender', label: 'Gender', values: ['Women', 'Men', 'Unisex', 'Girls', 'Boys'] },
  ],
  'books-and-stationery': [
    {
      key: 'format',
      label: 'Format',
      values: ['Hardcover', 'Paperback', 'Board Book', 'Box Set', 'Spiral-bound', 'Other'],
    },
  ],
  bikes: [
    {
      key: 'frameSize',
      label: 'Frame Size',
      values: ['XS', 'S', 'M', 'L', 'XL', '12 in', '16 in', '20 in', '24 in'],
    },
  ],
};

/** Properties that apply to a category: the '*' ones first, then its own. */
export function propertiesFor(categorySlug: string): SeedProperty[] {
  return [...(CATEGORY_PROPERTIES['*'] ?? []), ...(CATEGORY_PROPERTIES[categorySlug] ?? [])];
}

/** Look up a category by slug (undefined if unknown). */
export function findCategory(slug: string): SeedCategory | undefined {
  return TAXONOMY.find((c) => c.slug === slug);
}
