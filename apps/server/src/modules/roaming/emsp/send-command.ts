import { commandResponse, type CommandType } from '@voltpark/contract/ocpi/commands';
import type { Config } from '../../../config.js';
import { ocpiCall, OcpiUnreachableError, type OcpiClientDeps } from '../client.js';
import { partnerEndpoints, type PartnerRow } from '../partners.js';

/** What the partner's Commands Receiver answered, or that it could not be asked. */
export type CommandAnswer =
  | { ok: true; accepted: true; timeoutS: number }
  | { ok: true; accepted: false; result: string; message: string | null }
  | { ok: false; message: string };

/** Our own Commands Receiver address for the result of one command (opaque key). */
export const responseUrl = (config: Config, type: CommandType, key: string) =>
  `${config.publicUrl}/ocpi/2.2.1/emsp/commands/${type}/${key}`;

/** POST {partner's commands Receiver}/{type}: the CommandResponse as we understood it. */
export async function sendCommand(
  client: OcpiClientDeps,
  config: Config,
  partner: PartnerRow,
  type: CommandType,
  body: Record<string, unknown>,
): Promise<CommandAnswer> {
  const base = partnerEndpoints(partner).find(
    (e) => e.identifier === 'commands' && e.role === 'RECEIVER',
  )?.url;
  if (!base || !partner.theirToken)
    return { ok: false, message: 'the partner has no Commands Receiver' };
  try {
    const answer = await ocpiCall(client, {
      partnerId: partner.id,
      method: 'POST',
      url: `${base.replace(/\/$/, '')}/${type}`,
      token: partner.theirToken,
      module: 'commands',
      body,
      routing: {
        from: { countryCode: config.roaming.countryCode, partyId: config.roaming.partyId },
        to: { countryCode: partner.countryCode, partyId: partner.partyId },
      },
    });
    const parsed = commandResponse.safeParse(answer.envelope.data);
    if (answer.envelope.status_code !== 1000 || !parsed.success)
      return {
        ok: true,
        accepted: false,
        result: 'REJECTED',
        message: answer.envelope.status_message ?? `OCPI status ${answer.envelope.status_code}`,
      };
    const r = parsed.data;
    if (r.result !== 'ACCEPTED')
      return {
        ok: true,
        accepted: false,
        result: r.result,
        message: r.message?.map((m) => m.text).join(' ') || r.result,
      };
    return { ok: true, accepted: true, timeoutS: r.timeout };
  } catch (err) {
    if (err instanceof OcpiUnreachableError) return { ok: false, message: err.message };
    throw err;
  }
}
