export { apiRoutes, type RouteRef } from './routes';
export {
  callApi,
  callApiEnvelope,
  setUnauthorizedHandler,
  ApiError,
  currentLang,
  notifyNetworkError,
  NO_BUSY_PATHS,
} from './client';
export type { RouteData, EnvelopeLike } from './client';
export { setAuthProvider } from './request';
export { dismissLoginNotices, notify, showMessages } from './notify';
export { useBusy } from './busy';
export { buildUrl } from './request';

/** URL of a news or advert picture served by the file endpoint (SPEC §7 News and ads). */
export function fileUrl(
  type: 'news' | 'news_thumb' | 'front-page-ads',
  name: string,
  subdir?: number,
): string {
  const sp = new URLSearchParams({ type });
  if (subdir !== undefined) sp.set('subdir', `${subdir}/`);
  sp.set('name', name);
  return `/api/file?${sp.toString()}`;
}
