import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { ocpiStatusClass } from '@voltpark/contract/ocpi/envelope';
import type { CdrToken } from '@voltpark/contract/ocpi/cdrs';
import type { Db } from '../../../db/client.js';
import { roamingPartners } from '../../../db/schema/index.js';
import { ocpiCall, type OcpiClientDeps } from '../client.js';
import type { OcpiParty } from '../model/ids.js';
import { partnerEndpoints } from '../partners.js';
import {
  claimDuePushes,
  pushDelivered,
  pushDropped,
  pushFailed,
  type ClaimedPush,
} from '../push-outbox.js';
import { cdrOfSession, completeStoppedSessions } from './cdrs-store.js';
import { ocpiSession } from './sessions-object.js';
import { sessionRow, syncSessionEnergy } from './sessions-store.js';
import { startBackgroundLoop, type BackgroundLoop } from '../../../core/background-loop.js';

const BATCH = 20;

export interface PushDeps {
  db: Db;
  client: OcpiClientDeps;
  party: OcpiParty;
  log?: FastifyBaseLogger;
}

type Outcome = { ok: true } | { ok: false; drop: boolean; error: string };

async function send(deps: PushDeps, p: ClaimedPush): Promise<Outcome> {
  const [partner] = await deps.db
    .select()
    .from(roamingPartners)
    .where(eq(roamingPartners.id, p.partnerId));
  if (!partner || partner.status !== 'REGISTERED' || !partner.theirToken)
    return { ok: false, drop: true, error: 'the partner is no longer registered' };
  const module = p.kind === 'SESSION' ? 'sessions' : 'cdrs';
  const endpoint = partnerEndpoints(partner).find(
    (e) => e.identifier === module && e.role === 'RECEIVER',
  );
  if (!endpoint)
    return { ok: false, drop: true, error: `the partner has no ${module} RECEIVER endpoint` };
  const session = await sessionRow(deps.db, p.sessionPk);
  if (!session) return { ok: false, drop: true, error: 'the session is gone' };
  const token = session.cdrToken as CdrToken;
  const base = endpoint.url.replace(/\/+$/, '');
  const { countryCode, partyId } = deps.party;
  let request: { method: 'PUT' | 'POST'; url: string; body: unknown };
  if (p.kind === 'SESSION') {
    const body = ocpiSession(deps.party, session);
    request = { method: 'PUT', url: `${base}/${countryCode}/${partyId}/${body.id}`, body };
  } else {
    const cdr = await cdrOfSession(deps.db, p.sessionPk);
    if (!cdr) return { ok: false, drop: true, error: 'the CDR is gone' };
    request = { method: 'POST', url: base, body: cdr };
  }
  try {
    const answer = await ocpiCall(deps.client, {
      partnerId: partner.id,
      ...request,
      token: partner.theirToken,
      module,
      routing: {
        from: deps.party,
        to: { countryCode: token.country_code, partyId: token.party_id },
      },
    });
    const ok =
      answer.httpStatus >= 200 &&
      answer.httpStatus < 300 &&
      ocpiStatusClass(answer.envelope.status_code) === 'success';
    return ok
      ? { ok: true }
      : {
          ok: false,
          drop: false,
          error: `HTTP ${answer.httpStatus}, OCPI ${answer.envelope.status_code}`,
        };
  } catch (err) {
    return { ok: false, drop: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * One delivery round: sessions whose transaction stopped without their end being recorded are
 * completed first (their CDR queued), active sessions take their transactions' meter values,
 * then due pushes are claimed and sent, each at most once at a time over all replicas.
 */
export async function runPushRound(deps: PushDeps): Promise<{ delivered: number; failed: number }> {
  await completeStoppedSessions(deps.db, deps.party);
  await syncSessionEnergy(deps.db);
  const claimed = await claimDuePushes(deps.db, BATCH);
  const out = { delivered: 0, failed: 0 };
  await Promise.all(
    claimed.map(async (p) => {
      const r = await send(deps, p);
      if (r.ok) {
        out.delivered++;
        await pushDelivered(deps.db, p);
        return;
      }
      out.failed++;
      deps.log?.warn({ pushId: p.id, kind: p.kind, error: r.error }, 'OCPI push not delivered');
      if (r.drop) await pushDropped(deps.db, p, r.error);
      else await pushFailed(deps.db, p, r.error);
    }),
  );
  return out;
}

/**
 * Runs push rounds every `intervalMs` and whenever woken (a session just changed); one round at
 * a time per process. `stop` waits for a round under way.
 */
export function startPushLoop(
  round: () => Promise<unknown>,
  log: FastifyBaseLogger,
  intervalMs = 2000,
): BackgroundLoop {
  return startBackgroundLoop(round, { log, what: 'OCPI push round', intervalMs });
}
