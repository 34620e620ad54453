import { minutesUntil, type ModeChoice } from './modes';

export interface ChargingQuery {
  'charger-id': number;
  'billing-data-id': number | null;
  'car-id': number | null;
  'charging-minutes'?: number;
  'charging-amount'?: number;
  'charging-energy'?: number;
  parkCode?: string;
}

/** The query of start-charging(-wallet/-card): one mode field at most, none for a free charge. */
export function chargingQuery(input: {
  chargerId: number;
  billingDataId: number | null;
  carId: number | null;
  choice: ModeChoice;
  parkCode: string | null;
  now: number;
}): ChargingQuery {
  const q: ChargingQuery = {
    'charger-id': input.chargerId,
    'billing-data-id': input.billingDataId,
    'car-id': input.carId,
  };
  const c = input.choice;
  if (c?.mode === 'time') q['charging-minutes'] = c.minutes;
  if (c?.mode === 'finishTime') q['charging-minutes'] = minutesUntil(c.finishAt, input.now);
  if (c?.mode === 'amount') q['charging-amount'] = c.amount;
  if (c?.mode === 'energy') q['charging-energy'] = c.kWh;
  if (input.parkCode) q.parkCode = input.parkCode;
  return q;
}
