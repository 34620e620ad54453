import type { FirstView, MapMode } from '@voltpark/contract/map-view';

/**
 * Everything drawFirstView needs from outside, passed in: the function is inlined into
 * index.html as its own source text (build/firstViewScript.ts), so it may use nothing but its
 * parameters and the browser's globals (only types are imported above).
 */
export interface FirstViewSettings {
  /** The JSON script element the server puts into the page (FIRST_VIEW_ELEMENT_ID). */
  dataId: string;
  /** The id of the drawn layer (the map adopts and later removes it: firstView.ts). */
  rootId: string;
  /** localStorage key of the map mode, and the modes it may hold. */
  modeKey: string;
  modes: readonly MapMode[];
  /** MAP_POINT_FLAG bits that choose a single marker's look. */
  flags: { charger: number; parking: number; available: number };
  /** Cluster icon sizes: below sizeLimits[i] locations a cluster is sizes[i] pixels. */
  sizeLimits: readonly number[];
  sizes: readonly number[];
  /** The performance mark set once the markers are in the DOM. */
  mark: string;
}

/**
 * Draws the clustered markers of the map's default view that the server sent with the page
 * (decision 0010), before the app's scripts have loaded: same places, sizes and colours as the
 * map's own markers (markers.ts), not interactive and hidden from assistive technology. The
 * map takes the layer over and removes it when its own markers are there.
 */
export function drawFirstView(doc: Document, s: FirstViewSettings): boolean {
  const data = doc.getElementById(s.dataId);
  if (!data || doc.getElementById(s.rootId)) return false;
  let view: FirstView;
  try {
    view = JSON.parse(data.textContent || '') as FirstView;
  } catch {
    return false;
  }
  let mode: MapMode = 'both';
  try {
    const stored = localStorage.getItem(s.modeKey);
    for (const m of s.modes) if (m === stored) mode = m;
  } catch {
    /* storage unavailable: the default mode, as the map does */
  }
  const items = view && view.modes ? view.modes[mode] : null;
  if (!Array.isArray(items) || items.length < 4) return false;

  const size = (count: number) => {
    for (let i = 0; i < s.sizeLimits.length; i++) if (count < s.sizeLimits[i]!) return s.sizes[i]!;
    return s.sizes[s.sizes.length - 1]!;
  };
  let html = '';
  let drawn = 0;
  for (let i = 0; i + 3 < items.length; i += 4) {
    // Numbers only reach the markup (a malformed item becomes 0).
    const dx = Math.round(Number(items[i])) || 0;
    const dy = Math.round(Number(items[i + 1])) || 0;
    const count = Math.round(Number(items[i + 2])) || 0;
    const flags = Math.round(Number(items[i + 3])) || 0;
    const at = `left:calc(50% + ${dx}px);top:calc(50% + ${dy}px);`;
    if (count > 1) {
      const px = size(count);
      drawn++;
      html += `<div class="vp-cluster" style="${at}width:${px}px;height:${px}px;margin:${-px / 2}px 0 0 ${-px / 2}px"><span>${count}</span></div>`;
    } else if (count === 1) {
      // As markerLook.ts: in parking mode a place with parking is a P marker.
      const parking = (flags & s.flags.parking) !== 0;
      const charger = (flags & s.flags.charger) !== 0 && !(parking && mode === 'parking');
      const cls = charger
        ? (flags & s.flags.available) !== 0
          ? 'vp-marker vp-marker--available'
          : 'vp-marker vp-marker--busy'
        : 'vp-marker';
      const glyph = charger ? '⚡' : parking ? 'P' : '★';
      drawn++;
      html += `<div class="${cls}" style="${at}width:36px;height:36px;margin:-34px 0 0 -18px"><span>${glyph}</span></div>`;
    }
  }
  const root = doc.createElement('div');
  root.id = s.rootId;
  root.className = 'vp-first-view';
  root.setAttribute('aria-hidden', 'true');
  root.innerHTML = html;
  doc.body.appendChild(root);
  try {
    performance.mark(s.mark, { detail: { markers: drawn } });
  } catch {
    /* no User Timing: nothing to record */
  }
  return true;
}
