import type {
  apiRoutes,
  BillingData,
  BillingType,
  Country,
  RouteBodyInput,
  User,
} from '@voltpark/contract';
import { emailRule, MAX_TEXT, parsePhone, required } from '@/features/account';
import { matchesText } from '@/shared/lib/text';

/** The editor's values; the address fields are flat here (`address.zipCode` → `zipCode`). */
export interface BillingFormValues {
  id?: number;
  type: BillingType | '';
  lastName: string;
  firstName: string;
  payerName: string;
  taxNumber: string;
  emailAddress: string;
  phone: string;
  defaultBillingData: boolean;
  countryCode: string;
  zipCode: string;
  city: string;
  street: string;
  addressType: string;
  houseNumber: string;
  floor: string;
  door: string;
}

export type BillingField = keyof Omit<BillingFormValues, 'id'>;

/** Input order, for moving focus to the first error. */
export const BILLING_ORDER: readonly BillingField[] = [
  'type',
  'lastName',
  'firstName',
  'payerName',
  'taxNumber',
  'emailAddress',
  'phone',
  'countryCode',
  'zipCode',
  'city',
  'street',
  'addressType',
  'houseNumber',
  'floor',
  'door',
];

type UserNames = Pick<User, 'firstName' | 'lastName' | 'email' | 'phone'>;

/** A new entry: e-mail and phone from the user; no type chosen yet (SPEC §5: it must be chosen). */
export function newBillingForm(user: UserNames | null, hasExisting: boolean): BillingFormValues {
  return {
    type: '',
    lastName: '',
    firstName: '',
    payerName: '',
    taxNumber: '',
    emailAddress: user?.email ?? '',
    phone: user?.phone ?? '',
    defaultBillingData: !hasExisting,
    countryCode: 'HU',
    zipCode: '',
    city: '',
    street: '',
    addressType: '',
    houseNumber: '',
    floor: '',
    door: '',
  };
}

export function billingFormOf(b: BillingData): BillingFormValues {
  return {
    id: b.id,
    type: b.type,
    lastName: b.lastName ?? '',
    firstName: b.firstName ?? '',
    payerName: b.type === 'COMPANY' ? b.payerName : '',
    taxNumber: b.taxNumber ?? '',
    emailAddress: b.emailAddress,
    phone: b.phone,
    defaultBillingData: b.defaultBillingData,
    countryCode: b.address.countryCode,
    zipCode: b.address.zipCode,
    city: b.address.city,
    street: b.address.street,
    addressType: b.address.addressType,
    houseNumber: b.address.houseNumber,
    floor: b.address.floor ?? '',
    door: b.address.door ?? '',
  };
}

/**
 * SPEC §4 Billing editor: choosing PERSON prefills the names from the user, choosing COMPANY
 * clears them (and a person has no company name or tax number).
 */
export function changeType(
  v: BillingFormValues,
  type: BillingType,
  user: UserNames | null,
): BillingFormValues {
  if (type === 'PERSON') {
    return {
      ...v,
      type,
      lastName: user?.lastName ?? '',
      firstName: user?.firstName ?? '',
      payerName: '',
      taxNumber: '',
    };
  }
  return { ...v, type, lastName: '', firstName: '' };
}

/** SPEC §4: with no existing billing data the new entry is forced to be the default. */
export function defaultForced(v: BillingFormValues, list: readonly BillingData[]): boolean {
  const others = list.filter((b) => b.id !== v.id);
  return others.length === 0 || list.some((b) => b.id === v.id && b.defaultBillingData);
}

const ZIP = /^[0-9]+$/;

function text(v: string, isRequired: boolean): string | null {
  if (isRequired && required(v)) return 'form.required';
  return v.trim().length > MAX_TEXT ? 'form.tooLong' : null;
}

/**
 * The client rules of SPEC §5 Billing data; i18n keys of the failing fields. Country and address
 * type must be one of the lists.
 */
export function validateBilling(
  v: BillingFormValues,
  lists: { countries: readonly Country[]; addressTypes: readonly string[] },
): Partial<Record<BillingField, string>> {
  const e: Partial<Record<BillingField, string | null>> = {};
  if (!v.type) e.type = 'billing.typeRequired';
  if (v.type === 'PERSON') {
    e.lastName = text(v.lastName, true);
    e.firstName = text(v.firstName, true);
  }
  if (v.type === 'COMPANY') {
    e.payerName = text(v.payerName, true);
    e.taxNumber = text(v.taxNumber, true);
  }
  e.emailAddress = emailRule(v.emailAddress);
  const phone = parsePhone(v.phone, true);
  e.phone = phone.ok ? null : phone.error;
  if (!v.countryCode) e.countryCode = 'form.required';
  else if (!lists.countries.some((c) => c.alpha2code === v.countryCode))
    e.countryCode = 'billing.pickFromList';
  const zip = v.zipCode.trim();
  e.zipCode = !zip
    ? 'form.required'
    : zip.length > 12
      ? 'billing.zipTooLong'
      : ZIP.test(zip)
        ? null
        : 'billing.zipDigits';
  e.city = text(v.city, true);
  e.street = text(v.street, true);
  if (!v.addressType) e.addressType = 'form.required';
  else if (!lists.addressTypes.includes(v.addressType)) e.addressType = 'billing.pickFromList';
  e.houseNumber = text(v.houseNumber, true);
  e.floor = text(v.floor, false);
  e.door = text(v.door, false);
  return Object.fromEntries(Object.entries(e).filter(([, k]) => k)) as Partial<
    Record<BillingField, string>
  >;
}

/** The body of save-current-user (call only after validateBilling found nothing). */
export function toBillingInput(
  v: BillingFormValues,
): RouteBodyInput<(typeof apiRoutes)['billingDataSave']> {
  const phone = parsePhone(v.phone, true);
  const common = {
    ...(v.id ? { id: v.id } : {}),
    emailAddress: v.emailAddress.trim(),
    phone: phone.ok ? phone.value : v.phone.trim(),
    defaultBillingData: v.defaultBillingData,
    address: {
      countryCode: v.countryCode,
      zipCode: v.zipCode.trim(),
      city: v.city.trim(),
      street: v.street.trim(),
      addressType: v.addressType,
      houseNumber: v.houseNumber.trim(),
      floor: v.floor.trim(),
      door: v.door.trim(),
    },
  };
  return v.type === 'COMPANY'
    ? { type: 'COMPANY', payerName: v.payerName.trim(), taxNumber: v.taxNumber.trim(), ...common }
    : { type: 'PERSON', lastName: v.lastName.trim(), firstName: v.firstName.trim(), ...common };
}

/** A server field (`address.zipCode`) as the editor's field name (`zipCode`). */
export function formField(serverField: string): string {
  return serverField.replace(/^address\./, '');
}

/** Autocomplete filter (SPEC §5): every typed word, case- and accent-insensitive. */
export function filterByWords<T extends { label: string }>(
  items: readonly T[],
  search: string,
): T[] {
  return items.filter((o) => matchesText(search, [o.label]));
}
