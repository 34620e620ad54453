import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, cards } from '../../db/schema/payments.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';

/** The welcome wizard's card step (SPEC §3 settings flags, §4 onboarding incomplete). */
describe('onboarding: the bank-card step', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function details(headers: Record<string, string>) {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/loggedin-user', headers });
    expect(res.statusCode).toBe(200);
    return res.json().extraData as {
      settings: { frontendWizardCards: string };
      onboardingDetails: { userHasCreditCard: boolean; creditCardAdditionSkipped: boolean };
    };
  }

  async function card(userId: number, status: 'processing' | 'active' | 'deleted') {
    const [p] = await t.database.db
      .insert(payments)
      .values({
        userId,
        purpose: 'card_registration',
        orderRef: `VP-CARD-${Math.random().toString(36).slice(2)}`,
        merchant: 'PUBLICTESTHUF',
        total: 100,
        twoStep: true,
      })
      .returning();
    await t.database.db.insert(cards).values({ userId, registrationPaymentId: p!.id, status });
  }

  it('is on by default and counts only a card SimplePay confirmed, of this user', async () => {
    const a = await createActiveUser(t.database.db, 'onb-card-a@example.hu');
    const b = await createActiveUser(t.database.db, 'onb-card-b@example.hu');
    expect((await details(a.headers)).settings.frontendWizardCards).toBe('1');
    await card(a.id, 'processing');
    await card(a.id, 'deleted');
    expect((await details(a.headers)).onboardingDetails.userHasCreditCard).toBe(false);
    await card(a.id, 'active');
    expect((await details(a.headers)).onboardingDetails.userHasCreditCard).toBe(true);
    expect((await details(b.headers)).onboardingDetails.userHasCreditCard).toBe(false);
  });

  it('skip-card-addition marks the step skipped for that user only', async () => {
    const a = await createActiveUser(t.database.db, 'onb-skip-a@example.hu');
    const b = await createActiveUser(t.database.db, 'onb-skip-b@example.hu');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/skip-card-addition',
      headers: a.headers,
    });
    expect(res.json().data.creditCardAdditionSkipped).toBe(true);
    expect((await details(a.headers)).onboardingDetails.creditCardAdditionSkipped).toBe(true);
    expect((await details(b.headers)).onboardingDetails.creditCardAdditionSkipped).toBe(false);
  });

  it('can be switched off (WIZARD_CARDS=0)', async () => {
    const off = await createTestApp({ env: { WIZARD_CARDS: '0' } });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/v1/user/settings' });
      expect(res.json().data.frontendWizardCards).toBe('0');
    } finally {
      await off.close();
    }
  });
});
