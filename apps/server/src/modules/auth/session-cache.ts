import type { Db } from '../../db/client.js';
import type { AuthUser } from './sessions.js';

/**
 * Sessions this replica resolved lately, by token hash, so the polling calls (SPEC §9: three
 * every 5 s per signed-in driver) do not each cost a database round trip to find their caller.
 *
 * Safety: an entry lives at most SESSION_CACHE_TTL_MS and never past the session's expiry.
 * Everything on this replica that ends a session or changes what AuthUser holds (logout,
 * password reset, account deletion, profile and language changes, a casual account becoming a
 * full one) drops the user's entries, after its write is committed; a lookup that was already
 * under way when that happened does not store its (possibly older) answer. Another replica's
 * change reaches this one within the TTL (decision 0014).
 */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 200_000;

export interface CachedSession {
  user: AuthUser;
  /** What a Basic login may name: the user id or the e-mail (lower-cased). */
  logins: readonly string[];
  /** The session's own expiry (ms since the epoch). */
  expiresAt: number;
  lastUsedAt: number;
}

interface Entry extends CachedSession {
  cachedUntil: number;
}

const dbIds = new WeakMap<Db, number>();
let nextDbId = 1;
/** Entries by `<database>:<kind>:<token hash>` (a test process has several databases). */
const entries = new Map<string, Entry>();
const keysByUser = new Map<number, Set<string>>();
/** Bumped by every invalidation; a lookup that started before it must not store its answer. */
let epoch = 0;

function keyOf(db: Db, kind: string, tokenHash: string): string {
  let id = dbIds.get(db);
  if (id === undefined) dbIds.set(db, (id = nextDbId++));
  return `${id}:${kind}:${tokenHash}`;
}

export const sessionCache = {
  key: keyOf,

  get(key: string, now = Date.now()): CachedSession | null {
    const e = entries.get(key);
    if (!e) return null;
    if (now >= e.cachedUntil) {
      drop(key, e.user.id);
      return null;
    }
    return e;
  },

  /** The epoch to hand back to `set`: taken before the database is asked. */
  epoch: () => epoch,

  /** Stores the answer (unless an invalidation came meanwhile) and returns what to use. */
  set(key: string, value: CachedSession, startedAt: number, now = Date.now()): CachedSession {
    if (startedAt !== epoch) return value;
    // Maps iterate in insertion order and every entry is (re)inserted at the end, so the front
    // holds the oldest: the expired ones there go now. Without it the entry of a driver who
    // does not come back would stay until MAX_ENTRIES pushed it out (decision 0065).
    for (const [k, e] of entries) {
      if (e.cachedUntil > now && entries.size < MAX_ENTRIES) break;
      drop(k, e.user.id);
    }
    const entry = { ...value, cachedUntil: Math.min(now + SESSION_CACHE_TTL_MS, value.expiresAt) };
    entries.delete(key);
    entries.set(key, entry);
    let keys = keysByUser.get(value.user.id);
    if (!keys) keysByUser.set(value.user.id, (keys = new Set()));
    keys.add(key);
    return entry;
  },

  /** Drops every cached session of the user (on every database: ids only collide in tests). */
  forgetUser(userId: number) {
    epoch++;
    const keys = keysByUser.get(userId);
    if (!keys) return;
    for (const k of keys) entries.delete(k);
    keysByUser.delete(userId);
  },

  get size() {
    return entries.size;
  },
};

function drop(key: string, userId: number) {
  entries.delete(key);
  const keys = keysByUser.get(userId);
  keys?.delete(key);
  if (keys?.size === 0) keysByUser.delete(userId);
}

/** For the callers that change a user: drops the user's cached sessions on this replica. */
export function forgetCachedSessions(userId: number) {
  sessionCache.forgetUser(userId);
}
