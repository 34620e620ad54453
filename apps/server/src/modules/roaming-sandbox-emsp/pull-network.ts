import { location as locationSchema } from '@voltpark/contract/ocpi/locations';
import { tariff as tariffSchema } from '@voltpark/contract/ocpi/tariffs';
import { peerCall, successData } from '../roaming-sandbox/client.js';
import type { EmspEmulatorContext } from './context.js';
import { VOLTDRIVE } from './party.js';
import { platformEndpoint, type PlatformRow } from './platform-row.js';
import { putObject } from './store.js';

const MAX_PAGES = 200;

/**
 * After the registration the emulated eMSP reads the platform's Locations and Tariffs Senders
 * once (every page, following the Link headers), so it holds the whole network before the
 * first push; later changes come as pushes. Objects that are not valid OCPI are skipped.
 * Returns how many objects it stored.
 */
export async function pullPlatformNetwork(
  ctx: EmspEmulatorContext,
  platform: PlatformRow,
): Promise<number> {
  if (!platform.theirToken) return 0;
  const { countryCode, partyId } = ctx.config.ocpiParty;
  let stored = 0;
  for (const [module, kind, schema] of [
    ['locations', 'LOCATION', locationSchema],
    ['tariffs', 'TARIFF', tariffSchema],
  ] as const) {
    let url = platformEndpoint(platform, module, 'SENDER');
    for (let page = 0; url && page < MAX_PAGES; page++) {
      const answer = await peerCall(
        {
          method: 'GET',
          url,
          token: platform.theirToken,
          routing: { from: [VOLTDRIVE.countryCode, VOLTDRIVE.partyId], to: [countryCode, partyId] },
        },
        ctx.config.roaming.timeoutMs,
      );
      const items = successData(answer, `the ${module} list`);
      for (const item of Array.isArray(items) ? items : []) {
        const parsed = schema.safeParse(item);
        if (!parsed.success) continue;
        const o = parsed.data;
        await putObject(
          ctx.db,
          { kind, countryCode: o.country_code, partyId: o.party_id, id: o.id },
          o,
        );
        stored++;
      }
      url = /<([^>]+)>;\s*rel="next"/.exec(answer.headers.get('link') ?? '')?.[1] ?? null;
    }
  }
  return stored;
}
