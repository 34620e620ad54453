import type { CommandResult } from '@voltpark/contract/ocpi/commands';
import { ocpiCall } from '../client.js';
import type { CommandDeps } from './commands-deps.js';
import {
  claimDuePosts,
  markPosted,
  markPostFailed,
  type CommandRow,
  type PostClaim,
} from './commands-store.js';

/** First retry after this long, doubling up to {@link RETRY_MAX_MS}. */
export const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 3_600_000;
/** After this many failed posts (about a day with the doubling) the result is given up. */
export const MAX_POST_ATTEMPTS = 30;

/** The CommandResult of a finished command, as the partner's response_url receives it. */
export function commandResultOf(row: CommandRow): CommandResult {
  const result: CommandResult = { result: row.result! };
  if (row.resultMessage) result.message = [{ language: 'en', text: row.resultMessage }];
  return result;
}

/**
 * Posts every due CommandResult (claimed, so replicas and the request's own follow-up never
 * post one twice): delivered when the partner answers HTTP 2xx with an OCPI success; otherwise
 * tried again later with a doubling delay.
 */
export async function postDueResults(deps: CommandDeps): Promise<number> {
  // The lease outlasts the call (its timeout) so no one else takes the post meanwhile.
  const claims = await claimDuePosts(deps.db, deps.client.timeoutMs + 30_000);
  await Promise.all(claims.map((c) => postOne(deps, c)));
  return claims.length;
}

async function postOne(deps: CommandDeps, { row, partner }: PostClaim): Promise<void> {
  if (partner.status !== 'REGISTERED' || !partner.theirToken) {
    await markPostFailed(deps.db, row.id, 'the partner is no longer registered', null);
    return;
  }
  const retry = (attempts: number) =>
    attempts >= MAX_POST_ATTEMPTS
      ? null
      : Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  try {
    const answer = await ocpiCall(deps.client, {
      partnerId: partner.id,
      method: 'POST',
      url: row.responseUrl,
      token: partner.theirToken,
      module: 'commands',
      body: commandResultOf(row),
      routing: {
        from: {
          countryCode: deps.config.roaming.countryCode,
          partyId: deps.config.roaming.partyId,
        },
        to: { countryCode: partner.countryCode, partyId: partner.partyId },
      },
    });
    const code = answer.envelope.status_code;
    if (answer.httpStatus >= 200 && answer.httpStatus < 300 && code >= 1000 && code < 2000) {
      await markPosted(deps.db, row.id);
      return;
    }
    await markPostFailed(
      deps.db,
      row.id,
      `HTTP ${answer.httpStatus}, OCPI ${code}`,
      retry(row.postAttempts),
    );
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    await markPostFailed(deps.db, row.id, why, retry(row.postAttempts));
  }
}
