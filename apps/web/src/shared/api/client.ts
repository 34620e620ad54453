import type { AnyRoute } from '@voltpark/contract';
import i18n from '../i18n';
import { busy } from './busy';
import { notify, showLoginMessages, showMessages } from './notify';
import {
  ApiError,
  currentAuthorization,
  request,
  type CallOptions,
  type EnvelopeLike,
  type RouteData,
} from './request';
import type { RouteRef } from './routes';

export { ApiError } from './request';
export type { RouteData, EnvelopeLike } from './request';

/**
 * SPEC §7: the busy overlay shows for every call except these (they poll in the background or
 * refresh an open panel).
 */
export const NO_BUSY_PATHS: readonly string[] = [
  '/api/v1/charge/current',
  '/api/v1/charge/last-finished',
  '/api/v1/user/credit-cards',
  '/api/v1/wallet/wallet-ballance',
  '/api/v1/wallet/wallet-balance',
  '/api/v1/location/location',
];

export interface ClientOptions<R extends AnyRoute> extends CallOptions<R> {
  /** false: never show the overlay (background loads: footer, adverts, refreshes). */
  busy?: boolean;
  /** true: do not show the network-error notice (background loads that fail quietly). */
  quiet?: boolean;
  /** true: the screen shows its own notice for a 4xx answer, so its messages are not alerted. */
  inlineErrors?: boolean;
  /** true: the screen tells a success itself (say, on the next page), so its messages are not alerted. */
  ownSuccessNotice?: boolean;
}

export function currentLang(): 'hu' | 'en' {
  return i18n.language === 'en' ? 'en' : 'hu';
}

/** Shows SPEC §8's "service not available" notice once, however many calls fail together. */
export function notifyNetworkError(): void {
  notify(i18n.t('error.network'), 'error', { id: 'network-error' });
}

/**
 * The one typed API client. `callApi(apiRoutes.news, {})` → the typed `data` of the envelope.
 * Messages flagged with useAlert are shown as notices; a missing response shows the network
 * notice; errors reject with ApiError (callers may ignore them: SPEC §8 "most REST errors are
 * swallowed silently").
 */
export async function callApi<R extends AnyRoute>(
  route: RouteRef<R>,
  opts: ClientOptions<R> = {},
): Promise<RouteData<R>> {
  const env = await callApiEnvelope(route, opts);
  return env.data as RouteData<R>;
}

/** SPEC §8: a 401 clears the stored credentials and user (the session registers this). */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(fn: () => void): void {
  onUnauthorized = fn;
}

/** Like callApi, but returns the whole envelope (extraData, messages). */
export async function callApiEnvelope<R extends AnyRoute>(
  route: RouteRef<R>,
  opts: ClientOptions<R> = {},
): Promise<EnvelopeLike> {
  const withOverlay = opts.busy ?? !NO_BUSY_PATHS.includes(route.path);
  const stop = withOverlay ? busy.start() : () => {};
  const sentWith = currentAuthorization();
  try {
    const env = await request(route, currentLang(), opts as Parameters<typeof request>[2]);
    if (env.useAlert && !opts.ownSuccessNotice)
      showMessages(env.messages.length ? env.messages : env.message ? [env.message] : []);
    return env;
  } catch (e) {
    if (e instanceof ApiError) {
      // A 401 to a call sent before the user logged in again says nothing of the new login.
      const staleLogin = e.status === 401 && currentAuthorization() !== sentWith;
      if (e.status === 401 && !staleLogin) onUnauthorized();
      if (e.network) {
        if (!opts.quiet) notifyNetworkError();
      } else if (e.envelope?.useAlert && !opts.inlineErrors && !staleLogin) {
        if (e.status === 401) showLoginMessages(e.envelope.messages);
        else showMessages(e.envelope.messages);
      }
    }
    throw e;
  } finally {
    stop();
  }
}
