import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { organizations, users } from '../../db/schema/index';

/**
 * The console's `b2b` and `employee-benefit` resources are the B2B organisations only:
 * `.innerJoin(b2bRow, isB2BRow)`. The condition rides on a join to the same row rather than a
 * WHERE, which the resource's filters and its one-record read set: an organisation without a
 * marketplace is no record of theirs (404).
 */
export const b2bRow = alias(organizations, 'b2b_row');
export const isB2BRow = and(eq(b2bRow.id, organizations.id), eq(b2bRow.isB2B, true));

/** Its verified members: a verified work email at the organisation (the marketplace's members while it is B2B and VERIFIED). */
export const verifiedMemberCount =
  sql<number>`(select count(*) from ${users} m where m.organization_id = ${organizations}.id and m.work_email is not null)`.mapWith(
    Number,
  );
