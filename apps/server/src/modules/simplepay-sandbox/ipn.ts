import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signMessage, verifySignature } from '../payments/simplepay/signature.js';
import type { SandboxMerchant } from './merchants.js';
import { startBackgroundLoop, type BackgroundLoop } from '../../core/background-loop.js';

/**
 * Seconds to wait after the n-th failed attempt (the first attempt is immediate). Like
 * SimplePay, delivery goes on for days; after the last step the message is given up.
 */
export const IPN_RETRY_SCHEDULE_SECONDS = [
  10,
  30,
  60,
  5 * 60,
  15 * 60,
  30 * 60,
  60 * 60,
  2 * 3600,
  4 * 3600,
  8 * 3600,
  12 * 3600,
  24 * 3600,
  24 * 3600,
  24 * 3600,
  24 * 3600,
] as const;
/** A claimed message is leased this long, so a crash mid-delivery lets another round retry it. */
const LEASE_SECONDS = 120;
const BATCH = 20;
const ATTEMPT_TIMEOUT_MS = 10_000;

interface ClaimedIpn {
  id: number;
  merchant: string;
  url: string;
  body: string;
  attempts: number;
}

export interface IpnRoundResult {
  delivered: number;
  failed: number;
}

/**
 * Is this the confirmation SimplePay expects? HTTP 200, signed with the merchant's secret over
 * the raw reply, echoing orderRef and transactionId, with a receiveDate.
 */
export function checkIpnReply(
  secretKey: string,
  sentBody: string,
  status: number,
  replyText: string,
  signature: string | null,
): string | null {
  if (status !== 200) return `HTTP ${status}`;
  if (!verifySignature(secretKey, replyText, signature)) return 'reply not signed correctly';
  let reply: Record<string, unknown>;
  try {
    reply = JSON.parse(replyText) as Record<string, unknown>;
  } catch {
    return 'reply is not JSON';
  }
  if (typeof reply !== 'object' || reply === null) return 'reply is not a JSON object';
  const sent = JSON.parse(sentBody) as Record<string, unknown>;
  if (reply.orderRef !== sent.orderRef) return 'reply does not echo orderRef';
  if (Number(reply.transactionId) !== Number(sent.transactionId)) {
    return 'reply does not echo transactionId';
  }
  if (typeof reply.receiveDate !== 'string' || reply.receiveDate === '') {
    return 'reply has no receiveDate';
  }
  return null;
}

/**
 * One delivery round: claims due messages (FOR UPDATE SKIP LOCKED, so replicas and overlapping
 * rounds never take the same row), POSTs each, and records success or the next attempt time.
 */
export async function runIpnDeliveryRound(
  db: Db,
  merchants: ReadonlyMap<string, SandboxMerchant>,
  log?: FastifyBaseLogger,
  doFetch: typeof fetch = fetch,
): Promise<IpnRoundResult> {
  const result = await db.execute(sql`
    update sandbox_sp_ipn_queue
    set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
    where id in (
      select id from sandbox_sp_ipn_queue
      where delivered_at is null and failed_at is null and next_attempt_at <= now()
      order by id limit ${BATCH} for update skip locked)
    returning id, merchant, url, body, attempts`);
  const rows = (result as unknown as { rows: ClaimedIpn[] }).rows;
  const outcome: IpnRoundResult = { delivered: 0, failed: 0 };
  await Promise.all(
    rows.map(async (m) => {
      const merchant = merchants.get(m.merchant);
      let problem: string | null;
      if (!merchant) {
        problem = `unknown merchant ${m.merchant}`;
      } else {
        try {
          // The merchant's address now: a fixed IPN address takes effect for pending retries.
          m.url = merchant.ipnUrl;
          const res = await doFetch(m.url, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Signature: signMessage(merchant.secretKey, m.body),
            },
            body: m.body,
            signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
          });
          const text = await res.text();
          problem = checkIpnReply(
            merchant.secretKey,
            m.body,
            res.status,
            text,
            res.headers.get('signature'),
          );
        } catch (err) {
          problem = `request failed: ${(err as Error).message}`;
        }
      }
      if (problem === null) {
        outcome.delivered++;
        await db.execute(sql`
          update sandbox_sp_ipn_queue set delivered_at = now(), last_error = null, url = ${m.url}
          where id = ${m.id}`);
        return;
      }
      outcome.failed++;
      log?.warn({ ipnId: m.id, url: m.url, problem }, 'sandbox SimplePay IPN not accepted');
      const wait = IPN_RETRY_SCHEDULE_SECONDS[m.attempts - 1];
      if (wait === undefined) {
        await db.execute(sql`
          update sandbox_sp_ipn_queue set failed_at = now(), last_error = ${problem}, url = ${m.url}
          where id = ${m.id}`);
      } else {
        await db.execute(sql`
          update sandbox_sp_ipn_queue set last_error = ${problem.slice(0, 500)}, url = ${m.url},
          next_attempt_at = now() + make_interval(secs => ${wait}) where id = ${m.id}`);
      }
    }),
  );
  return outcome;
}

/**
 * Runs delivery rounds every `intervalMs` and whenever woken (a payment just queued an IPN).
 * `stop` waits for a round in progress.
 */
export function startIpnDelivery(
  round: () => Promise<unknown>,
  log: FastifyBaseLogger,
  intervalMs = 2000,
): BackgroundLoop {
  return startBackgroundLoop(round, { log, what: 'sandbox SimplePay IPN round', intervalMs });
}
