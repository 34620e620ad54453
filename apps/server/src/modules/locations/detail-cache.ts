import type { Lang, LocationDetail } from '@voltpark/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ok } from '../../core/envelope.js';
import { LocationListBody } from './list-cache.js';
import { getLocationDetail, type DetailOptions } from './repository.js';

/**
 * The location details (SPEC §7 location, location-charger-poi), kept per location and language
 * while the location data version is unchanged: the open panels of every driver re-ask them
 * (SPEC §9: every 15 s), and one detail costs seven queries while the version is one.
 *
 * The `location_data_version` sequence advances on every write to locations, charge points,
 * chargers (status included), shops and parking lots, on any replica (drizzle/0002), so a
 * charger's new status is in the next answer. Tariffs, traits, shop categories and gates have
 * no trigger (operators change them rarely): an entry is also rebuilt when older than
 * MAX_AGE_MS (decision 0014).
 *
 * What is kept is the answer itself — the envelope's JSON, with its ETag and its compressed
 * bytes made once — for each of the two calls that carry the details.
 */
export const MAX_AGE_MS = 15_000;
const MAX_ENTRIES = 20_000;

/** The two calls that answer with a location's details, and their envelopes. */
const envelopes = {
  location: (detail: LocationDetail, _pictureBase: string) => ok(detail),
  locationChargerPoi: (detail: LocationDetail, pictureBase: string) =>
    ok({ location: detail, pictureBase }),
};
export type DetailCall = keyof typeof envelopes;

interface Entry {
  version: string;
  builtAt: number;
  body: Promise<LocationListBody>;
}

export class LocationDetailCache {
  private readonly entries = new Map<string, Entry>();
  private versionRead: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly pictureBase: string,
    private readonly options: DetailOptions = { roamingFeePercent: 0 },
  ) {}

  /**
   * The current data version. Requests arriving while a read is out share it: that read is
   * concurrent with them, so its answer is as current as one of their own would be.
   */
  private version(): Promise<string> {
    this.versionRead ??= (async () => {
      try {
        const result = (await this.db.execute(
          sql`select last_value::text as v, is_called from location_data_version`,
        )) as unknown as { rows: { v: string; is_called: boolean }[] };
        const row = result.rows[0];
        return row && row.is_called ? row.v : '0';
      } finally {
        this.versionRead = undefined;
      }
    })();
    return this.versionRead;
  }

  async get(call: DetailCall, id: number, lang: Lang): Promise<LocationListBody> {
    const version = await this.version();
    const key = `${call}:${id}:${lang}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && now - hit.builtAt < MAX_AGE_MS) return hit.body;
    const body = getLocationDetail(this.db, id, lang, this.options).then(
      (detail) =>
        new LocationListBody(
          version,
          Buffer.from(JSON.stringify(envelopes[call](detail, this.pictureBase))),
          0,
          now,
        ),
    );
    const entry: Entry = { version, builtAt: now, body };
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
    // A failed build (e.g. an unknown location: 404) is not kept.
    body.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return body;
  }
}
