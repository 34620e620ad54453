import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChargeRecord, RoamingChargeRecord } from '@voltpark/contract';
import charging from '@/locales/hu/charging.json';
import hu from '@/locales/hu/roaming.json';
import { formatMoney } from '@/shared/format';
import { resetSessionForTests } from '@/shared/session';
import { inHungarian } from '@/test/i18n';
import { renderElementAt } from '@/test/render';
import { ChargeHistoryPage, oneMonthAgo } from '../charging';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ result: true, data, messages: [], useAlert: false }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const DAY_MS = 86_400_000;
function record(
  rowNumber: number,
  siteName: string,
  daysAgo: number,
  paidAmount = 1397,
): RoamingChargeRecord {
  const end = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
  return {
    rowNumber,
    siteName,
    partnerName: 'VoltPartner Kft.',
    energyKWh: 5,
    startedAt: end,
    endedAt: end,
    grossPrice: 1397,
    paidAmount,
    earnedPoints: 13,
    issuedAt: end,
  };
}
/** Ended 10 and 50 days ago: only the first is within the default month. */
const records = [record(700002, 'Debrecen Fórum', 10), record(700001, 'Pécs Plaza', 50)];
/** What roaming/history answers (the records above unless a test says otherwise). */
let answer = records;
/** What charge/history answers (none unless a test says otherwise). */
let ownAnswer: ChargeRecord[] = [];
/** The from-dates roaming/history was asked with ("-" for none). */
const asked: string[] = [];

beforeEach(() => {
  localStorage.setItem('loggedInUserId', '3');
  localStorage.setItem('loggedInUserToken', 'tok-3');
  resetSessionForTests();
  asked.length = 0;
  answer = records;
  ownAnswer = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname === '/api/v1/roaming/history') {
        // As the server does: the charges ended since the day (all of them without one).
        const from = url.searchParams.get('filterFrom');
        asked.push(from ?? '-');
        return ok(answer.filter((r) => !from || r.endedAt!.slice(0, 10) >= from));
      }
      if (url.pathname === '/api/v1/charge/history') return ok(ownAnswer);
      return ok(null);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  resetSessionForTests();
});

const recordNames = () => screen.queryAllByTestId('roaming-record').map((r) => r.textContent);

describe('partner charges in the charge history (component)', { timeout: 30_000 }, () => {
  inHungarian();

  it('follow the history’s from-date', async () => {
    renderElementAt(<ChargeHistoryPage />, '/charge-history');
    await screen.findByRole(
      'heading',
      { name: hu['roamingCharge.history.title'] },
      {
        timeout: 10_000,
      },
    );
    expect(asked[0]).toBe(oneMonthAgo(new Date()));
    expect(recordNames()).toHaveLength(1);
    expect(recordNames()[0]).toContain('Debrecen Fórum');

    const from = screen.getByLabelText(charging['charging.history.from']);
    const earlier = new Date(Date.now() - 60 * DAY_MS).toISOString().slice(0, 10);
    fireEvent.change(from, { target: { value: earlier } });
    await waitFor(() => expect(recordNames()).toHaveLength(2));
    expect(asked.at(-1)).toBe(earlier);
  });

  it('name the same things as our own charges do', async () => {
    ownAnswer = [
      {
        id: 1,
        consumerEnergyInKw: 1.67,
        chargeEnd: new Date(Date.now() - DAY_MS).toISOString(),
        chargeDurationInMinutes: 2,
        earnedPoints: 5,
        priceOfCharging: 501,
        parkingPrice: 0,
        grossPrice: 501,
        car: null,
        licencePlate: null,
        charger: 'Népliget DC 2/2',
        chargerId: 62,
        locationId: 7,
        rowNumber: 41,
      },
    ];
    renderElementAt(<ChargeHistoryPage />, '/charge-history');
    const own = await screen.findByTestId('charge-record', {}, { timeout: 10_000 });
    const [partner] = await screen.findAllByTestId('roaming-record');
    const labels = (card: HTMLElement) =>
      Array.from(card.querySelectorAll('dt')).map((dt) => dt.textContent);
    const ownLabels = labels(own);
    for (const key of ['charging.record.end', 'charging.record.energy'] as const)
      expect(ownLabels).toContain(charging[key]);
    for (const label of labels(partner!)) {
      if (label === hu['roamingCharge.history.paid']) continue; // ours are paid up front
      expect(ownLabels).toContain(label);
    }
  });

  it('tell a paid charge paid, and only an open rest as still to pay', async () => {
    // One paid in full, one card charge above its hold with 297 Ft open (decision 0056).
    answer = [record(700003, 'Győr Árkád', 2), record(700004, 'Szeged Pólus', 3, 1100)];
    renderElementAt(<ChargeHistoryPage />, '/charge-history');
    await waitFor(() => expect(recordNames()).toHaveLength(2), { timeout: 10_000 });
    const [paid, open] = screen.getAllByTestId('roaming-record');
    const terms = (el: HTMLElement) => [...el.querySelectorAll('dt')].map((d) => d.textContent);

    expect(terms(paid!)).toContain(hu['roamingCharge.history.paid']);
    expect(terms(paid!)).not.toContain(hu['roamingCharge.history.open']);
    expect(paid!.textContent).not.toContain('Fizetendő');
    expect(within(paid!).getByTestId('roaming-record-paid').textContent).toBe(formatMoney(1397));

    expect(within(open!).getByTestId('roaming-record-paid').textContent).toBe(formatMoney(1100));
    expect(terms(open!)).toContain(hu['roamingCharge.history.open']);
    expect(within(open!).getByTestId('roaming-record-open').textContent).toBe(formatMoney(297));
  });
});
