import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Receipt } from '@voltpark/contract';
import hu from '@/locales/hu/roaming.json';
import huCharging from '@/locales/hu/charging.json';
import en from '@/locales/en/roaming.json';
import { formatDateTime } from '@/shared/format';
import { i18nReady, setLanguage } from '@/shared/i18n';
import { inHungarian } from '@/test/i18n';
import { renderRoutes } from '@/test/render';
import { ReceiptPage } from './ReceiptPage';

// Decision 0048: the receipt page of a charge at a partner's charger.
const ok = (data: unknown) =>
  new Response(JSON.stringify({ result: true, data, messages: [], useAlert: false }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const roamingReceipt = (paid = true): Receipt => ({
  id: 4,
  rowNumber: 700012,
  consumedEnergyInKW: 12.345,
  issueDate: '2026-11-20T10:00:00.000Z',
  grossPrice: 3300,
  paid,
  roaming: {
    partnerName: 'VoltPartner Kft.',
    siteName: 'Debrecen, Fórum parkolóház',
    siteAddress: '4029 Debrecen, Csapó utca 30.',
    evseId: 'HU*VPT*E0101',
    startedAt: '2026-11-20T07:30:00.000Z',
    endedAt: '2026-11-20T09:00:00.000Z',
    partnerCost: 3000,
    roamingFee: 300,
    vatPercent: 27,
    vatAmount: 702,
    netAmount: 2598,
    paymentMethod: 'wallet',
    paidAmount: paid ? 3300 : 0,
  },
});

async function shownRows(receipt: Receipt): Promise<[string, string][]> {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(new URL(String(input), 'http://x').pathname);
      return ok(receipt);
    }),
  );
  renderRoutes([{ path: '/receipt', element: <ReceiptPage /> }], '/receipt?rowNumber=700012');
  const box = await screen.findByTestId('receipt', {}, { timeout: 5000 });
  expect(asked).toContain('/api/v1/receipt/700012');
  const terms = [...box.querySelectorAll('dt')].map((e) => e.textContent ?? '');
  const values = [...box.querySelectorAll('dd')].map((e) => e.textContent ?? '');
  return terms.map((term, i) => [term, values[i]!]);
}

const ft = (s: string) => s.replace(/ /g, '\u00a0');

describe('roaming receipt page (component)', () => {
  inHungarian();
  afterEach(() => vi.unstubAllGlobals());

  it('shows where, when, how much, the partner’s cost, our fee, the VAT and the wallet payment', async () => {
    const rows = await shownRows(roamingReceipt());
    expect(screen.getByRole('heading', { name: hu['roamingReceipt.heading'] })).toBeTruthy();
    expect(rows).toEqual([
      [huCharging['charging.receipt.id'], '700012'],
      [hu['roamingReceipt.partner'], 'VoltPartner Kft.'],
      [hu['roamingReceipt.site'], 'Debrecen, Fórum parkolóház'],
      [hu['roamingReceipt.address'], '4029 Debrecen, Csapó utca 30.'],
      [hu['roamingReceipt.evse'], 'HU*VPT*E0101'],
      [hu['roamingReceipt.start'], formatDateTime('2026-11-20T07:30:00.000Z', 'hu')],
      [hu['roamingReceipt.end'], formatDateTime('2026-11-20T09:00:00.000Z', 'hu')],
      [huCharging['charging.receipt.energy'], '12,35 kWh'],
      [hu['roamingReceipt.partnerCost'], ft('3 000 Ft')],
      [hu['roamingReceipt.roamingFee'], ft('300 Ft')],
      ['Ebből ÁFA (27%)', ft('702 Ft')],
      [hu['roamingReceipt.total'], ft('3 300 Ft')],
      [hu['roamingReceipt.paidFromWallet'], ft('3 300 Ft')],
      [huCharging['charging.receipt.issueDate'], formatDateTime('2026-11-20T10:00:00.000Z', 'hu')],
      [huCharging['charging.receipt.state'], huCharging['charging.receipt.paid']],
    ]);
    expect(formatDateTime('2026-11-20T07:30:00.000Z', 'hu')).toContain('08:30');
  });

  it('leaves out what the partner did not send, and offers the card payment of an open rest', async () => {
    const r = roamingReceipt(false);
    const rows = await shownRows({
      ...r,
      roaming: { ...r.roaming!, siteAddress: null, evseId: null, startedAt: null },
    });
    const terms = rows.map(([term]) => term);
    expect(terms).not.toContain(hu['roamingReceipt.address']);
    expect(terms).not.toContain(hu['roamingReceipt.evse']);
    expect(terms).not.toContain(hu['roamingReceipt.start']);
    expect(rows).toContainEqual([
      huCharging['charging.receipt.state'],
      huCharging['charging.receipt.unpaid'],
    ]);
    // Decision 0050: a bill above the card hold is open and paid by card on this page.
    expect(screen.getByRole('button', { name: huCharging['charging.receipt.pay'] })).toBeTruthy();
  });
});

describe('roaming receipt page: its PDF and the card (component, decision 0057)', () => {
  inHungarian();
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.removeItem('loggedInUserToken');
  });

  it('links the PDF with the session token and the language, opened in a new tab', async () => {
    localStorage.setItem('loggedInUserToken', 'tok-123');
    await shownRows(roamingReceipt());
    const link = screen.getByRole('link', { name: hu['roamingReceipt.pdf'] });
    expect(link.getAttribute('href')).toBe(
      '/api/file?type=roaming_receipt&name=700012.pdf&lang=hu&token=tok-123',
    );
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('names the card that paid by the mask SimplePay gave, and no card without one', async () => {
    const r = roamingReceipt(false);
    const byCard = { ...r.roaming!, paymentMethod: 'card' as const, paidAmount: 100 };
    const rows = await shownRows({
      ...r,
      roaming: { ...byCard, cardMasks: ['4908-36xx-xxxx-0425'] },
    });
    expect(rows).toContainEqual([hu['roamingReceipt.paidByCard'], ft('100 Ft')]);
    expect(rows).toContainEqual([hu['roamingReceipt.card_one'], '4908-36xx-xxxx-0425']);
    vi.unstubAllGlobals();
    cleanup();
    const two = await shownRows({
      ...r,
      roaming: { ...byCard, cardMasks: ['4908-36xx-xxxx-0425', '5168-49xx-xxxx-1234'] },
    });
    expect(two).toContainEqual([
      hu['roamingReceipt.card_other'],
      '4908-36xx-xxxx-0425, 5168-49xx-xxxx-1234',
    ]);
    vi.unstubAllGlobals();
    cleanup();
    const none = await shownRows({ ...r, roaming: { ...byCard, cardMasks: [] } });
    expect(none).toContainEqual([hu['roamingReceipt.paidByCard'], ft('100 Ft')]);
    const terms = none.map(([term]) => term);
    expect(terms).not.toContain(hu['roamingReceipt.card_one']);
    expect(terms).not.toContain(hu['roamingReceipt.card_other']);
  });

  it('our own charge receipt has no such PDF link', async () => {
    const r = roamingReceipt();
    await shownRows({ ...r, rowNumber: 700012, roaming: undefined });
    expect(screen.queryByRole('link', { name: hu['roamingReceipt.pdf'] })).toBeNull();
  });
});

describe('roaming receipt page in English (component)', () => {
  beforeAll(async () => {
    await i18nReady;
    await setLanguage('en');
  });
  afterAll(async () => {
    await setLanguage('hu');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('labels the rows in English with a decimal point and the money in Ft', async () => {
    const rows = await shownRows(roamingReceipt());
    expect(screen.getByRole('heading', { name: en['roamingReceipt.heading'] })).toBeTruthy();
    expect(rows).toContainEqual([en['roamingReceipt.partner'], 'VoltPartner Kft.']);
    expect(rows).toContainEqual([en['roamingReceipt.partnerCost'], ft('3 000 Ft')]);
    expect(rows).toContainEqual([en['roamingReceipt.roamingFee'], ft('300 Ft')]);
    expect(rows).toContainEqual(['Of which VAT (27%)', ft('702 Ft')]);
    expect(rows).toContainEqual([en['roamingReceipt.paidFromWallet'], ft('3 300 Ft')]);
    expect(rows.find(([term]) => term === 'Energy charged')![1]).toMatch(/^12\.35\s?kWh$/);
  });
});
