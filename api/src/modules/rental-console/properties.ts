import {
  type RentalPropertyInput,
  rentalPropertyInputSchema,
  rentalPropertyRecordSchema,
} from '@yardly/shared/contract';
import type { RentalPropertyKind } from '@yardly/shared/rules';
import { rentalConsoleMessages } from '@yardly/shared/rules';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { rentalProperties, rentals } from '../../db/schema/index';
import { refuseDuplicate } from '../../db/unique';
import { AppError } from '../../errors';
import { defineResource, searchFilter, textFilter } from '../../http/console/define-resource';

/** Where a rental keeps each list's value (a lease length as its number of months). */
function storedValue(kind: RentalPropertyKind, value: string | SQL): SQL {
  switch (kind) {
    case 'propertyType':
      return sql`${rentals.propertyType} = ${value}`;
    case 'parking':
      return sql`${rentals.parking} = ${value}`;
    case 'laundry':
      return sql`${rentals.laundry} = ${value}`;
    case 'leaseMonths':
      return sql`${rentals.leaseMonths}::text = ${value}`;
  }
}

/** Rentals not deleted (drafts, on the market, rented, deactivated) carrying a row's value. */
const useCount =
  sql<number>`(select count(*)::int from ${rentals} where ${rentals.state} <> 'deleted' and case ${rentalProperties.kind}
  when 'propertyType' then ${storedValue('propertyType', sql`${rentalProperties.value}`)}
  when 'parking' then ${storedValue('parking', sql`${rentalProperties.value}`)}
  when 'laundry' then ${storedValue('laundry', sql`${rentalProperties.value}`)}
  when 'leaseMonths' then ${storedValue('leaseMonths', sql`${rentalProperties.value}`)}
  else false end)`.mapWith(Number);

async function liveUses(tx: Db, kind: RentalPropertyKind, value: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(rentals)
    .where(and(ne(rentals.state, 'deleted'), storedValue(kind, value)));
  return row?.n ?? 0;
}

/** The row, locked: a delete or a change of value and a rental form's save do not cross. */
async function lockedRow(tx: Db, id: string | number) {
  const [row] = await tx
    .select()
    .from(rentalProperties)
    .where(eq(rentalProperties.id, Number(id)))
    .for('update');
  if (!row) throw AppError.notFound('There is no such record in rental-properties');
  return row;
}

/** A value live rentals carry stays as it is: their pages and filters would name a value no list offers. */
async function refuseIfInUse(tx: Db, row: { kind: RentalPropertyKind; value: string }, field: string) {
  const n = await liveUses(tx, row.kind, row.value);
  if (n > 0) throw new AppError(409, rentalConsoleMessages.propertyInUse(n), { field, reason: 'in_use' });
}

const write = (tx: Db, input: RentalPropertyInput, id?: number) =>
  refuseDuplicate(
    () =>
      id === undefined
        ? tx.insert(rentalProperties).values(input).returning({ id: rentalProperties.id })
        : tx
            .update(rentalProperties)
            .set(input)
            .where(eq(rentalProperties.id, id))
            .returning({ id: rentalProperties.id }),
    'value',
    rentalConsoleMessages.propertyValueTaken,
  );

/**
 * The rental form's attribute lists (`GET /rental/properties` answers them): property types,
 * parking, laundry and lease lengths; a value unique in its list. A value live rentals carry
 * cannot be deleted or changed (its label can), and every list keeps one value.
 */
export const rentalPropertiesResource = defineResource({
  name: 'rental-properties',
  record: rentalPropertyRecordSchema,
  id: { column: rentalProperties.id, kind: 'numeric' },
  select: (db: Db) =>
    db
      .select({
        id: rentalProperties.id,
        kind: rentalProperties.kind,
        value: rentalProperties.value,
        label: rentalProperties.label,
        position: rentalProperties.position,
        useCount,
      })
      .from(rentalProperties),
  sortable: {
    // Each list in the form's order.
    kind: sql`${rentalProperties.kind}, ${rentalProperties.position}`,
    value: rentalProperties.value,
    label: rentalProperties.label,
    position: rentalProperties.position,
    useCount,
  },
  filters: {
    kind: textFilter((kind) => sql`${rentalProperties.kind}::text = ${kind}`),
    q: searchFilter({ contains: [rentalProperties.value, rentalProperties.label] }),
  },
  create: {
    input: rentalPropertyInputSchema,
    async run(tx, input) {
      const [row] = await write(tx, input);
      if (!row) throw new Error('no rental property written');
      return row.id;
    },
  },
  update: {
    input: rentalPropertyInputSchema,
    async run(tx, id, input) {
      const row = await lockedRow(tx, id);
      if (input.kind !== row.kind || input.value !== row.value) {
        await refuseIfInUse(tx, row, input.kind !== row.kind ? 'kind' : 'value');
      }
      await write(tx, input, row.id);
    },
  },
  async remove(tx, id) {
    const row = await lockedRow(tx, id);
    await refuseIfInUse(tx, row, 'value');
    const [left] = await tx.select({ n: count() }).from(rentalProperties).where(eq(rentalProperties.kind, row.kind));
    if ((left?.n ?? 0) <= 1) throw new AppError(409, rentalConsoleMessages.lastPropertyValue, { field: 'kind' });
    await tx.delete(rentalProperties).where(eq(rentalProperties.id, row.id));
  },
});
