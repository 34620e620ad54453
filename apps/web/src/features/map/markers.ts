import {
  divIcon,
  marker as createMarkerLayer,
  type DivIcon,
  type LeafletKeyboardEvent,
  type Marker,
} from './leaflet';
import type { ClusterItem } from './cluster';
import { CLUSTER_SIZE_LIMITS, CLUSTER_SIZES } from './firstView';
import { markerLook } from './markerLook';
import type { MapMode } from './mode';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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
  mode: MapMode,
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
    const look = markerLook(item.flags, mode);
    icon = divIcon({
      className: look.className,
      html: `<span aria-hidden="true">${escapeHtml(look.glyph)}</span>`,
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
