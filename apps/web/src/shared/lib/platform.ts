import { storage, STORAGE_KEYS } from './storage';

export type Platform = 'web' | 'ios' | 'android';

/**
 * The native app shells load the web app with `?platform=ios|android` (SPEC §6). The value is
 * remembered, so later navigations keep the app-only features (QR start, navigation links).
 */
export function detectPlatform(search: string = globalThis.location?.search ?? ''): Platform {
  const fromQuery = new URLSearchParams(search).get('platform');
  if (fromQuery === 'ios' || fromQuery === 'android') {
    storage.set(STORAGE_KEYS.platform, fromQuery);
    return fromQuery;
  }
  if (fromQuery === 'web') {
    storage.remove(STORAGE_KEYS.platform);
    return 'web';
  }
  const stored = storage.get(STORAGE_KEYS.platform);
  return stored === 'ios' || stored === 'android' ? stored : 'web';
}

let current: Platform | null = null;
export function getPlatform(): Platform {
  current ??= detectPlatform();
  return current;
}
export const isAppPlatform = (): boolean => getPlatform() !== 'web';
