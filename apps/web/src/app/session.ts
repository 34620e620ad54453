/** The session lives in shared/session (features use it too); the guards read it from here. */
export { isLoggedIn, useSession } from '../shared/session';
