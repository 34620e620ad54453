import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '@voltpark/contract';
import {
  roamingEmspCdrs,
  roamingEmspChargeRequests,
  roamingReceipts,
  sandboxOcpiPeers,
} from '../../../db/schema/index.js';
import { type TestApp } from '../../../test/app.js';
import { createActiveUser } from '../../../test/users.js';
import { ocpi } from '../test-helpers.js';
import { createGateway } from '../../payments/gateway.js';
import { creditWallet, walletBalance } from '../../payments/ledger.js';
import { pdfText } from '../../invoices/test-helpers.js';
import { billRoamingCdr } from './bill-roaming-cdr.js';
import { startPartnerCharge, type PartnerChargeDeps } from './start-partner-charge.js';
import { mirroredPartnerSite, sandboxPartnerApp, until } from './sandbox-partner-test-app.js';
import { stopPartnerCharge } from './stop-partner-charge.js';

// Decision 0043: a billed roaming CDR gives the driver one receipt, seen only by them. The real
// sandbox partner (VoltPartner) charges; its rounds are run by hand.
const later = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

let t: TestApp;
let deps: PartnerChargeDeps;
let site = 0;
const driver = { owner: 0, other: 0 };
const headers: Record<'owner' | 'other', Record<string, string>> = { owner: {}, other: {} };
const tokens: Record<'owner' | 'other', string> = { owner: '', other: '' };

const receiptsOf = (userId: number) =>
  t.database.db.select().from(roamingReceipts).where(eq(roamingReceipts.userId, userId));
const api = (who: 'owner' | 'other', url: string) =>
  t.app.inject({ method: 'GET', url, headers: headers[who] });

beforeAll(async () => {
  ({ t, deps } = await sandboxPartnerApp({ ROAMING_FEE_PERCENT: '10' }));
  const db = t.database.db;
  site = await mirroredPartnerSite(db, 'VPT-DEB-FORUM');
  for (const k of ['owner', 'other'] as const) {
    const u = await createActiveUser(db, `receipt-${k}@example.com`);
    driver[k] = u.id;
    headers[k] = u.headers;
    tokens[k] = u.token;
    await db.transaction((tx) =>
      creditWallet(tx, { userId: driver[k], amount: 20_000, kind: 'topup', cause: `test:${k}` }),
    );
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the receipt of a charge at a partner’s charger', () => {
  let rowNumber = 0;
  let cdrId = 0;

  it('is issued once when the CDR is billed, with what the driver paid', async () => {
    const r = await startPartnerCharge(deps, driver.owner, {
      locationId: site,
      evseUid: 'HU*VPT*E0101',
      connectorId: '1',
      amount: 5000,
    });
    const t0 = new Date();
    await t.app.roamingSandbox!.chargingRound(later(t0, 3));
    await until('STARTED', async () => {
      const [row] = await t.database.db
        .select()
        .from(roamingEmspChargeRequests)
        .where(eq(roamingEmspChargeRequests.id, r.id));
      return row!.status === 'STARTED';
    });
    await t.app.roamingSandbox!.chargingRound(later(t0, 1200));
    expect(await receiptsOf(driver.owner)).toEqual([]);
    await stopPartnerCharge(deps, driver.owner, r.id);
    await t.app.roamingSandbox!.chargingRound(later(t0, 1210));
    const [receipt] = await until('the receipt', async () => {
      const rows = await receiptsOf(driver.owner);
      return rows.length > 0 ? rows : null;
    });
    const [cdr] = await t.database.db
      .select()
      .from(roamingEmspCdrs)
      .where(eq(roamingEmspCdrs.id, receipt!.cdrId));
    cdrId = cdr!.id;
    rowNumber = receipt!.rowNumber;
    expect(rowNumber).toBeGreaterThanOrEqual(700001);
    expect(receipt).toMatchObject({
      grossPrice: cdr!.billedAmount,
      paidAmount: cdr!.billedAmount,
      earnedPoints: cdr!.earnedPoints,
      partnerName: 'VoltPartner Kft.',
    });
    expect(receipt!.energyWh).toBeGreaterThan(0);
    expect(receipt!.paidAt).not.toBeNull();
    expect(await walletBalance(t.database.db, driver.owner)).toBe(20_000 - cdr!.billedAmount!);
  });

  it('a replayed CDR POST and a second billing attempt make no second receipt', async () => {
    const db = t.database.db;
    const [cdr] = await db.select().from(roamingEmspCdrs).where(eq(roamingEmspCdrs.id, cdrId));
    const balance = await walletBalance(db, driver.owner);
    // The partner sends the same CDR again (its answer was lost), as VoltPartner would.
    const [peer] = await db
      .select()
      .from(sandboxOcpiPeers)
      .where(eq(sandboxOcpiPeers.label, 'platform'));
    const replay = await ocpi(`${t.config.publicUrl}/ocpi/2.2.1/emsp/cdrs`, peer!.theirToken!, {
      method: 'POST',
      body: cdr!.object,
    });
    expect(replay.json.status_code).toBe(1000);
    // A retry that still holds the row as it was before billing.
    const pay = { db, config: t.config, gateway: createGateway(t.app, t.config) };
    await Promise.all([
      billRoamingCdr(pay, { ...cdr!, billing: 'PENDING' }),
      billRoamingCdr(pay, { ...cdr!, billing: 'PENDING' }),
    ]);
    const rows = await receiptsOf(driver.owner);
    expect(rows.map((r) => r.rowNumber)).toEqual([rowNumber]);
    expect(await walletBalance(db, driver.owner)).toBe(balance);
  });

  it('the owner sees it (receipt page, history, current charge, data export); another does not', async () => {
    const mine = await api('owner', `/api/v1/receipt/${rowNumber}`);
    expect(mine.statusCode).toBe(200);
    const [receipt] = await receiptsOf(driver.owner);
    expect(mine.json<{ data: unknown }>().data).toMatchObject({
      rowNumber,
      grossPrice: receipt!.grossPrice,
      consumedEnergyInKW: receipt!.energyWh / 1000,
      paid: true,
    });
    // Decision 0048: the receipt page's details of the charge, the money split as billed.
    const [cdr] = await t.database.db
      .select()
      .from(roamingEmspCdrs)
      .where(eq(roamingEmspCdrs.id, receipt!.cdrId));
    const details = mine.json<{ data: Receipt }>().data.roaming!;
    expect(details).toMatchObject({
      partnerName: 'VoltPartner Kft.',
      siteName: 'Debrecen, Fórum parkolóház',
      siteAddress: '4029 Debrecen, Csapó utca 30.',
      evseId: 'HU*VPT*E0101',
      startedAt: receipt!.startedAt!.toISOString(),
      endedAt: receipt!.endedAt!.toISOString(),
      partnerCost: Math.round(cdr!.totalCostInclVat!),
      vatPercent: 27,
      paymentMethod: 'wallet',
      paidAmount: receipt!.grossPrice,
      cardMasks: [],
    });
    expect(details.roamingFee).toBeGreaterThan(0);
    expect(details.partnerCost + details.roamingFee).toBe(receipt!.grossPrice);
    expect(details.netAmount + details.vatAmount).toBe(receipt!.grossPrice);
    expect(details.netAmount).toBe(Math.round((receipt!.grossPrice * 100) / 127));
    expect((await api('other', `/api/v1/receipt/${rowNumber}`)).statusCode).toBe(404);

    const history = await api('owner', '/api/v1/roaming/history');
    expect(history.json<{ data: { rowNumber: number }[] }>().data.map((r) => r.rowNumber)).toEqual([
      rowNumber,
    ]);
    expect(
      (await api('other', '/api/v1/roaming/history')).json<{ data: unknown[] }>().data,
    ).toEqual([]);

    const current = await api('owner', '/api/v1/roaming/current');
    expect(current.json<{ data: unknown }>().data).toMatchObject({
      status: 'COMPLETED',
      billedAmount: receipt!.grossPrice,
      receiptRowNumber: rowNumber,
    });

    const exported = await api('owner', '/api/v1/user/personal-data-export');
    expect(exported.statusCode).toBe(200);
    const mineExported = exported.json<{ roamingReceipts: { rowNumber: number }[] }>();
    expect(mineExported.roamingReceipts.map((r) => r.rowNumber)).toEqual([rowNumber]);
    const theirs = await api('other', '/api/v1/user/personal-data-export');
    expect(theirs.json<{ roamingReceipts: unknown[] }>().roamingReceipts).toEqual([]);
  });

  it('has a PDF of its own for its owner (decision 0057), opened in a new tab with the token', async () => {
    const file = (query: string) => t.app.inject({ method: 'GET', url: `/api/file?${query}` });
    const name = `${rowNumber}.pdf`;
    const mine = await file(`type=roaming_receipt&name=${name}&token=${tokens.owner}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['content-disposition']).toBe(`inline; filename="${name}"`);
    const [receipt] = await receiptsOf(driver.owner);
    const details = (await api('owner', `/api/v1/receipt/${rowNumber}`)).json<{ data: Receipt }>()
      .data.roaming!;
    const ft = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} Ft`;
    // One space between the label and the value, as a reader copies the text.
    const flat = (pdf: Buffer) => pdfText(pdf).then((x) => x.replace(/[ \u00a0]+/g, ' '));
    const text = await flat(mine.rawPayload);
    for (const part of [
      'Nyugta – töltés partnertöltőn',
      String(rowNumber),
      'VoltPartner Kft.',
      'Debrecen, Fórum parkolóház',
      '4029 Debrecen, Csapó utca 30.',
      'HU*VPT*E0101',
      `A partner díja ${ft(details.partnerCost)}`,
      `Roaming díj ${ft(details.roamingFee)}`,
      `ÁFA (27%) ${ft(details.vatAmount)}`,
      `Végösszeg ${ft(receipt!.grossPrice)}`,
      'Fizetési mód egyenleg (előre fizetett)',
      'Állapot fizetve',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('Még fizetendő');
    // The energy as the page shows it, and the language asked for.
    expect(text).toMatch(/Töltött energia \d+,\d\d kWh/);
    const en = await flat(
      (await file(`type=roaming_receipt&name=${name}&token=${tokens.owner}&lang=en`)).rawPayload,
    );
    expect(en).toContain("Receipt – charge at a partner's charger");
    expect(en).toContain('Payment method prepaid balance');

    // Another driver's token, no token, a made-up number and a bad name change nothing.
    expect((await file(`type=roaming_receipt&name=${name}&token=${tokens.other}`)).statusCode).toBe(
      404,
    );
    expect((await file(`type=roaming_receipt&name=${name}`)).statusCode).toBe(401);
    for (const bad of ['9999999.pdf', '99999999999999.pdf', `${rowNumber}`, `0${rowNumber}.pdf`]) {
      const res = await file(`type=roaming_receipt&name=${bad}&token=${tokens.owner}`);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ messages: { text: string }[] }>().messages[0]!.text).toBeTruthy();
    }
  });
});
