import type { DonationNoticeContext } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { donationOrders } from '../../db/schema/index';
import type { NoticeReader } from '../../process/registry';
import { confirmPathOf, donationContext } from './context';

/**
 * What the donation process's notices read of an order (`tells` in donation-process.ts): the
 * recipient is its buyer, the donor its seller; the item, the charity and where each notice leads.
 */
export const readDonationNotices: NoticeReader<DonationNoticeContext> = async (tx, orderId) => {
  const [row] = await tx.select().from(donationOrders).where(eq(donationOrders.id, orderId));
  if (!row) return undefined;
  const context = await donationContext(tx, row);
  return {
    parties: { buyer: row.recipientId, seller: row.donorId },
    context: { ...context, confirmPath: confirmPathOf(context) },
  };
};
