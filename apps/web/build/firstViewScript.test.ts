// @vitest-environment node
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_ELEMENT_ID } from '@voltpark/contract/map-view';
import { firstViewScriptTag } from './firstViewScript';

describe('the first-view script the build inlines into index.html', () => {
  it('runs on its own in the page the server sends, drawing the stored mode', async () => {
    const tag = await firstViewScriptTag();
    const data = JSON.stringify({
      lat: 47.4979,
      lng: 19.0402,
      zoom: 12,
      modes: { both: [3, 4, 12, 0], charging: [0, 0, 1, 1], service: [], parking: [] },
    });
    const html = (mode: string) =>
      `<!doctype html><body><div id="root"></div>` +
      `<script>localStorage.setItem('mode', '${mode}')</script>` +
      `<script id="${FIRST_VIEW_ELEMENT_ID}" type="application/json">${data}</script>${tag}</body>`;
    const both = new JSDOM(html('both'), {
      url: 'http://localhost/map',
      runScripts: 'dangerously',
    });
    const layer = both.window.document.getElementById('vp-first-view')!;
    expect([...layer.children].map((c) => c.textContent)).toEqual(['12']);
    const charging = new JSDOM(html('charging'), {
      url: 'http://localhost/map',
      runScripts: 'dangerously',
    });
    const marker = charging.window.document.querySelector('#vp-first-view > div')!;
    expect(marker.className).toBe('vp-marker vp-marker--busy');
  });

  it('leaves a page without the data as it is', async () => {
    const dom = new JSDOM(`<body><div id="root"></div>${await firstViewScriptTag()}</body>`, {
      url: 'http://localhost/',
      runScripts: 'dangerously',
    });
    expect(dom.window.document.getElementById('vp-first-view')).toBeNull();
  });
});
