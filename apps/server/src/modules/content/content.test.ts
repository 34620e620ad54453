import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiRoutes } from '@voltpark/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedDemoData } from '../../db/seed/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: (d) => seedDemoData(d.db) });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('front-page ad', () => {
  it('returns the one active advert with image addresses', async () => {
    const res = await get('/api/v1/front-page-ad');
    const ad = apiRoutes.frontPageAd.response.parse(res.json()).data!;
    expect(ad.image).toMatch(/^Téli akció/);
    expect(ad.timeoutInSeconds).toBe(8);
    expect(ad.secondsToShowAgain).toBe(86400);
    expect(ad.fileUrl).toBe('/api/file?type=front-page-ads&name=ad-winter-charging.svg');
    for (const url of [ad.fileUrl, ad.fileSmallUrl]) {
      const img = await get(url);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toContain('image/svg+xml');
      expect(img.headers['content-security-policy']).toContain("default-src 'none'");
    }
    const en = (await get('/api/v1/front-page-ad', { 'x-lang': 'en' })).json().data;
    expect(en.image).toMatch(/^Winter offer/);
  });

  it('redirects to the target and counts the click', async () => {
    const ad = (await get('/api/v1/front-page-ad')).json().data;
    const clicks = async () =>
      (
        (await t.database.db.execute(
          sql`select clicks from front_page_ads where id = ${ad.id}`,
        )) as unknown as {
          rows: { clicks: number }[];
        }
      ).rows[0]!.clicks;
    const before = await clicks();
    const res = await get(`/api/v1/front-page-ad/redirect/${ad.id}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://voltpark.example.hu/teli-akcio');
    expect(await clicks()).toBe(before + 1);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/v1/front-page-ad/redirect/${ad.id}`,
    });
    expect(head.statusCode).toBe(302);
    expect(await clicks()).toBe(before + 1);
  });

  it('unknown advert: 404 ad.notFound; bad id: 400', async () => {
    const res = await get('/api/v1/front-page-ad/redirect/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().messages[0].messageKey).toBe('ad.notFound');
    expect((await get('/api/v1/front-page-ad/redirect/abc')).statusCode).toBe(400);
  });

  it('answers null when no advert is active', async () => {
    await t.database.db.execute(sql`update front_page_ads set active = false`);
    const res = await get('/api/v1/front-page-ad');
    expect(res.json()).toMatchObject({ result: true, data: null });
    await t.database.db.execute(sql`update front_page_ads set active = true`);
  });
});

describe('footer', () => {
  it('returns one of the footer texts in the caller’s language', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const res = await get('/api/v1/footer/random');
      const footer = apiRoutes.footerRandom.response.parse(res.json()).data!;
      expect(footer.text.length).toBeGreaterThan(10);
      seen.add(footer.id);
    }
    expect(seen.size).toBeGreaterThan(1);
    const en = (await get('/api/v1/footer/random', { 'x-lang': 'en' })).json().data.text as string;
    const huTexts = await t.database.db.execute(sql`select text_en from footer_texts`);
    expect(
      (huTexts as unknown as { rows: { text_en: string }[] }).rows.map((r) => r.text_en),
    ).toContain(en);
  });
});

describe('GET /api/file', () => {
  it('serves shop pictures and sets a content type and cache header', async () => {
    const res = await get('/api/file?type=poi&name=poi-cafe.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.body).toContain('<svg');
  });

  it.each([
    ['type=news&name=../../../../etc/passwd', 400],
    ['type=news&name=..%2F..%2Fpackage.json', 400],
    ['type=news&name=..', 400],
    ['type=news&name=.env', 400],
    ['type=news&subdir=../&name=news-points.svg', 400],
    ['type=news&subdir=1/../../&name=news-points.svg', 400],
    ['type=news&name=%2Fetc%2Fpasswd', 400],
    ['type=secret&name=a.svg', 400],
    ['name=a.svg', 400],
    ['type=news', 400],
    ['type=news&name=no-such-file.svg', 404],
    ['type=news&name=demo.ts', 404],
    ['type=invoice&name=invoice-1.pdf&token=abc', 401],
  ])('%s → %i, never a file outside the store', async (query, status) => {
    const res = await get(`/api/file?${query}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().result).toBe(false);
    if (status === 404) expect(res.json().messages[0].messageKey).toBe('file.notFound');
  });
});
