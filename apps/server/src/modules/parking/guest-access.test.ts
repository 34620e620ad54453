import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { guestAccessLinks, mailOutbox, parkingSessions } from '../../db/schema/index.js';
import type { ChargingHarness } from '../charging/test-helpers.js';
import {
  form,
  socket,
  startParkingHarness,
  stopParkingHarness,
  type ParkingLot,
} from './test-helpers.js';

/** Decision 0030: a returning guest on a new device gets in by an e-mailed one-time link. */
let h: ChargingHarness;
let lot: ParkingLot;

beforeAll(async () => {
  ({ h, lot } = await startParkingHarness());
});
afterAll(() => stopParkingHarness(h, lot));

const EMAIL = 'visszatero.vendeg@example.hu';
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function openLink(token: string) {
  const r = await fetch(`${h.base}/api/v1/parking/guest-access`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'hu' },
    body: JSON.stringify({ token }),
  });
  return {
    status: r.status,
    // Test-only: the data is a session or an error; the assertions say which.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: (await r.json()) as { result: boolean; data: any; messages: any[] },
  };
}

const mailsTo = (to: string) =>
  h.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(mailOutbox.id);

const linkToken = (text: string) => {
  const m = /\/parking-lot\/(\d+)\?guestAccess=([A-Za-z0-9_%-]+)/.exec(text);
  return m ? { lotId: Number(m[1]), token: decodeURIComponent(m[2]!) } : null;
};

describe('a returning guest on a new device', () => {
  it('gets nothing by typing the e-mail; the guest is mailed a one-time link that logs the device in', async () => {
    const first = await form(h, `/api/v1/parking/${lot.lotId}/start-casual`, null, {
      email: EMAIL,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstId = first.body.data.id as number;

    // The new device (or a stranger) types the e-mail twice: no token, no parking, one mail.
    for (let i = 0; i < 2; i++) {
      const again = await form(h, `/api/v1/parking/${lot.lotId}/start-casual`, null, {
        email: EMAIL.toUpperCase(),
      });
      expect(again.status).toBe(409);
      expect(again.body.data.responseCode).toBe('CASUAL_ACCESS_LINK_SENT');
      expect(again.body.messages[0].text).toContain('egyszer használható linket');
      expect(JSON.stringify(again.body)).not.toMatch(/extraData":"[A-Za-z0-9_-]{20,}/);
    }
    const sessions = await h.db
      .select()
      .from(parkingSessions)
      .where(sql`${parkingSessions.email} = ${EMAIL}`);
    expect(sessions.map((s) => s.id)).toEqual([firstId]);
    const mails = await mailsTo(EMAIL);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Folytasd a parkolást ezen az eszközön – Voltpark');
    const link = linkToken(mails[0]!.textBody)!;
    expect(link.lotId).toBe(lot.lotId);

    // Opening the link logs the device in as the guest, once.
    const opened = await openLink(link.token);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data).toMatchObject({
      lotId: lot.lotId,
      user: { email: EMAIL, casualUser: true },
    });
    const device = bearer(opened.body.data.accessToken as string);
    // The device sees the guest's parking (the one started on the old device) and cancels it.
    const { ws, first: current } = await socket(h, opened.body.data.accessToken as string);
    ws.close();
    expect(current).toMatchObject({ topic: '/user/parkingSession', data: { id: firstId } });
    expect((await form(h, '/api/v1/parking/cancel', device)).status).toBe(200);
    // Logged in as the guest, the start by e-mail works on this device now.
    const start = await form(h, `/api/v1/parking/${lot.lotId}/start-casual`, device, {
      email: EMAIL,
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    await form(h, '/api/v1/parking/cancel', device);

    const reused = await openLink(link.token);
    expect(reused.status).toBe(404);
    expect(reused.body.data.responseCode).toBe('GUEST_LINK_INVALID');
    expect(reused.body.messages[0].text).toBe(
      'A link lejárt vagy már felhasználták. Kérj újat a vendégparkolás indításával.',
    );
  });

  it('refuses a made-up, an expired and a malformed token', async () => {
    expect((await openLink('x'.repeat(43))).status).toBe(404);
    const email = 'lejart.vendeg@example.hu';
    await form(h, `/api/v1/parking/${lot.lotId}/start-casual`, null, { email });
    await form(h, `/api/v1/parking/${lot.lotId}/start-casual`, null, { email });
    const link = linkToken((await mailsTo(email))[0]!.textBody)!;
    await h.db
      .update(guestAccessLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`true`);
    expect((await openLink(link.token)).status).toBe(404);
    const bad = await openLink('short');
    expect(bad.status).toBe(400);
    expect(bad.body.messages.map((m) => m.field)).toContain('token');
  });
});
