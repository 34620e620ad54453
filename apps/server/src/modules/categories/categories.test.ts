import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type Category } from '@voltpark/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedDemoData } from '../../db/seed/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: (d) => seedDemoData(d.db) });
});
afterAll(() => t.close());

describe('GET v1/category and v1/category/:id', () => {
  it('lists the top level with nested subcategories, in hu and en', async () => {
    const hu = apiRoutes.categories.response.parse(
      (await t.app.inject({ url: '/api/v1/category' })).json(),
    ).data;
    expect(hu.map((c) => c.name)).toEqual([
      'Vendéglátás',
      'Vásárlás',
      'Autós szolgáltatás',
      'Szabadidő',
    ]);
    const food = hu[0]!;
    expect(food.subcategories.map((c) => c.name)).toEqual(['Kávézó', 'Étterem', 'Gyorsétterem']);
    expect(food.subcategories[1]!.subcategories.map((c) => c.name)).toEqual([
      'Magyar konyha',
      'Olasz konyha',
    ]);
    const en = (await t.app.inject({ url: '/api/v1/category', headers: { 'x-lang': 'en' } })).json()
      .data as Category[];
    expect(en[0]!.name).toBe('Food and drink');
    expect(en[0]!.subcategories[1]!.subcategories[0]!.name).toBe('Hungarian cuisine');
  });

  it('returns one category with its subtree', async () => {
    const top = (await t.app.inject({ url: '/api/v1/category' })).json().data as Category[];
    const restaurant = top[0]!.subcategories[1]!;
    const res = await t.app.inject({ url: `/api/v1/category/${restaurant.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(restaurant);
  });

  it('unknown id: 404 category.notFound; bad id: 400', async () => {
    const res = await t.app.inject({ url: '/api/v1/category/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().messages[0].messageKey).toBe('category.notFound');
    for (const url of ['/api/v1/category/abc', '/api/v1/category/0', '/api/v1/category/null']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(400);
    }
  });
});
