import {
  type B2BMarketplaceRecord,
  b2bMarketplaceInputSchema,
  b2bMarketplaceRecordSchema,
  organisationSlug,
} from '@yardly/shared/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, organizations, workEmailDomains } from '../../db/schema/index';
import { defineResource, searchFilter } from '../../http/console/define-resource';
import { fileUrl } from '../files/urls';
import { b2bRow, isB2BRow, verifiedMemberCount } from './b2b-organisations';

const liveListingCount =
  sql<number>`(select count(*) from ${listings} l where l.organization_id = ${organizations}.id and l.state = 'live')`.mapWith(
    Number,
  );

function select(db: Db) {
  return db
    .select({
      id: organizations.refnum,
      organizationId: organizations.id,
      name: organizations.name,
      status: organizations.status,
      welcomeText: organizations.welcomeText,
      brandColor: organizations.brandColor,
      logoPath: organizations.logoPath,
      memberCount: verifiedMemberCount,
      listingCount: liveListingCount,
    })
    .from(organizations)
    .innerJoin(b2bRow, isB2BRow);
}

type Row = Awaited<ReturnType<typeof select>>[number];

/** Rows with their work-email domains (one query for the page). */
async function toRecords(db: Db, rows: Row[]): Promise<B2BMarketplaceRecord[]> {
  const ids = rows.map((row) => row.organizationId);
  const domains = ids.length
    ? await db
        .select({ organizationId: workEmailDomains.organizationId, domain: workEmailDomains.domain })
        .from(workEmailDomains)
        .where(inArray(workEmailDomains.organizationId, ids))
        .orderBy(asc(workEmailDomains.domain))
    : [];
  return rows.map(({ organizationId, logoPath, ...row }) => ({
    ...row,
    orgName: organisationSlug(row.name),
    logoUrl: logoPath ? fileUrl(logoPath) : null,
    domains: domains.filter((d) => d.organizationId === organizationId).map((d) => d.domain),
  }));
}

/**
 * The console's `/b2b` (issue 23): each B2B organisation's marketplace, what its landing page
 * `/client/{orgName}` shows. The welcome text and colour are edited here, the logo uploaded
 * beside it (logo.ts); the domains (work-email domains) and counts are read only.
 */
export const b2bResource = defineResource({
  name: 'b2b',
  record: b2bMarketplaceRecordSchema,
  id: { column: organizations.refnum, kind: 'refnum' },
  select,
  toRecords,
  sortable: {
    name: organizations.name,
    memberCount: verifiedMemberCount,
    listingCount: liveListingCount,
  },
  filters: {
    q: searchFilter({ contains: [organizations.name] }),
  },
  update: {
    input: b2bMarketplaceInputSchema,
    async run(tx, id, input) {
      await tx
        .update(organizations)
        .set({ welcomeText: input.welcomeText, brandColor: input.brandColor.toLowerCase() })
        .where(eq(organizations.refnum, String(id)));
    },
  },
});
