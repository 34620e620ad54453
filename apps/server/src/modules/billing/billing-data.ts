import type { BillingData, BillingDataInput, Lang } from '@voltpark/contract';
import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { billingData } from '../../db/schema/billing.js';
import { addressTypes, countries } from '../../db/schema/locations.js';
import { ApiError, notFound } from '../../core/errors.js';
import { normalizePhone } from '../users/phone.js';

type Row = typeof billingData.$inferSelect;

const fieldError = (field: string, messageKey: string) =>
  new ApiError(400, messageKey, {
    responseCode: 'VALIDATION_ERROR',
    fields: [{ field, messageKey }],
  });

function toDto(r: Row, countryName: string): BillingData {
  const floorDoor = [r.floor && `${r.floor}`, r.door && `${r.door}`].filter(Boolean).join('/');
  const streetLine = `${r.street} ${r.addressType} ${r.houseNumber}${floorDoor ? ` ${floorDoor}` : ''}`;
  return {
    id: r.id,
    type: r.type,
    payerName: r.payerName,
    lastName: r.lastName,
    firstName: r.firstName,
    taxNumber: r.taxNumber,
    emailAddress: r.emailAddress,
    phone: r.phone,
    defaultBillingData: r.defaultBillingData,
    address: {
      full: `${r.zipCode} ${r.city}, ${streetLine}, ${countryName}`,
      countryName,
      countryCode: r.countryCode,
      zipCode: r.zipCode,
      city: r.city,
      street: r.street,
      addressType: r.addressType,
      houseNumber: r.houseNumber,
      floor: r.floor,
      door: r.door,
    },
  };
}

/** The user's live billing data, default first. */
export async function listBillingData(db: Db, userId: number, lang: Lang): Promise<BillingData[]> {
  const rows = await db
    .select({ row: billingData, nameHu: countries.nameHu, nameEn: countries.nameEn })
    .from(billingData)
    .leftJoin(countries, eq(countries.alpha2Code, billingData.countryCode))
    .where(and(eq(billingData.userId, userId), isNull(billingData.deletedAt)))
    .orderBy(desc(billingData.defaultBillingData), asc(billingData.id));
  return rows.map((r) => toDto(r.row, (lang === 'en' ? r.nameEn : r.nameHu) ?? r.row.countryCode));
}

/**
 * Creates or updates one of the user's billing data (SPEC §4 Billing editor): a PERSON's payer
 * name is made from the names, a COMPANY has no person names; the first entry is forced to be
 * the default, and a new default clears the old one. Another user's id is "not found".
 */
export async function saveBillingData(db: Db, userId: number, input: BillingDataInput) {
  const [country] = await db
    .select({ code: countries.alpha2Code })
    .from(countries)
    .where(eq(countries.alpha2Code, input.address.countryCode));
  if (!country) throw fieldError('address.countryCode', 'invalid.country');
  const types = await db.select({ name: addressTypes.name }).from(addressTypes);
  const addressType = types.find(
    (t) => t.name.toLowerCase() === input.address.addressType.trim().toLowerCase(),
  );
  if (!addressType) throw fieldError('address.addressType', 'invalid.addressType');
  const phone = normalizePhone(input.phone);
  if (!phone) throw fieldError('phone', 'invalid.phone');

  const person = input.type === 'PERSON';
  const values = {
    type: input.type,
    payerName: person ? `${input.lastName} ${input.firstName}` : input.payerName,
    lastName: person ? input.lastName : null,
    firstName: person ? input.firstName : null,
    taxNumber: person ? null : input.taxNumber,
    emailAddress: input.emailAddress.toLowerCase(),
    phone,
    countryCode: country.code,
    zipCode: input.address.zipCode,
    city: input.address.city,
    street: input.address.street,
    addressType: addressType.name,
    houseNumber: input.address.houseNumber,
    floor: input.address.floor || null,
    door: input.address.door || null,
    updatedAt: new Date(),
  };

  await db.transaction(async (tx) => {
    const mine = and(eq(billingData.userId, userId), isNull(billingData.deletedAt));
    const existing = await tx
      .select({ id: billingData.id, isDefault: billingData.defaultBillingData })
      .from(billingData)
      .where(mine);
    const editing = input.id ? existing.find((e) => e.id === input.id) : undefined;
    if (input.id && !editing) throw notFound('billing.notFound');
    const others = existing.filter((e) => e.id !== input.id);
    const makeDefault =
      input.defaultBillingData || others.length === 0 || (editing?.isDefault ?? false);
    let id: number;
    if (editing) {
      await tx
        .update(billingData)
        .set({ ...values, defaultBillingData: makeDefault })
        .where(eq(billingData.id, editing.id));
      id = editing.id;
    } else {
      const [row] = await tx
        .insert(billingData)
        .values({ ...values, userId, defaultBillingData: makeDefault })
        .returning({ id: billingData.id });
      id = row!.id;
    }
    if (makeDefault) {
      await tx
        .update(billingData)
        .set({ defaultBillingData: false })
        .where(and(mine, ne(billingData.id, id)));
    }
  });
}

/** Hides a billing data (issued invoices keep it); if it was the default, the oldest other one becomes it. */
export async function deleteBillingData(db: Db, userId: number, id: number) {
  await db.transaction(async (tx) => {
    const mine = and(eq(billingData.userId, userId), isNull(billingData.deletedAt));
    const [row] = await tx
      .update(billingData)
      .set({ deletedAt: new Date(), defaultBillingData: false })
      .where(and(mine, eq(billingData.id, id)))
      .returning({ wasDefault: billingData.id });
    if (!row) throw notFound('billing.notFound');
    const [next] = await tx
      .select({ id: billingData.id, isDefault: billingData.defaultBillingData })
      .from(billingData)
      .where(mine)
      .orderBy(desc(billingData.defaultBillingData), asc(billingData.id))
      .limit(1);
    if (next && !next.isDefault) {
      await tx
        .update(billingData)
        .set({ defaultBillingData: true })
        .where(eq(billingData.id, next.id));
    }
  });
}

export async function countryList(db: Db, lang: Lang) {
  const rows = await db.select().from(countries);
  const collator = new Intl.Collator(lang === 'en' ? 'en' : 'hu');
  return rows
    .map((c) => ({ name: lang === 'en' ? c.nameEn : c.nameHu, alpha2code: c.alpha2Code }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

export async function addressTypeList(db: Db) {
  const rows = await db.select().from(addressTypes).orderBy(asc(addressTypes.orderNumber));
  return rows.map((r) => r.name);
}
