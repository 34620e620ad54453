import { useSyncExternalStore } from 'react';
import type { OnboardingDetails, Session, Settings, User } from '@voltpark/contract';
import {
  apiRoutes,
  callApi,
  callApiEnvelope,
  dismissLoginNotices,
  setAuthProvider,
  setUnauthorizedHandler,
} from '../api';
import { setLanguage } from '../i18n';
import { storage, STORAGE_KEYS } from '../lib/storage';

export interface UserExtra {
  settings: Settings;
  onboardingDetails: OnboardingDetails;
}

export interface SessionState {
  /** Credentials are stored (SPEC §3 "Stored locally"). */
  loggedIn: boolean;
  /** The user, once loggedin-user or a login answered. */
  user: User | null;
  extra: UserExtra | null;
  /**
   * A 401 has just ended a registered driver's login (an expired or revoked token, not a log-out):
   * the layout sends a driver on a page worth coming back to the log-in, then clears this.
   */
  expired?: boolean;
}

const CREDENTIAL_KEYS = [
  STORAGE_KEYS.loggedInUserId,
  STORAGE_KEYS.loggedInEmail,
  STORAGE_KEYS.loggedInUserToken,
  STORAGE_KEYS.loggedInAccessToken,
] as const;

function hasCredentials(): boolean {
  return (
    (!!storage.get(STORAGE_KEYS.loggedInUserId) && !!storage.get(STORAGE_KEYS.loggedInUserToken)) ||
    !!storage.get(STORAGE_KEYS.loggedInAccessToken)
  );
}

let state: SessionState = { loggedIn: hasCredentials(), user: null, extra: null };
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

export function getSession(): SessionState {
  return state;
}

export function isLoggedIn(): boolean {
  return hasCredentials();
}

/** SPEC §7 Headers: `Basic base64("<userId>:<token>")` (the user id or the e-mail and the token). */
export function authHeader(): string | null {
  const token = storage.get(STORAGE_KEYS.loggedInUserToken);
  const id = storage.get(STORAGE_KEYS.loggedInUserId) ?? storage.get(STORAGE_KEYS.loggedInEmail);
  if (!token || !id) {
    // A guest who started parking holds only the access token (start-casual's extraData).
    const bearer = storage.get(STORAGE_KEYS.loggedInAccessToken);
    return bearer ? `Bearer ${bearer}` : null;
  }
  const raw = new TextEncoder().encode(`${id}:${token}`);
  let bin = '';
  for (const b of raw) bin += String.fromCharCode(b);
  return `Basic ${btoa(bin)}`;
}

/** Stores the credentials of a login and applies the user's preferred language (SPEC §4). */
export async function startSession(session: Session, extra: UserExtra | null): Promise<void> {
  storage.set(STORAGE_KEYS.loggedInUserId, String(session.user.id));
  storage.set(STORAGE_KEYS.loggedInEmail, session.user.email);
  storage.set(STORAGE_KEYS.loggedInUserToken, session.token);
  if (session.accessToken) storage.set(STORAGE_KEYS.loggedInAccessToken, session.accessToken);
  else storage.remove(STORAGE_KEYS.loggedInAccessToken);
  set({ loggedIn: true, user: session.user, extra });
  // A "log in first" notice of the login that ended would now be wrong.
  dismissLoginNotices();
  await setLanguage(session.user.preferedLanguage);
}

/**
 * SPEC §7 start-casual: the guest's access token (extraData.extraData) is stored as the
 * logged-in casual user's credential (sent as Bearer; the live socket authenticates with it).
 */
export async function startGuestSession(accessToken: string, email: string): Promise<void> {
  for (const k of CREDENTIAL_KEYS) storage.remove(k);
  storage.set(STORAGE_KEYS.loggedInAccessToken, accessToken);
  storage.set(STORAGE_KEYS.loggedInEmail, email);
  set({ loggedIn: true, user: null, extra: null });
  await loadUser();
}

/** Forgets the credentials and the user (401, logout, deletion). */
export function clearSession(): void {
  for (const k of CREDENTIAL_KEYS) storage.remove(k);
  if (state.loggedIn || state.user) set({ loggedIn: false, user: null, extra: null });
}

/** SPEC §8: a 401 clears the credentials; a registered driver's lost login is also marked expired. */
function onUnauthorized(): void {
  const registered = !!storage.get(STORAGE_KEYS.loggedInUserToken);
  clearSession();
  if (registered) set({ ...state, expired: true });
}

/** The layout has acted on an expired login. */
export function acknowledgeExpiredLogin(): void {
  if (state.expired) set({ ...state, expired: false });
}

/** Replaces the user after a profile change (the credentials stay). */
export function setUser(user: User, extra: UserExtra | null = state.extra): void {
  set({ ...state, user, extra });
}

/**
 * The server's /ws told that the user's types changed (a role given or taken by the operator):
 * the menu and the routes that depend on them follow at once, without a new log-in.
 */
export function applyUserTypes(types: User['types']): void {
  const user = state.user;
  if (!user || sameTypes(user.types, types)) return;
  set({ ...state, user: { ...user, types } });
}

function sameTypes(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

/** GET loggedin-user when credentials are stored (a 401 clears them through the client). */
export async function loadUser(): Promise<User | null> {
  if (!hasCredentials()) return null;
  try {
    const env = await callApiEnvelope(apiRoutes.loggedinUser, { busy: false, quiet: true });
    const user = env.data as User;
    if (hasCredentials())
      set({ loggedIn: true, user, extra: (env.extraData as UserExtra) ?? null });
    return user;
  } catch {
    return null;
  }
}

/** SPEC §4 Logout: tells the server (unless told not to), clears the credentials and language. */
export async function logout({ callServer = true } = {}): Promise<void> {
  if (callServer && hasCredentials()) {
    try {
      await callApi(apiRoutes.logout, { busy: false, quiet: true });
    } catch {
      /* the session ends on this device anyway */
    }
  }
  clearSession();
  storage.remove(STORAGE_KEYS.language);
}

let started = false;
/** Wires the API client to the session and loads the stored user (once, at start). */
export function initSession(): void {
  if (started) return;
  started = true;
  setAuthProvider(authHeader);
  setUnauthorizedHandler(onUnauthorized);
  void loadUser();
}

/** For tests: forget everything and re-read the storage. */
export function resetSessionForTests(): void {
  started = false;
  state = { loggedIn: hasCredentials(), user: null, extra: null };
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
