import {
  divIcon,
  marker as createMarkerLayer,
  type DivIcon,
  type LeafletKeyboardEvent,
  type Marker,
} from './leaflet';
import type { ClusterItem } from './cluster';
import { FLAG } from './cluster';
import { CLUSTER_SIZE_LIMITS, CLUSTER_SIZES } from './firstView';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Symbol of a single location: charger, parking or shop. */
function glyph(flags: number): string {
  if (flags & FLAG.charger) return '⚡';
  if (flags & FLAG.parking) return 'P';
  return '★';
}

export function clusterSize(count: number): number {
  const i = CLUSTER_SIZE_LIMITS.findIndex((limit) => count < limit);
  return CLUSTER_SIZES[i < 0 ? CLUSTER_SIZES.length - 1 : i]!;
}

/** A DOM marker (divIcon): role=button from Leaflet, plus an accessible name and a test id. */
export function createMarker(
  item: ClusterItem,
  label: string,
  onActivate: (item: ClusterItem) => void,
): Marker {
  let icon: DivIcon;
  if (item.kind === 'cluster') {
    const size = clusterSize(item.count);
    icon = divIcon({
      className: 'vp-cluster',
      html: `<span aria-hidden="true">${item.count}</span>`,
      iconSize: [size, size],
    });
  } else {
    const available = (item.flags & FLAG.available) !== 0;
    const charger = (item.flags & FLAG.charger) !== 0;
    const cls = charger
      ? available
        ? 'vp-marker vp-marker--available'
        : 'vp-marker vp-marker--busy'
      : 'vp-marker';
    icon = divIcon({
      className: cls,
      html: `<span aria-hidden="true">${escapeHtml(glyph(item.flags))}</span>`,
      iconSize: [36, 36],
      iconAnchor: [18, 34],
    });
  }
  const marker = createMarkerLayer([item.lat, item.lng], {
    icon,
    keyboard: true,
    riseOnHover: true,
  });
  marker.on('add', () => {
    const el = marker.getElement();
    if (!el) return;
    el.setAttribute('aria-label', label);
    el.setAttribute('data-testid', item.kind === 'cluster' ? 'map-cluster' : 'map-marker');
    if (item.kind === 'point') el.setAttribute('data-location-id', String(item.id));
  });
  marker.on('click', () => onActivate(item));
  marker.on('keydown', (e) => {
    const ev = (e as LeafletKeyboardEvent).originalEvent;
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      onActivate(item);
    }
  });
  return marker;
}
