import { MAP_POINT_FLAG } from '@voltpark/contract/map-points';
import type { MapMode } from './mode';

export interface MarkerLook {
  glyph: string;
  className: string;
}

/**
 * A single location's symbol and colour for the map mode: in parking mode a place with parking
 * is a parking marker (P), even when it also has chargers; in the other modes a charger comes
 * first (⚡, green when free, grey when busy), then parking, then a shop (★).
 * firstViewDraw.ts repeats this rule inline (it may import nothing).
 */
export function markerLook(flags: number, mode: MapMode): MarkerLook {
  const charger = (flags & MAP_POINT_FLAG.charger) !== 0;
  const parking = (flags & MAP_POINT_FLAG.parking) !== 0;
  if (parking && (mode === 'parking' || !charger)) return { glyph: 'P', className: 'vp-marker' };
  if (charger) {
    const available = (flags & MAP_POINT_FLAG.available) !== 0;
    return {
      glyph: '⚡',
      className: available ? 'vp-marker vp-marker--available' : 'vp-marker vp-marker--busy',
    };
  }
  return { glyph: '★', className: 'vp-marker' };
}
