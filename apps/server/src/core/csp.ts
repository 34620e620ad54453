import { createHash } from 'node:crypto';
import type { Config } from '../config.js';

/**
 * The `'sha256-…'` sources of a page's inline scripts: the build's first-view and map-points
 * scripts in index.html (decision 0010). Data blocks (`type="application/json"`) do not run and
 * need none; scripts with `src` are covered by `'self'`.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
  )) {
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The app's pages: scripts only from the server and the page's own inline scripts by hash (no
 * 'unsafe-inline' for scripts). Styles allow inline: Mantine writes its theme variables into
 * `<style>` elements at run time and the markers are placed with style attributes; a style
 * cannot run code. Map tiles come from OpenStreetMap. A social log-in provider's script, frames
 * and calls are allowed only when that provider is configured.
 */
export function appPageCsp(scriptHashes: string[], social: Config['social']): string {
  const script = ["'self'", ...scriptHashes];
  const style = ["'self'", "'unsafe-inline'"];
  const connect = ["'self'"];
  const frame: string[] = [];
  if (social.google) {
    script.push('https://accounts.google.com/gsi/');
    style.push('https://accounts.google.com/gsi/');
    connect.push('https://accounts.google.com/gsi/');
    frame.push('https://accounts.google.com/gsi/');
  }
  if (social.facebook) {
    script.push('https://connect.facebook.net');
    connect.push('https://*.facebook.com', 'https://connect.facebook.net');
    frame.push('https://*.facebook.com');
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    "script-src-attr 'none'",
    `style-src ${style.join(' ')}`,
    "img-src 'self' data: blob: https://*.tile.openstreetmap.org",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frame.length ? frame.join(' ') : "'none'"}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Server-made pages (sandbox mailbox, emulator pages, demo callbacks) that set no policy of
 * their own: no scripts at all, inline styles, images from the server.
 */
export const SERVER_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
