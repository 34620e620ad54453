/**
 * The providers' own browser SDKs, typed only as far as we use them. They load from the
 * providers on demand (loadScript), never at build time.
 */
export const GOOGLE_SDK = 'https://accounts.google.com/gsi/client';
export const APPLE_AUTHORIZE = 'https://appleid.apple.com/auth/authorize';

export function facebookSdk(lang: 'hu' | 'en'): string {
  return `https://connect.facebook.net/${lang === 'hu' ? 'hu_HU' : 'en_US'}/sdk.js`;
}

export interface GoogleIdentity {
  initialize(options: {
    client_id: string;
    callback: (answer: { credential?: string }) => void;
    ux_mode?: 'popup' | 'redirect';
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type: 'standard';
      theme: 'outline';
      size: 'large';
      text: 'signin_with';
      locale: string;
      width: number;
    },
  ): void;
}

export interface FacebookAuth {
  accessToken: string;
  userID: string;
  signedRequest?: string;
}

export interface FacebookSdk {
  init(options: { appId: string; version: string; xfbml: boolean; cookie: boolean }): void;
  login(
    done: (answer: { authResponse?: FacebookAuth | null }) => void,
    options: { scope: string },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
    FB?: FacebookSdk;
  }
}

/**
 * Sign in with Apple on the web: Apple posts the code and ID token back to our apple-return
 * (form_post), which redirects the browser to /login with a one-time ticket.
 */
export function appleAuthorizeUrl(clientId: string, origin: string, state: string): string {
  const sp = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${origin}/api/v1/user/apple-return`,
    response_type: 'code id_token',
    response_mode: 'form_post',
    scope: 'name email',
    state,
  });
  return `${APPLE_AUTHORIZE}?${sp.toString()}`;
}

const APPLE_STATE_KEY = 'appleSignInState';

/**
 * The state of the Apple sign-in this tab started. The ticket that comes back is exchanged only
 * when it carries the same state, so a sign-in forged by someone else (login CSRF: their Apple
 * account in this browser) is refused.
 */
export function rememberAppleState(state: string): void {
  try {
    sessionStorage.setItem(APPLE_STATE_KEY, state);
  } catch {
    /* storage unavailable: the returning ticket will be refused */
  }
}

/** Whether a returning Apple sign-in carries the state this tab remembered. */
export function isOwnAppleState(returned: string | null): boolean {
  try {
    const state = sessionStorage.getItem(APPLE_STATE_KEY);
    return state !== null && state === returned;
  } catch {
    return false;
  }
}

/** One sign-in, one exchange: the state is forgotten once its ticket is used. */
export function forgetAppleState(): void {
  try {
    sessionStorage.removeItem(APPLE_STATE_KEY);
  } catch {
    /* storage unavailable: nothing was remembered */
  }
}
