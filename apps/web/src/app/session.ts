import { storage, STORAGE_KEYS } from '../shared/lib/storage';

/**
 * Login arrives with a later issue; until then nobody is logged in. The check reads the
 * credentials SPEC §3 stores locally so the guards keep working when login lands.
 */
export function isLoggedIn(): boolean {
  return (
    !!storage.get(STORAGE_KEYS.loggedInUserId) && !!storage.get(STORAGE_KEYS.loggedInUserToken)
  );
}
