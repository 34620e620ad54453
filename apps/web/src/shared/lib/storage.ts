/** localStorage that never throws (private mode, disabled storage, tests). */
export const storage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      /* storage unavailable: the choice lasts for this page only */
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      /* ignore */
    }
  },
  getJson<T>(key: string, fallback: T): T {
    const raw = storage.get(key);
    if (raw == null) return fallback;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return fallback;
    }
  },
  setJson(key: string, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
};

/** The localStorage keys of SPEC §3 "Stored locally" that this version uses. */
export const STORAGE_KEYS = {
  language: 'language',
  mode: 'mode',
  filters: 'filters',
  shownNews: 'shownNews',
  adClosedAt: 'adClosedAt',
  platform: 'platform',
  loggedInUserId: 'loggedInUserId',
  loggedInUserToken: 'loggedInUserToken',
  loggedInEmail: 'loggedInEmail',
  loggedInAccessToken: 'loggedInAccessToken',
  /** The surcharge being paid on /parking-surcharge (its result page comes back to it). */
  parkingSurchargeId: 'parkingSurchargeId',
  /** The surcharge payment page already opened (SPEC §4: the browser jumps to it once). */
  parkingSurchargeJumped: 'parkingSurchargeJumped',
} as const;
