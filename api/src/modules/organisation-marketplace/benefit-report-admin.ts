import { type EmployeeBenefitReport, employeeBenefitReportSchema } from '@yardly/shared/contract';
import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { ledgerEntries, ledgerTransactions, listings, orders, organizations } from '../../db/schema/index';
import { defineResource, searchFilter, textFilter } from '../../http/console/define-resource';
import { organisationPromotionsAccount } from '../ledger/accounts';

/** A month as the report names it: 'YYYY-MM' in UTC. */
const monthOf = (at: unknown) => sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM')`;

/**
 * The commission an order did not charge because its organisation waives it between members
 * (`orders.commission_waived_cents`, written at checkout by the orders module). Orders that were
 * cancelled or returned were refunded: they never charged a commission, so they cost nothing.
 */
const commissionWaived = sql<number>`${orders}.commission_waived_cents`;

// Built without a connection: the months are a subquery every query of the report reads.
const qb = new QueryBuilder();

const waived = qb
  .select({
    organizationId: sql<number>`${listings.organizationId}`.as('bm_organization_id'),
    month: monthOf(orders.createdAt).as('bm_month'),
    waivedSales: sql<number>`count(*)::int`.as('bm_waived_sales'),
    commissionWaivedCents: sql<number>`sum(${commissionWaived})::int`.as('bm_commission_waived_cents'),
    welcomeCredits: sql<number>`0`.as('bm_welcome_credits'),
    welcomeCreditCents: sql<number>`0`.as('bm_welcome_credit_cents'),
  })
  .from(orders)
  .innerJoin(listings, eq(listings.id, orders.listingId))
  .where(
    and(
      isNotNull(listings.organizationId),
      sql`${commissionWaived} > 0`,
      notInArray(orders.state, ['cancelled', 'returned']),
    ),
  )
  .groupBy(listings.organizationId, monthOf(orders.createdAt));

// Welcome credits from the ledger: each is one entry leaving an organisation's promotions account.
const credits = qb
  .select({
    organizationId: sql<number>`${organizations.id}`.as('bm_organization_id'),
    month: monthOf(ledgerTransactions.at).as('bm_month'),
    waivedSales: sql<number>`0`.as('bm_waived_sales'),
    commissionWaivedCents: sql<number>`0`.as('bm_commission_waived_cents'),
    welcomeCredits: sql<number>`count(*)::int`.as('bm_welcome_credits'),
    welcomeCreditCents: sql<number>`(-sum(${ledgerEntries.amountCents}))::int`.as('bm_welcome_credit_cents'),
  })
  .from(ledgerEntries)
  .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
  .innerJoin(
    organizations,
    eq(ledgerEntries.account, sql`${organisationPromotionsAccount('')} || ${organizations.refnum}`),
  )
  .where(eq(ledgerTransactions.kind, 'welcome_credit'))
  .groupBy(organizations.id, monthOf(ledgerTransactions.at));

/**
 * One row per organisation, month and source (the waived sales, the credits). Its columns are
 * named apart from every table's (drizzle leaves a subquery's columns unqualified, and
 * `organizations` has a `welcome_credit_cents` of its own).
 */
const m = waived.unionAll(credits).as('benefit_months');

const idKey = sql<string>`${organizations.refnum} || '-' || ${m.month}`;
const sumOf = (field: unknown) => sql<number>`sum(${field})::int`;

function select(db: Db) {
  return db
    .select({
      id: idKey,
      orgRefnum: organizations.refnum,
      name: organizations.name,
      month: m.month,
      waivedSales: sumOf(m.waivedSales),
      commissionWaivedCents: sumOf(m.commissionWaivedCents),
      welcomeCredits: sumOf(m.welcomeCredits),
      welcomeCreditCents: sumOf(m.welcomeCreditCents),
    })
    .from(m)
    .innerJoin(organizations, eq(organizations.id, m.organizationId))
    .groupBy(organizations.id, m.month);
}

type Row = Awaited<ReturnType<typeof select>>[number];

function toRecord(row: Row): EmployeeBenefitReport {
  return { ...row, totalCents: row.commissionWaivedCents + row.welcomeCreditCents };
}

/**
 * The console's monthly report of employee benefits (issue 23, read only): per organisation and
 * month (UTC), the sales between members whose commission was waived and what it would have
 * been, and the welcome credits granted; what the benefit cost is their sum.
 */
export const employeeBenefitReportResource = defineResource({
  name: 'employee-benefit-report',
  record: employeeBenefitReportSchema,
  id: { column: idKey, kind: 'key' },
  select,
  toRecord,
  sortable: {
    month: sql`${m.month}`,
    name: organizations.name,
    commissionWaivedCents: sumOf(m.commissionWaivedCents),
    welcomeCreditCents: sumOf(m.welcomeCreditCents),
    totalCents: sql`sum(${m.commissionWaivedCents} + ${m.welcomeCreditCents})`,
  },
  filters: {
    q: searchFilter({ contains: [organizations.name] }),
    orgRefnum: textFilter((refnum) => eq(organizations.refnum, refnum)),
    month: textFilter((month) => eq(sql`${m.month}`, month)),
  },
});
