import { expect, test } from '@playwright/test';

test('the server serves the built web app and reports sandbox mode', async ({ page, request }) => {
  const health = await request.get('/healthz');
  expect(await health.json()).toMatchObject({ status: 'ok', mode: 'sandbox' });
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
});
