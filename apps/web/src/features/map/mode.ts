import { MAP_MODES, type MapMode } from '@voltpark/contract/map-view';
import { storage, STORAGE_KEYS } from '@/shared/lib/storage';

export { MAP_MODES, type MapMode };

/**
 * The map toggle (SPEC §2 Map) and SPEC §4 "Mode: stored as charging, parking, both or webshop"
 * (the modes are listed in @voltpark/contract/map-view). "webshop" (a welcome-menu choice that
 * leaves to an external shop) shows everything.
 */
export function readMode(): MapMode {
  const v = storage.get(STORAGE_KEYS.mode);
  return (MAP_MODES as readonly string[]).includes(v ?? '') ? (v as MapMode) : 'both';
}

export function writeMode(mode: MapMode): void {
  storage.set(STORAGE_KEYS.mode, mode);
}
