import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { location as locationSchema, type Location } from '@voltpark/contract/ocpi/locations';
import { tariff as tariffSchema, type Tariff } from '@voltpark/contract/ocpi/tariffs';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { roamingPartners } from '../../../db/schema/index.js';
import type { OcpiClientDeps } from '../client.js';
import { partnerEndpoints, type PartnerRow } from '../partners.js';
import { pullList, type ListPullResult } from './list-pager.js';
import { sweepLocations, upsertLocations } from './location-store.js';
import { isPartnerCpoParty } from './partner-parties.js';
import { dbNow, renewClaim, type PullFinish, type PullRow } from './pull-schedule.js';
import { sweepTariffs, upsertTariffs } from './tariff-store.js';

/** A full pull (no date_from; what is not listed is deleted) at least this often. */
export const FULL_PULL_HOURS = 24;

export interface PullDeps {
  db: Db;
  config: Config;
  fetch?: typeof fetch;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** True once this process is stopping: the pull ends after the page it is on. */
  stopping?: () => boolean;
}

/** How long a claim holds without a page (renewed on each): a few call timeouts. */
export const leaseSeconds = (config: Config) =>
  Math.max(120, Math.ceil((config.roaming.timeoutMs / 1000) * 3));

/** The partner's Sender endpoint of a module, from its version details as stored. */
function senderUrl(partner: PartnerRow, module: 'locations' | 'tariffs'): string | null {
  return (
    partnerEndpoints(partner).find((e) => e.identifier === module && e.role === 'SENDER')?.url ??
    null
  );
}

/**
 * Pulls a CPO partner's Locations and Tariffs (its Sender interfaces) for a claimed schedule
 * row: since the last complete pull of each (date_from), or everything when there was none or
 * the last full pull is older than FULL_PULL_HOURS. A complete full pull with only valid objects
 * then deletes what the partner no longer lists; anything less never deletes.
 */
export async function pullClaimedPartner(
  deps: PullDeps,
  row: PullRow,
  claimId: string,
): Promise<PullFinish & { stopped: boolean }> {
  const [partner] = await deps.db
    .select()
    .from(roamingPartners)
    .where(eq(roamingPartners.id, row.partnerId));
  if (!partner || partner.status !== 'REGISTERED' || partner.role !== 'CPO' || !partner.theirToken)
    return { ok: false, error: 'not a registered CPO partner', stopped: false };
  const token = partner.theirToken;
  const start = await dbNow(deps.db);
  const fullDue =
    !row.lastFullPullAt ||
    start.getTime() - row.lastFullPullAt.getTime() > FULL_PULL_HOURS * 3600e3;
  const client: OcpiClientDeps = {
    db: deps.db,
    timeoutMs: deps.config.roaming.timeoutMs,
    fetch: deps.fetch,
    onLogError: (err) => deps.log.error({ err }, 'an outgoing OCPI call could not be logged'),
  };
  const correlationId = randomUUID();
  const routing = {
    from: { countryCode: deps.config.roaming.countryCode, partyId: deps.config.roaming.partyId },
    to: { countryCode: partner.countryCode, partyId: partner.partyId },
  };
  const lease = leaseSeconds(deps.config);
  let stopped = false;
  const keepGoing = async () => {
    if (deps.stopping?.()) {
      stopped = true;
      return false;
    }
    return renewClaim(deps.db, partner.id, claimId, lease);
  };
  const ours = (cc: string, pty: string) => isPartnerCpoParty(partner, cc, pty);

  const finish: PullFinish = { ok: true, error: null };
  const problems: string[] = [];
  let allFull = fullDue;

  const run = async <T>(
    module: 'locations' | 'tariffs',
    since: Date | null,
    parse: (raw: unknown) => T | null,
    store: (items: T[]) => Promise<boolean>,
    sweep: () => Promise<number>,
  ): Promise<boolean> => {
    const url = senderUrl(partner, module);
    if (!url) return true;
    const full = fullDue || !since;
    if (!full) allFull = false;
    const r: ListPullResult = await pullList<T>({
      client,
      partnerId: partner.id,
      token,
      module,
      url,
      ...(full ? {} : { dateFrom: since! }),
      routing,
      correlationId,
      parse,
      onPage: async (items) => (await keepGoing()) && (await store(items)),
    });
    let swept = 0;
    if (r.complete && full && r.skipped === 0) swept = await sweep();
    const what = `${module} of ${partner.countryCode}/${partner.partyId}`;
    if (r.complete) {
      deps.log.info(
        { partnerId: partner.id, full, received: r.received, skipped: r.skipped, swept },
        `pulled the ${what}`,
      );
    } else {
      problems.push(`${module}: ${r.problem ?? 'incomplete'}`);
      deps.log.warn(
        { partnerId: partner.id, received: r.received, problem: r.problem },
        `the pull of the ${what} stopped; the data held is kept`,
      );
    }
    if (r.skipped > 0) problems.push(`${module}: ${r.skipped} invalid or foreign objects skipped`);
    return r.complete;
  };

  const locationsOk = await run<Location>(
    'locations',
    row.locationsSince,
    (raw) => {
      const p = locationSchema.safeParse(raw);
      return p.success && ours(p.data.country_code, p.data.party_id) ? p.data : null;
    },
    (items) => upsertLocations(deps.db, partner.id, items),
    () => sweepLocations(deps.db, partner.id, start),
  );
  if (locationsOk) finish.locationsSince = start;
  const tariffsOk =
    !stopped &&
    (await run<Tariff>(
      'tariffs',
      row.tariffsSince,
      (raw) => {
        const p = tariffSchema.safeParse(raw);
        return p.success && ours(p.data.country_code, p.data.party_id) ? p.data : null;
      },
      (items) => upsertTariffs(deps.db, partner.id, items),
      () => sweepTariffs(deps.db, partner.id, start),
    ));
  if (tariffsOk) finish.tariffsSince = start;
  const offered = !!senderUrl(partner, 'locations') || !!senderUrl(partner, 'tariffs');
  if (!offered) problems.push('the partner offers no Locations or Tariffs Sender interface');
  // Skipped objects are reported (lastError) but do not make the pull a failure.
  finish.ok = locationsOk && tariffsOk && offered;
  finish.error = problems.length ? problems.join('; ').slice(0, 2000) : null;
  if (locationsOk && tariffsOk && allFull) finish.fullPullAt = start;
  return { ...finish, stopped };
}
