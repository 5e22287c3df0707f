import { commissionCents } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { organizations } from '../../db/schema/index';
import { mayTradeOn } from '../organisation-marketplace/visibility';

/** What a sale charges its seller, and what was waived of it (cents). */
export interface SaleCommission {
  commissionCents: number;
  commissionWaivedCents: number;
}

/**
 * The commission of a sale at `itemPriceCents` (COMMISSION_SCHEDULE), as the order records it at
 * checkout: none when the listing is in an organisation's marketplace, the organisation waives
 * it (an employee benefit, issue 23) and buyer and seller are both its members now; the
 * commission it would have charged is then recorded as waived (the benefit's monthly cost).
 */
export async function saleCommission(
  tx: Db,
  listing: { organizationId: number | null; sellerId: number },
  buyerId: number,
  itemPriceCents: number,
): Promise<SaleCommission> {
  const full = commissionCents(itemPriceCents);
  const charged = { commissionCents: full, commissionWaivedCents: 0 };
  if (listing.organizationId === null) return charged;
  const [organisation] = await tx
    .select({ waives: organizations.commissionWaived })
    .from(organizations)
    .where(eq(organizations.id, listing.organizationId));
  if (!organisation?.waives) return charged;
  const members = (await mayTradeOn(tx, listing, buyerId)) && (await mayTradeOn(tx, listing, listing.sellerId));
  return members ? { commissionCents: 0, commissionWaivedCents: full } : charged;
}
