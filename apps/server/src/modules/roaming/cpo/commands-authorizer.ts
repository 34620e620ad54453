import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { roamingCommands, roamingPartners } from '../../../db/schema/index.js';
import type { CentralSystem, IdTagInfo } from '../../ocpp/central.js';

/** How long after a START_SESSION its idTag is accepted at that charger. */
export const START_AUTHORIZED_MS = 15 * 60_000;

/**
 * The eMSP authorized its driver by sending START_SESSION: the token's uid (our RemoteStart's
 * idTag) is Accepted at that charge point while the command is live (being sent, or accepted by
 * the charger, within {@link START_AUTHORIZED_MS}), whatever the token's type or whitelist.
 * Asked after our own drivers' tags and before the copies of partners' RFID cards.
 */
export async function startCommandIdTagInfo(
  db: Db,
  idTag: string,
  chargePointId: string,
): Promise<IdTagInfo | null> {
  if (idTag.length > 20) return null;
  const [row] = await db
    .select({ id: roamingCommands.id })
    .from(roamingCommands)
    .innerJoin(roamingPartners, eq(roamingPartners.id, roamingCommands.partnerId))
    .where(
      and(
        eq(roamingCommands.command, 'START_SESSION'),
        eq(roamingCommands.chargePointId, chargePointId),
        eq(roamingCommands.idTagKey, idTag.toUpperCase()),
        or(isNull(roamingCommands.result), inArray(roamingCommands.result, ['ACCEPTED'])),
        gt(roamingCommands.createdAt, new Date(Date.now() - START_AUTHORIZED_MS)),
        eq(roamingPartners.status, 'REGISTERED'),
      ),
    )
    .limit(1);
  return row ? { status: 'Accepted' } : null;
}

/** Wraps the central system's authorizer (see token-authorizer.ts for the order). */
export function registerStartCommandAuthorizer(central: CentralSystem, db: Db): void {
  const previous = central.authorizer;
  central.authorizer = async (idTag, chargePointId) =>
    (previous ? await previous(idTag, chargePointId) : null) ??
    startCommandIdTagInfo(db, idTag, chargePointId);
}
