import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ok } from '../../core/envelope.js';
import { listAllLocations } from './repository.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface LocationListBody {
  version: string;
  etag: string;
  count: number;
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
  builtInMs: number;
}

/**
 * The whole map list, built once per data version and kept with its gzip and brotli bytes.
 * The version is the `location_data_version` sequence, which triggers advance on every write
 * that can change the list (see drizzle/0002_location_data_version.sql), so one cheap query per
 * request tells whether the cached body is still right — also across server replicas.
 */
export class LocationListCache {
  private current: LocationListBody | undefined;
  private pending: { version: string; promise: Promise<LocationListBody> } | undefined;

  constructor(private readonly db: Db) {}

  async version(): Promise<string> {
    const result = (await this.db.execute(
      sql`select last_value::text as v, is_called from location_data_version`,
    )) as unknown as { rows: { v: string; is_called: boolean }[] };
    const row = result.rows[0];
    return row && row.is_called ? row.v : '0';
  }

  async get(): Promise<LocationListBody> {
    const version = await this.version();
    if (this.current?.version === version) return this.current;
    // Concurrent requests for the same version share one build.
    if (this.pending?.version !== version) {
      const promise = this.build(version).then(
        (body) => {
          if (!this.current || BigInt(body.version) >= BigInt(this.current.version))
            this.current = body;
          return body;
        },
        (err: unknown) => {
          this.pending = undefined;
          throw err;
        },
      );
      this.pending = { version, promise };
    }
    return this.pending.promise;
  }

  private async build(version: string): Promise<LocationListBody> {
    const started = performance.now();
    const items = await listAllLocations(this.db);
    const raw = Buffer.from(JSON.stringify(ok(items)));
    const [gz, br] = await Promise.all([
      gzipAsync(raw, { level: 6 }),
      brotliAsync(raw, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    ]);
    const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 22);
    return {
      version,
      etag: `W/"${hash}"`,
      count: items.length,
      raw,
      gzip: gz,
      br,
      builtInMs: Math.round(performance.now() - started),
    };
  }
}

/** Picks br, then gzip, from an Accept-Encoding header (q=0 means refused). */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (enc: string) => (accepted.get(enc) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/** If-None-Match against our (weak) ETag: any listed tag with the same opaque value, or `*`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}
