import { describe, expect, it } from 'vitest';
import { CASUAL_MENU, showsCouponRedeem } from './MainMenu';
import { MAP_ROUTES, ROUTES } from './routeTable';

describe('the guest (casual user) menu', () => {
  it('offers only routes enabled for casual users, so no menu item logs a guest out', () => {
    const all = [...MAP_ROUTES, ...ROUTES];
    for (const item of CASUAL_MENU) {
      const route = all.find((r) => r.path === item.to);
      expect(route?.meta.enabledAtCasualCharge, item.to).toBe(true);
    }
    expect(CASUAL_MENU.map((i) => i.to)).toContain('/charge-history');
    expect(CASUAL_MENU.map((i) => i.to)).not.toContain('/cards');
  });

  it('keeps the receipt open to guests (their "Nyugta" button)', () => {
    expect(ROUTES.find((r) => r.path === '/receipt')?.meta.enabledAtCasualCharge).toBe(true);
  });
});

describe('the coupon-redeem menu item', () => {
  it('shows for service providers only, and never in the iOS app', () => {
    expect(showsCouponRedeem(['SERVICE_PROVIDER'], 'web')).toBe(true);
    expect(showsCouponRedeem(['SERVICE_PROVIDER'], 'android')).toBe(true);
    expect(showsCouponRedeem(['SERVICE_PROVIDER'], 'ios')).toBe(false);
    expect(showsCouponRedeem([], 'web')).toBe(false);
    expect(showsCouponRedeem(undefined, 'web')).toBe(false);
  });
});
