import type { TFunction } from 'i18next';

/**
 * The vehicle catalogue keeps its motor types and body styles in English (as the seed writes
 * them); the known ones are shown in the user's language. A value typed in for a custom car is
 * shown as it is.
 */
const KNOWN: Record<string, string> = {
  'Single motor (RWD)': 'cars.value.motorRwd',
  'Single motor (FWD)': 'cars.value.motorFwd',
  'Dual motor (AWD)': 'cars.value.motorAwd',
  Sedan: 'cars.value.sedan',
  Hatchback: 'cars.value.hatchback',
  Liftback: 'cars.value.liftback',
  SUV: 'cars.value.suv',
  MPV: 'cars.value.mpv',
};

export function catalogueValue(value: string | null, t: TFunction): string | null {
  if (value === null) return null;
  const key = KNOWN[value];
  return key ? t(key) : value;
}
