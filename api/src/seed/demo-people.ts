// Demo sellers for the seed. Each zip was checked against the `zipcodes` package (the test
// re-checks it) so distance search has real coordinates to work with.

export interface DemoPerson {
  slug: string;
  nameFirst: string;
  nameLast: string;
  /** Always @example.com (RFC 2606) so seeding can never email a real person. */
  email: string;
  zip: string;
  /**
   * Has a verified work email (spec §1): only these sellers may list used/open-box/broken
   * phones, computers, audio and camera gear, so the demo catalogue assigns those to them.
   */
  isProfessionVerified: boolean;
}

// 12 people over 12 zips in 10 states; names ≤ 20 chars, letters only (spec §5 name rules).
export const DEMO_PEOPLE: DemoPerson[] = [
  {
    slug: 'maria-lopez',
    nameFirst: 'Maria',
    nameLast: 'Lopez',
    email: 'maria.lopez@example.com',
    zip: '10001',
    isProfessionVerified: true,
  },
  {
    slug: 'james-carter',
    nameFirst: 'James',
    nameLast: 'Carter',
    email: 'james.carter@example.com',
    zip: '11215',
    isProfessionVerified: false,
  },
  {
    slug: 'priya-shah',
    nameFirst: 'Priya',
    nameLast: 'Shah',
    email: 'priya.shah@example.com',
    zip: '94110',
    isProfessionVerified: true,
  },
  {
    slug: 'daniel-kim',
    nameFirst: 'Daniel',
    nameLast: 'Kim',
    email: 'daniel.kim@example.com',
    zip: '90026',
    isProfessionVerified: false,
  },
  {
    slug: 'aisha-johnson',
    nameFirst: 'Aisha',
    nameLast: 'Johnson',
    email: 'aisha.johnson@example.com',
    zip: '60614',
    isProfessionVerified: true,
  },
  {
    slug: 'carlos-ramirez',
    nameFirst: 'Carlos',
    nameLast: 'Ramirez',
    email: 'carlos.ramirez@example.com',
    zip: '78704',
    isProfessionVerified: false,
  },
  {
    slug: 'emily-nguyen',
    nameFirst: 'Emily',
    nameLast: 'Nguyen',
    email: 'emily.nguyen@example.com',
    zip: '98103',
    isProfessionVerified: true,
  },
  {
    slug: 'noah-bennett',
    nameFirst: 'Noah',
    nameLast: 'Bennett',
    email: 'noah.bennett@example.com',
    zip: '02139',
    isProfessionVerified: false,
  },
  {
    slug: 'sofia-martinez',
    nameFirst: 'Sofia',
    nameLast: 'Martinez',
    email: 'sofia.martinez@example.com',
    zip: '80205',
    isProfessionVerified: false,
  },
  {
    slug: 'marcus-williams',
    nameFirst: 'Marcus',
    nameLast: 'Williams',
    email: 'marcus.williams@example.com',
    zip: '30307',
    isProfessionVerified: true,
  },
  {
    slug: 'hannah-berg',
    nameFirst: 'Hannah',
    nameLast: 'Berg',
    email: 'hannah.berg@example.com',
    zip: '97214',
    isProfessionVerified: false,
  },
  {
    slug: 'lucas-silva',
    nameFirst: 'Lucas',
    nameLast: 'Silva',
    email: 'lucas.silva@example.com',
    zip: '33139',
    isProfessionVerified: false,
  },
];

/** Look up a demo person by slug (undefined if unknown). */
export function findDemoPerson(slug: string): DemoPerson | undefined {
  return DEMO_PEOPLE.find((p) => p.slug === slug);
}
