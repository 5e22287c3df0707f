import { sql } from 'drizzle-orm';
import { organizations } from '../../db/schema/index';

/** `organisationSlug` of the name, in SQL: an organisation found by its `/client/{orgName}` address. */
export const organisationSlugSql = sql<string>`regexp_replace(lower(trim(${organizations.name})), '[[:space:]-]+', '-', 'g')`;
