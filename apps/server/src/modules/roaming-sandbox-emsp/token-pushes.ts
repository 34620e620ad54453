import { peerCall, successData } from '../roaming-sandbox/client.js';
import type { EmspEmulatorContext } from './context.js';
import { VOLTDRIVE, VOLTDRIVE_TOKENS } from './party.js';
import { platformEndpoint, type PlatformRow } from './platform-row.js';

/**
 * The emulated eMSP as Tokens Sender: its drivers' cards PUT to the platform's Tokens Receiver
 * (when it announced one), so our chargers know them (whitelist ALWAYS).
 */
export async function sendDriverTokens(
  ctx: EmspEmulatorContext,
  platform: PlatformRow,
): Promise<number> {
  const base = platformEndpoint(platform, 'tokens', 'RECEIVER');
  if (!base || !platform.theirToken) return 0;
  const { countryCode, partyId } = ctx.config.roaming;
  for (const t of VOLTDRIVE_TOKENS) {
    const answer = await peerCall(
      {
        method: 'PUT',
        url: `${base}/${t.country_code}/${t.party_id}/${encodeURIComponent(t.uid)}?type=${t.type}`,
        token: platform.theirToken,
        body: t,
        routing: { from: [VOLTDRIVE.countryCode, VOLTDRIVE.partyId], to: [countryCode, partyId] },
      },
      ctx.config.roaming.timeoutMs,
    );
    successData(answer, `the token ${t.uid} PUT`);
  }
  return VOLTDRIVE_TOKENS.length;
}
