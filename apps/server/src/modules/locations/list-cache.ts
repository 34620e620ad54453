import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { encodeMapPoints, type MapPointInput } from '@voltpark/contract/map-points';
import { listAllLocationsJson } from './repository.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A prepared answer for one data version; compressed bytes are made once, on first demand. */
export class LocationListBody {
  readonly etag: string;
  private gz: Promise<Buffer> | undefined;
  private brotli: Promise<Buffer> | undefined;

  constructor(
    readonly version: string,
    readonly raw: Buffer,
    readonly builtInMs: number,
    readonly builtAt: number,
  ) {
    this.etag = `W/"${createHash('sha1').update(raw).digest('base64url')}"`;
  }

  gzip(): Promise<Buffer> {
    return (this.gz ??= gzipAsync(this.raw, { level: 6 }));
  }

  br(): Promise<Buffer> {
    return (this.brotli ??= brotliAsync(this.raw, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
      },
    }));
  }
}

/** The SPEC §7 `locations` answer: the envelope around the array the database built. */
export async function locationListBytes(db: Db): Promise<Buffer> {
  const json = await listAllLocationsJson(db);
  return Buffer.from(`{"result":true,"data":${json},"messages":[],"useAlert":false}`);
}

/** The `map-points` answer (binary, see @voltpark/contract/map-points). */
export function mapPointsBytes(points: readonly MapPointInput[]): Buffer {
  const bytes = encodeMapPoints(points);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * An answer built from every location (the SPEC list, or the map's points), built once per data
 * version and kept with its gzip and brotli bytes.
 *
 * The version is the `location_data_version` sequence, which triggers advance on every write
 * that can change the list (drizzle/0002_location_data_version.sql), so one cheap query per
 * request tells whether the body is current — across server replicas too. When it is not, the
 * previous body is still served while one rebuild runs in the background (stale-while-
 * revalidate), and rebuilds are at least `minRebuildIntervalMs` apart, so busy chargers changing
 * state every second never keep the database busy rebuilding 50,000 markers.
 */
export class LocationListCache {
  private current: LocationListBody | undefined;
  private pending: Promise<LocationListBody> | undefined;
  private scheduled: Promise<void> | undefined;
  minRebuildIntervalMs = 2000;
  /**
   * A background rebuild starts this long after the request that found the body stale, so that
   * answer and the page's next requests (scripts, the worker) go out first: on PGlite the
   * rebuild holds the server's thread.
   */
  rebuildDelayMs = 2000;

  constructor(
    private readonly db: Db,
    private readonly make: (db: Db) => Promise<Buffer> = locationListBytes,
    /** Called with each newly built body that became current (derived data is made here). */
    private readonly onBuilt: (body: LocationListBody) => void = () => {},
  ) {}

  async version(): Promise<string> {
    const result = (await this.db.execute(
      sql`select last_value::text as v, is_called from location_data_version`,
    )) as unknown as { rows: { v: string; is_called: boolean }[] };
    const row = result.rows[0];
    return row && row.is_called ? row.v : '0';
  }

  async get(): Promise<LocationListBody> {
    const version = await this.version();
    const current = this.current;
    if (current?.version === version) return current;
    if (!current) return this.rebuild(version);
    if (
      !this.pending &&
      !this.scheduled &&
      Date.now() - current.builtAt >= this.minRebuildIntervalMs
    ) {
      this.scheduled = new Promise<void>((resolve) => {
        setTimeout(() => {
          // The version is read again: it may have moved on since the request. `scheduled` stays
          // set until the rebuild is done, so settled() never slips through between the two.
          this.version()
            .then((v) => this.rebuild(v))
            .catch(() => {
              // The next request tries again; meanwhile the previous body keeps being served.
            })
            .finally(() => {
              this.scheduled = undefined;
              resolve();
            });
        }, this.rebuildDelayMs).unref();
      });
    }
    return current;
  }

  /** Waits for a scheduled or running background rebuild (tests, benchmarks). */
  async settled(): Promise<void> {
    await this.scheduled;
    await this.pending?.catch(() => undefined);
  }

  private rebuild(version: string): Promise<LocationListBody> {
    this.pending ??= this.build(version).finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async build(version: string): Promise<LocationListBody> {
    const started = performance.now();
    const raw = await this.make(this.db);
    const body = new LocationListBody(
      version,
      raw,
      Math.round(performance.now() - started),
      Date.now(),
    );
    if (!this.current || BigInt(version) >= BigInt(this.current.version)) {
      this.current = body;
      this.onBuilt(body);
    }
    // Browsers ask for brotli first: have it ready before the first of them waits for it.
    void body.br().catch(() => undefined);
    return body;
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
