import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type NewsPost } from '@voltpark/contract';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedDemoData } from '../../db/seed/index.js';

let t: TestApp;
let posts: NewsPost[];
beforeAll(async () => {
  t = await createTestApp({ seed: (d) => seedDemoData(d.db) });
  posts = (await t.app.inject({ url: '/api/v1/news' })).json().data;
});
afterAll(() => t.close());

describe('news', () => {
  it('lists published posts, newest first, with images', async () => {
    const res = await t.app.inject({ url: '/api/v1/news' });
    const body = apiRoutes.news.response.parse(res.json());
    expect(body.data).toHaveLength(6);
    const dates = body.data.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.data[0]!.title).toBe('Új 150 kW-os villámtöltők három helyszínen');
    expect(body.data[0]!.onlyDisappearsWhenClicked).toBe(true);
    expect(body.data.every((p) => p.primaryImage)).toBe(true);
    expect(body.data.some((p) => p.title.includes('Előkészítés'))).toBe(false);
  });

  it('speaks English', async () => {
    const en = (await t.app.inject({ url: '/api/v1/news', headers: { 'x-lang': 'en' } })).json()
      .data as NewsPost[];
    expect(en[0]!.title).toBe('New 150 kW ultra-fast chargers at three sites');
    expect(en[0]!.content).toContain('\n\n');
  });

  it('the filtered list leaves out what the client has shown', async () => {
    const shown = [posts[0]!.publicationId, posts[2]!.publicationId, 'no-such-post'];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/news/filtered',
      payload: { shownNews: shown },
    });
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as NewsPost[]).map((p) => p.publicationId);
    expect(ids).toEqual(posts.map((p) => p.publicationId).filter((id) => !shown.includes(id)));
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/news/filtered', payload: {} });
    expect(empty.json().data).toHaveLength(6);
  });

  it('rejects a malformed filtered body', async () => {
    for (const payload of [
      { shownNews: 'abc' },
      { shownNews: [1, 2] },
      { shownNews: ['x'.repeat(65)] },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/news/filtered', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('returns one post; unknown or unpublished: 404 news.notFound', async () => {
    const res = await t.app.inject({ url: `/api/v1/news/${posts[1]!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(posts[1]);
    const maxId = Math.max(...posts.map((p) => p.id));
    for (const id of [maxId + 1, 999999]) {
      const missing = await t.app.inject({
        url: `/api/v1/news/${id}`,
        headers: { 'x-lang': 'en' },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().messages[0].messageKey).toBe('news.notFound');
    }
    expect((await t.app.inject({ url: '/api/v1/news/abc' })).statusCode).toBe(400);
  });

  it('serves the news images and thumbnails', async () => {
    const post = posts[0]!;
    const img = await t.app.inject({
      url: `/api/file?type=news&subdir=${post.id}/&name=${post.primaryImage}`,
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/svg+xml');
    const thumb = await t.app.inject({
      url: `/api/file?type=news_thumb&subdir=${post.id}/&name=${post.primaryImage}&random=123`,
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.rawPayload.length).toBeLessThan(img.rawPayload.length * 2);
    const second = await t.app.inject({ url: `/api/file?type=news&name=${post.secondaryImage}` });
    expect(second.statusCode).toBe(200);
  });
});
