import { MAP_POINT_FLAG } from '@voltpark/contract/map-points';
import { FIRST_VIEW_ELEMENT_ID, MAP_MODES } from '@voltpark/contract/map-view';
import { STORAGE_KEYS } from '@/shared/lib/storage';
import type { FirstViewSettings } from './firstViewDraw';

/** The performance mark of the page's first view (bench/map reads it). */
export const FIRST_VIEW_MARK = 'voltpark:first-view';

/** Cluster icon sizes, shared by the map's markers (markers.ts) and the first view. */
export const CLUSTER_SIZE_LIMITS = [10, 100, 1000] as const;
export const CLUSTER_SIZES = [36, 42, 48, 56] as const;

/** What index.html's inline first-view script is called with (build/firstViewScript.ts). */
export const FIRST_VIEW_SETTINGS: FirstViewSettings = {
  dataId: FIRST_VIEW_ELEMENT_ID,
  rootId: 'vp-first-view',
  modeKey: STORAGE_KEYS.mode,
  modes: MAP_MODES,
  flags: {
    charger: MAP_POINT_FLAG.charger,
    parking: MAP_POINT_FLAG.parking,
    available: MAP_POINT_FLAG.available,
  },
  sizeLimits: CLUSTER_SIZE_LIMITS,
  sizes: CLUSTER_SIZES,
  mark: FIRST_VIEW_MARK,
};

function layer(): HTMLElement | null {
  return document.getElementById(FIRST_VIEW_SETTINGS.rootId);
}

/**
 * The map's wrapper takes the first view over, so it lies above the (still empty) map and
 * below the map's buttons until the map's own markers are there.
 */
export function adoptFirstView(wrapper: HTMLElement): void {
  const el = layer();
  if (!el || el.parentElement === wrapper) return;
  el.classList.add('vp-first-view--in-map');
  wrapper.appendChild(el);
}

/** Gone once the map shows its own markers, moves, changes mode, fails or closes. */
export function removeFirstView(): void {
  layer()?.remove();
}
