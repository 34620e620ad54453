import type { APIRequestContext, Page } from '@playwright/test';
import { addBilling, apiData, money, type TestUser } from './drivers';
import { expect, locationDetail, locations, t } from './fixtures';

/**
 * Charging helpers shared by the charging and invoices flows: a driver's billing data and car,
 * an available seeded charger, and the live panel's watch-and-stop.
 */

/** Billing data and a catalogue car through the API (their screens have their own tests). */
export async function addBillingAndCar(
  request: APIRequestContext,
  user: TestUser,
): Promise<number> {
  const billingId = await addBilling(request, user);
  const vehicles = await apiData<{ id: number; maxChargingPowerACKw: number | null }[]>(
    request,
    user,
    '/api/v1/vehicle',
  );
  const vehicle = vehicles.find((v) => (v.maxChargingPowerACKw ?? 0) > 0);
  expect(vehicle, 'a catalogue vehicle with AC charging power').toBeTruthy();
  await apiData(request, user, '/api/v1/car', {
    method: 'POST',
    form: { vehicleId: String(vehicle!.id), licencePlate: 'TST-001' },
  });
  return billingId;
}

export interface ChargerInfo {
  id: number;
  name: string;
  status: { value: string };
  tariff: { freeCharging: boolean; unitChargingGross: number } | null;
  tariffs: { parkingEnabled: boolean; parkingToHoldGross: number }[];
  deviceType: { currentType: 'AC' | 'DC' };
}

/** "7 000 Ft": integer forints grouped as the app shows them. */
export const ft = (n: number) => money(`${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} Ft`);

const used = new Set<number>();
/** A seeded AC charger that is available with a paid (or free) tariff, different in every test. */
export async function availableCharger(
  request: APIRequestContext,
  { free = false } = {},
): Promise<ChargerInfo> {
  for (const l of await locations(request)) {
    if (!l.hasCharger) continue;
    for (const c of (await locationDetail(request, l.id)).chargers) {
      if (used.has(c.id)) continue;
      const res = await request.get(`/api/v1/charger/charger?charger-id=${c.id}`);
      const ch = ((await res.json()) as { data: ChargerInfo }).data;
      if (
        ch.status.value === 'AVAILABLE' &&
        ch.tariff &&
        ch.tariff.freeCharging === free &&
        ch.deviceType.currentType === 'AC'
      ) {
        used.add(ch.id);
        return ch;
      }
    }
  }
  throw new Error('the demo seed has no free AC charger left');
}

export const panel = (page: Page) =>
  page.getByRole('region', { name: t('hu', 'charging.panel.title') });

/** On a page with the current-charge panel: waits for energy to flow, then stops the charge. */
export async function watchAndStop(page: Page) {
  const p = panel(page);
  await expect(p).toBeVisible();
  await expect(p.getByText(t('hu', 'charging.status.STARTED'))).toBeVisible({ timeout: 45_000 });
  // The simulated charger sends meter values every 10 s; the panel polls every 10 s.
  await expect(p.getByText(t('hu', 'charging.panel.elapsed'))).toBeVisible();
  await expect
    .poll(
      async () => {
        const text = (await p.textContent()) ?? '';
        const m = /([\d\u00a0 ]+,\d{2}) \/ /.exec(text) ?? /: ([\d\u00a0 ]+,\d{2}) kWh/.exec(text);
        return m ? Number(m[1]!.replace(/[\s\u00a0]/g, '').replace(',', '.')) : 0;
      },
      { timeout: 45_000 },
    )
    .toBeGreaterThan(0);
  await p.getByRole('button', { name: t('hu', 'charging.panel.stop') }).click();
  const dialog = page.getByRole('dialog', { name: t('hu', 'charging.panel.stop') });
  await expect(dialog).toContainText(t('hu', 'charging.panel.confirmStop'));
  await dialog.getByRole('button', { name: t('hu', 'common.yes') }).click();
  // The stop-sent notice, unless the charger finished so fast that the panel is already gone.
  await expect
    .poll(
      async () =>
        (await p.getByText(t('hu', 'charging.panel.stopSent')).isVisible()) ||
        !(await p.isVisible()),
    )
    .toBe(true);
  // SPEC §4: the stop button hides for 15 s after the request.
  await expect(p.getByRole('button', { name: t('hu', 'charging.panel.stop') })).toHaveCount(0);
}
