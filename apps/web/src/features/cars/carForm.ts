import type { apiRoutes, RouteBodyInput } from '@voltpark/contract';
import { MAX_TEXT, required } from '@/features/account';

export const PLATE_MAX = 20;

/** SPEC §5 Cars: the plate is required, at most 20 characters. */
export function plateRule(v: string): string | null {
  if (required(v)) return 'form.required';
  return v.trim().length > PLATE_MAX ? 'cars.plateTooLong' : null;
}

/**
 * SPEC §5 Vehicle search: one or two words are sent (any more are ignored); empty lists all.
 */
export function searchQuery(typed: string): string {
  return typed.trim().split(/\s+/).filter(Boolean).slice(0, 2).join(' ');
}

/** SPEC §5 Decimal input: digits, then an optional comma or period and at most 2 decimals. */
export const DECIMAL = /^[0-9]+([.,][0-9]{1,2})?$/;

/** Only digits, comma and period may be typed in a decimal field. */
export const decimalChars = (v: string) => v.replace(/[^0-9.,]/g, '');

/** A whole-number field: a number typed with or without decimals, rounded down (SPEC §5). */
export function roundDown(v: string): number | null | 'invalid' {
  const t = v.trim().replace(',', '.');
  if (t === '') return null;
  if (!/^[0-9]+(\.[0-9]*)?$/.test(t)) return 'invalid';
  return Math.floor(Number(t));
}

/** A decimal field (AC/DC power): the comma is read as a period. */
export function parseDecimal(v: string): number | null | 'invalid' {
  const t = v.trim();
  if (t === '') return null;
  if (!DECIMAL.test(t)) return 'invalid';
  return Number(t.replace(',', '.'));
}

export interface CustomCarValues {
  licensePlate: string;
  producer: string;
  model: string;
  yearOfProduction: string;
  batteryCapacityKWh: string;
  rangeKm: string;
  efficiencyKWhpKm: string;
  enginePowerKw: string;
  maxChargingPowerACKw: string;
  maxChargingPowerDCKw: string;
  chargePorts: string[];
}

export type CustomCarField = keyof CustomCarValues;

export const CUSTOM_ORDER: readonly CustomCarField[] = [
  'licensePlate',
  'producer',
  'model',
  'yearOfProduction',
  'batteryCapacityKWh',
  'rangeKm',
  'efficiencyKWhpKm',
  'enginePowerKw',
  'maxChargingPowerACKw',
  'maxChargingPowerDCKw',
  'chargePorts',
];

export const emptyCustomCar = (plate = ''): CustomCarValues => ({
  licensePlate: plate,
  producer: '',
  model: '',
  yearOfProduction: '',
  batteryCapacityKWh: '',
  rangeKm: '',
  efficiencyKWhpKm: '',
  enginePowerKw: '',
  maxChargingPowerACKw: '',
  maxChargingPowerDCKw: '',
  chargePorts: [],
});

const WHOLE: readonly CustomCarField[] = [
  'batteryCapacityKWh',
  'rangeKm',
  'efficiencyKWhpKm',
  'enginePowerKw',
];
const DECIMALS: readonly CustomCarField[] = ['maxChargingPowerACKw', 'maxChargingPowerDCKw'];
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2100;

/** SPEC §5 custom car rules; i18n keys of the failing fields. */
export function validateCustomCar(v: CustomCarValues): Partial<Record<CustomCarField, string>> {
  const e: Partial<Record<CustomCarField, string | null>> = {};
  e.licensePlate = plateRule(v.licensePlate);
  for (const k of ['producer', 'model'] as const) {
    e[k] = required(v[k]) ?? (v[k].trim().length > MAX_TEXT ? 'form.tooLong' : null);
  }
  const year = roundDown(v.yearOfProduction);
  e.yearOfProduction =
    year === null
      ? 'form.required'
      : year === 'invalid'
        ? 'cars.number'
        : year < YEAR_MIN || year > YEAR_MAX
          ? 'cars.yearRange'
          : null;
  for (const k of WHOLE) if (roundDown(v[k] as string) === 'invalid') e[k] = 'cars.number';
  for (const k of DECIMALS) if (parseDecimal(v[k] as string) === 'invalid') e[k] = 'cars.decimal';
  return Object.fromEntries(Object.entries(e).filter(([, k]) => k)) as Partial<
    Record<CustomCarField, string>
  >;
}

type CustomBody = RouteBodyInput<(typeof apiRoutes)['vehicleCreate']>;

/** The body of POST v1/vehicle: whole-number fields rounded down, decimals as numbers. */
export function toCustomBody(v: CustomCarValues): CustomBody {
  const whole = (s: string) => {
    const n = roundDown(s);
    return typeof n === 'number' ? n : undefined;
  };
  const dec = (s: string) => {
    const n = parseDecimal(s);
    return typeof n === 'number' ? n : undefined;
  };
  const body: CustomBody = {
    licensePlate: v.licensePlate.trim(),
    producer: v.producer.trim(),
    model: v.model.trim(),
    yearOfProduction: whole(v.yearOfProduction) ?? 0,
    chargePorts: v.chargePorts.map(Number),
  };
  const optional = {
    batteryCapacityKWh: whole(v.batteryCapacityKWh),
    rangeKm: whole(v.rangeKm),
    efficiencyKWhpKm: whole(v.efficiencyKWhpKm),
    enginePowerKw: whole(v.enginePowerKw),
    maxChargingPowerACKw: dec(v.maxChargingPowerACKw),
    maxChargingPowerDCKw: dec(v.maxChargingPowerDCKw),
  };
  for (const [k, n] of Object.entries(optional)) {
    if (n !== undefined) (body as Record<string, unknown>)[k] = n;
  }
  return body;
}
