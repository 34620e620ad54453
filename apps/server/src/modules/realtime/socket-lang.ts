import type { IncomingMessage } from 'node:http';
import type { Lang } from '@voltpark/contract';

/**
 * The language of a browser socket's messages. A browser cannot set X-Lang (the API's header)
 * on a websocket, so the page passes `?lang=en|hu`; without it the browser's Accept-Language
 * (its first language) decides; hu otherwise, as for the API.
 */
export function socketLang(req: IncomingMessage): Lang {
  let query: string | null = null;
  try {
    query = new URL(req.url ?? '/', 'http://localhost').searchParams.get('lang');
  } catch {
    // an unreadable URL has no lang
  }
  const first = (query ?? req.headers['accept-language'] ?? '').trim().toLowerCase();
  return first.startsWith('en') ? 'en' : 'hu';
}
