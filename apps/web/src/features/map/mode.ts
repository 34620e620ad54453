import { storage, STORAGE_KEYS } from '@/shared/lib/storage';

/**
 * The map toggle (SPEC §2 Map) and SPEC §4 "Mode: stored as charging, parking, both or webshop".
 * localStorage "mode" holds one of:
 *   both     – everything (chargers, services and parking); the default
 *   charging – locations with chargers
 *   service  – locations with points-accepting partner shops
 *   parking  – locations with parking gates
 * "webshop" (a welcome-menu choice that leaves to an external shop) shows everything.
 */
export type MapMode = 'both' | 'charging' | 'service' | 'parking';
export const MAP_MODES: readonly MapMode[] = ['both', 'charging', 'service', 'parking'];

export function readMode(): MapMode {
  const v = storage.get(STORAGE_KEYS.mode);
  return (MAP_MODES as readonly string[]).includes(v ?? '') ? (v as MapMode) : 'both';
}

export function writeMode(mode: MapMode): void {
  storage.set(STORAGE_KEYS.mode, mode);
}
