import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { decodeMapPoints } from '@voltpark/contract/map-points';

export const gzipSize = (buf: Buffer | string) =>
  zlib.gzipSync(buf, { level: zlib.constants.Z_BEST_COMPRESSION }).length;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface JsSizes {
  files: FileSize[];
  raw: number;
  gzip: number;
}

function sizeOf(distDir: string, files: Iterable<string>): JsSizes {
  const list: FileSize[] = [];
  for (const file of files) {
    const buf = fs.readFileSync(path.join(distDir, file));
    list.push({ file, raw: buf.length, gzip: gzipSize(buf) });
  }
  list.sort((a, b) => b.gzip - a.gzip);
  return {
    files: list,
    raw: list.reduce((s, f) => s + f.raw, 0),
    gzip: list.reduce((s, f) => s + f.gzip, 0),
  };
}

/** `/assets/x.js` (or a full URL of the bench server) → `assets/x.js` inside dist, if it is there. */
export function distFileOf(distDir: string, urlOrPath: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(urlOrPath, 'http://x').pathname;
  } catch {
    return null;
  }
  const rel = path.posix.normalize(decodeURIComponent(pathname)).replace(/^\/+/, '');
  if (rel.startsWith('..')) return null;
  const full = path.join(distDir, rel);
  return fs.existsSync(full) && fs.statSync(full).isFile() ? rel : null;
}

/** Static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"` of a built chunk. */
const STATIC_IMPORT =
  /(?:^|[;}\n\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"'\n]+\.m?js)["']/g;

/**
 * The JS a browser must load before the app starts on any route: index.html's module script, its
 * modulepreload links, and (transitively) the static imports of those files. Lazy chunks
 * (`import()`) and web workers are not part of it; see `loadedJs` for what /map really fetched.
 */
export function initialJs(distDir: string): JsSizes & { entry: string | null } {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const queue: string[] = [];
  let entry: string | null = null;
  for (const m of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*>/gi)) {
    const src = /\bsrc=["']([^"']+)["']/i.exec(m[0])?.[1];
    const file = src ? distFileOf(distDir, src) : null;
    if (file) {
      entry ??= file;
      queue.push(file);
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']modulepreload["']/i.test(m[0])) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(m[0])?.[1];
    const file = href ? distFileOf(distDir, href) : null;
    if (file) queue.push(file);
  }
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(distDir, file), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) {
      const spec = m[1] as string;
      const resolved = spec.startsWith('/')
        ? spec
        : path.posix.join('/', path.posix.dirname(file), spec);
      const dep = distFileOf(distDir, resolved);
      if (dep && !seen.has(dep)) queue.push(dep);
    }
  }
  return { entry, ...sizeOf(distDir, seen) };
}

/** Sizes of the given dist files (e.g. every .js the map page fetched before its first clusters). */
export function jsFilesSize(distDir: string, files: Iterable<string>): JsSizes {
  return sizeOf(distDir, new Set(files));
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  wireBytes: number;
  body: Buffer;
  ms: number;
}

/** A plain GET that does not decode the body, so the bytes on the wire can be counted. */
export function rawGet(url: string, headers: Record<string, string>, timeoutMs = 60_000) {
  return new Promise<HttpAnswer>((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          wireBytes: body.length,
          body,
          ms: performance.now() - t0,
        });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
  });
}

export function decode(answer: HttpAnswer): Buffer {
  const enc = String(answer.headers['content-encoding'] ?? 'identity');
  if (enc === 'gzip') return zlib.gunzipSync(answer.body);
  if (enc === 'br') return zlib.brotliDecompressSync(answer.body);
  if (enc === 'deflate') return zlib.inflateSync(answer.body);
  return answer.body;
}

export interface PayloadFigures {
  url: string;
  locations: number;
  rawBytes: number;
  /** What the server sent for `Accept-Encoding: gzip`. */
  servedGzipBytes: number | null;
  servedGzipEncoding: string;
  /** zlib level 9 of the raw JSON, computed here. */
  gzip9Bytes: number;
  /** What Chromium gets (it asks for br first), if the server offers it. */
  servedBrBytes: number | null;
  servedBrEncoding: string;
  etag: string | null;
  /** The ETag of the answer to the revalidation (differs if the list was rebuilt meanwhile). */
  etagOnRevalidate: string | null;
  notModifiedOnRevalidate: boolean | null;
  fetchMs: number;
  hasDemoGodollo: boolean;
  flags: Record<string, number>;
}

export async function payloadFigures(base: string): Promise<PayloadFigures> {
  const url = `${base}/api/v1/location/locations`;
  const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
  if (gz.status !== 200) throw new Error(`GET ${url} answered ${gz.status}`);
  const raw = decode(gz);
  const br = await rawGet(url, { 'accept-encoding': 'br, gzip, deflate' });
  const json = JSON.parse(raw.toString('utf8')) as { data?: unknown };
  const data = Array.isArray(json.data) ? (json.data as Record<string, unknown>[]) : [];
  const flags: Record<string, number> = {};
  for (const l of data) {
    for (const k of ['hasCharger', 'hasPoi', 'hasParking', 'available']) {
      if (l[k] === true) flags[k] = (flags[k] ?? 0) + 1;
    }
  }
  const etag = typeof gz.headers.etag === 'string' ? gz.headers.etag : null;
  let notModified: boolean | null = null;
  let etagAgain: string | null = null;
  if (etag) {
    const again = await rawGet(url, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    notModified = again.status === 304;
    etagAgain = typeof again.headers.etag === 'string' ? again.headers.etag : null;
  }
  const gzEnc = String(gz.headers['content-encoding'] ?? 'identity');
  const brEnc = String(br.headers['content-encoding'] ?? 'identity');
  return {
    url,
    locations: data.length,
    rawBytes: raw.length,
    servedGzipBytes: gzEnc === 'gzip' ? gz.wireBytes : null,
    servedGzipEncoding: gzEnc,
    gzip9Bytes: gzipSize(raw),
    servedBrBytes: brEnc === 'br' ? br.wireBytes : null,
    servedBrEncoding: brEnc,
    etag,
    etagOnRevalidate: etagAgain,
    notModifiedOnRevalidate: notModified,
    fetchMs: gz.ms,
    hasDemoGodollo: data.some((l) =>
      String(l.city ?? '')
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .includes('godollo'),
    ),
    flags,
  };
}

export interface MapPointsFigures {
  url: string;
  locations: number;
  rawBytes: number;
  servedGzipBytes: number | null;
  gzip9Bytes: number;
  servedBrBytes: number | null;
  etag: string | null;
  notModifiedOnRevalidate: boolean | null;
  fetchMs: number;
}

/** The map's own compact answer (GET v1/location/map-points, binary; decision 0009). */
export async function mapPointsFigures(base: string): Promise<MapPointsFigures> {
  const url = `${base}/api/v1/location/map-points`;
  const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
  if (gz.status !== 200) throw new Error(`GET ${url} answered ${gz.status}`);
  const raw = decode(gz);
  const br = await rawGet(url, { 'accept-encoding': 'br, gzip, deflate' });
  const etag = typeof gz.headers.etag === 'string' ? gz.headers.etag : null;
  let notModified: boolean | null = null;
  if (etag) {
    const again = await rawGet(url, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    notModified = again.status === 304;
  }
  return {
    url,
    locations: decodeMapPoints(new Uint8Array(raw)).count,
    rawBytes: raw.length,
    servedGzipBytes: gz.headers['content-encoding'] === 'gzip' ? gz.wireBytes : null,
    gzip9Bytes: gzipSize(raw),
    servedBrBytes: br.headers['content-encoding'] === 'br' ? br.wireBytes : null,
    etag,
    notModifiedOnRevalidate: notModified,
    fetchMs: gz.ms,
  };
}
