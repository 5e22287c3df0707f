import type { FieldError, RentalProperties } from '@yardly/shared/contract';
import { RENTAL_PROPERTY_KINDS, type RentalPropertyKind, rentalMessages } from '@yardly/shared/rules';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { rentalProperties } from '../../db/schema/index';

/** The attribute lists as the console left them, each in its position order. */
export async function rentalPropertyLists(db: Db): Promise<RentalProperties> {
  const rows = await db
    .select({ kind: rentalProperties.kind, value: rentalProperties.value, label: rentalProperties.label })
    .from(rentalProperties)
    .orderBy(asc(rentalProperties.kind), asc(rentalProperties.position), asc(rentalProperties.id));
  const lists = Object.fromEntries(RENTAL_PROPERTY_KINDS.map((kind) => [kind, []])) as unknown as RentalProperties;
  for (const { kind, value, label } of rows) lists[kind].push({ value, label });
  return lists;
}

/** The form's fields that name an attribute list, by kind. */
const FIELD_OF: Record<RentalPropertyKind, { field: string; message: string }> = {
  propertyType: { field: 'propertyType', message: rentalMessages.propertyTypeRequired },
  parking: { field: 'parking', message: rentalMessages.parkingRequired },
  laundry: { field: 'laundry', message: rentalMessages.laundryRequired },
  leaseMonths: { field: 'leaseMonths', message: rentalMessages.leaseRequired },
};

/** A field error for each attribute that is not on the console's list (only the server can check). */
export async function attributeErrors(db: Db, chosen: Record<RentalPropertyKind, string>): Promise<FieldError[]> {
  const lists = await rentalPropertyLists(db);
  return RENTAL_PROPERTY_KINDS.filter((kind) => !lists[kind].some((option) => option.value === chosen[kind])).map(
    (kind) => FIELD_OF[kind],
  );
}
