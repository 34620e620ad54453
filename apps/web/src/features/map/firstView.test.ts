import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_VIEW_ELEMENT_ID, type FirstView } from '@voltpark/contract/map-view';
import { MAP_POINT_FLAG } from '@voltpark/contract/map-points';
import { adoptFirstView, FIRST_VIEW_MARK, FIRST_VIEW_SETTINGS, removeFirstView } from './firstView';
import { drawFirstView } from './firstViewDraw';
import { clusterSize } from './markers';

const { charger, parking, available } = MAP_POINT_FLAG;

const view = (modes: Partial<FirstView['modes']>): FirstView => ({
  lat: 47.4979,
  lng: 19.0402,
  zoom: 12,
  modes: { both: [], charging: [], service: [], parking: [], ...modes },
});

/** The page as the server sends it: the first view's JSON after the app's root. */
function page(data: unknown) {
  document.body.innerHTML = '<div id="root"></div>';
  const el = document.createElement('script');
  el.id = FIRST_VIEW_ELEMENT_ID;
  el.type = 'application/json';
  el.textContent = typeof data === 'string' ? data : JSON.stringify(data);
  document.body.appendChild(el);
}

const layer = () => document.getElementById(FIRST_VIEW_SETTINGS.rootId);
const drawn = () => [...(layer()?.children ?? [])] as HTMLElement[];

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  performance.clearMarks();
});

describe('drawFirstView (the inline script of index.html)', () => {
  it('draws clusters and single markers where the map will put them, as the map draws them', () => {
    page(
      view({
        both: [
          0,
          0,
          250,
          0,
          -120,
          40,
          1,
          charger | available,
          60,
          -30,
          1,
          parking,
          10,
          10,
          1,
          charger,
        ],
      }),
    );
    expect(drawFirstView(document, FIRST_VIEW_SETTINGS)).toBe(true);
    const [cluster, green, park, busy] = drawn();
    expect(cluster!.className).toBe('vp-cluster');
    expect(cluster!.textContent).toBe('250');
    const size = clusterSize(250);
    expect(cluster!.style.width).toBe(`${size}px`);
    expect(cluster!.style.margin).toBe(`${-size / 2}px 0px 0px ${-size / 2}px`);
    expect(green!.className).toBe('vp-marker vp-marker--available');
    expect(green!.style.left).toBe('calc(50% - 120px)');
    expect(green!.style.top).toBe('calc(50% + 40px)');
    expect(park!.className).toBe('vp-marker');
    expect(park!.textContent).toBe('P');
    expect(busy!.className).toBe('vp-marker vp-marker--busy');
    // Decoration until the map is there: hidden from assistive technology, not clickable (CSS).
    expect(layer()!.getAttribute('aria-hidden')).toBe('true');
    const mark = performance.getEntriesByName(FIRST_VIEW_MARK)[0] as PerformanceMark;
    expect(mark.detail).toEqual({ markers: 4 });
  });

  it('draws the mode the map will open in (localStorage "mode")', () => {
    localStorage.setItem('mode', 'parking');
    page(view({ both: [0, 0, 5, 0], parking: [7, 8, 1, parking] }));
    drawFirstView(document, FIRST_VIEW_SETTINGS);
    expect(drawn().map((d) => d.textContent)).toEqual(['P']);
    localStorage.setItem('mode', 'nonsense');
    document.getElementById(FIRST_VIEW_SETTINGS.rootId)!.remove();
    drawFirstView(document, FIRST_VIEW_SETTINGS);
    expect(drawn().map((d) => d.textContent)).toEqual(['5']);
  });

  it('draws a place with parking and chargers as a parking marker in parking mode', () => {
    localStorage.setItem('mode', 'parking');
    page(view({ parking: [7, 8, 1, parking | charger | available] }));
    drawFirstView(document, FIRST_VIEW_SETTINGS);
    expect(drawn().map((d) => [d.textContent, d.className])).toEqual([['P', 'vp-marker']]);
  });

  it('draws nothing without data, with broken data or with no markers in view', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(drawFirstView(document, FIRST_VIEW_SETTINGS)).toBe(false);
    page('{not json');
    expect(drawFirstView(document, FIRST_VIEW_SETTINGS)).toBe(false);
    page(view({}));
    expect(drawFirstView(document, FIRST_VIEW_SETTINGS)).toBe(false);
    expect(layer()).toBeNull();
  });

  it('lets only numbers into the markup', () => {
    page(view({ both: ['<img src=x onerror=alert(1)>', 5, '3"><b>x</b>', 0] as never }));
    drawFirstView(document, FIRST_VIEW_SETTINGS);
    expect(layer()!.querySelector('img, b')).toBeNull();
    expect(drawn()).toHaveLength(0);
  });
});

describe('the map taking the first view over', () => {
  it('moves it under the map’s buttons, then removes it', () => {
    page(view({ both: [0, 0, 2, 0] }));
    drawFirstView(document, FIRST_VIEW_SETTINGS);
    const wrapper = document.createElement('div');
    document.getElementById('root')!.appendChild(wrapper);
    adoptFirstView(wrapper);
    expect(layer()!.parentElement).toBe(wrapper);
    expect(layer()!.classList.contains('vp-first-view--in-map')).toBe(true);
    removeFirstView();
    expect(layer()).toBeNull();
    // Nothing to take over or remove: no error.
    adoptFirstView(wrapper);
    removeFirstView();
  });
});
