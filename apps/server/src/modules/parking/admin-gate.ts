import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gates, parkingAdminGateOpens, parkingLots } from '../../db/schema/index.js';
import { ApiError, notFound } from '../../core/errors.js';
import { GateError } from '../gates/errors.js';
import type { GatesService } from '../gates/service.js';
import { isLotAdmin } from './lot-admins.js';

export type AdminGateDirection = 'in' | 'out';

export interface AdminGateOpenResult {
  opened: boolean;
  /** Why it did not open (its messageKey is the translated message), or null. */
  error: GateError | null;
  gateId: number | null;
}

/**
 * The gate a lot's admin opens for a direction: the lot's enabled gates of that direction (an
 * IN or OUT gate before a BOTH one, then by id), preferring one that can take a command now
 * (online, sensor ok, nothing pending). Null when the lot has none.
 */
async function pickGate(
  db: Db,
  gatesService: GatesService,
  lotId: number,
  direction: AdminGateDirection,
): Promise<number | null> {
  const own = direction === 'in' ? 'IN' : 'OUT';
  const rows = await db
    .select({
      id: gates.id,
      direction: gates.direction,
      online: gates.online,
      sensor: gates.sensor,
    })
    .from(gates)
    .where(
      and(
        eq(gates.parkingLotId, lotId),
        eq(gates.enabled, true),
        inArray(gates.direction, [own, 'BOTH']),
      ),
    )
    .orderBy(asc(gates.id));
  const ordered = [
    ...rows.filter((g) => g.direction === own),
    ...rows.filter((g) => g.direction === 'BOTH'),
  ];
  for (const g of ordered) {
    if (g.online && g.sensor === 'ok' && !(await gatesService.pendingRequest(g.id))) return g.id;
  }
  return ordered[0]?.id ?? null;
}

/**
 * A parking-lot admin opens the lot's in or out gate (SPEC §6, §7 parkingGateOpen). Only the
 * lot's admins may (403 parking.notAdmin, nothing opens, nothing logged); no car is needed
 * (decision 0016: subject `admin:{userId}`). Every admin open is logged with who, when, which
 * gate and its result; an offline gate, a faulty sensor or a missing ack opens nothing and
 * answers the gate's error.
 */
export async function openGateAsAdmin(
  db: Db,
  gatesService: GatesService,
  input: { lotId: number; direction: AdminGateDirection; userId: number },
): Promise<AdminGateOpenResult> {
  const [lot] = await db
    .select({ id: parkingLots.id })
    .from(parkingLots)
    .where(and(eq(parkingLots.id, input.lotId), eq(parkingLots.active, true)));
  if (!lot) throw notFound('parking.notFound');
  if (!(await isLotAdmin(db, input.lotId, input.userId)))
    throw new ApiError(403, 'parking.notAdmin', { responseCode: 'NOT_PARKING_LOT_ADMIN' });

  const requestedAt = new Date();
  const gateId = await pickGate(db, gatesService, input.lotId, input.direction);
  let result: AdminGateOpenResult;
  let gateRequestId: string | null = null;
  if (gateId === null) {
    result = { opened: false, error: new GateError('GATE_NOT_FOUND', 0), gateId: null };
  } else {
    try {
      const sent = await gatesService.openGate(gateId, `admin:${input.userId}`, {
        subject: `admin:${input.userId}`,
        requireCar: false,
      });
      gateRequestId = sent.requestId;
      result = { opened: true, error: null, gateId };
    } catch (err) {
      if (!(err instanceof GateError)) {
        // Not a gate's answer (e.g. the database): logged as not opened, then a 500.
        await logOpen(db, input, requestedAt, gateId, false, 'ERROR', null).catch(() => {});
        throw err;
      }
      result = { opened: false, error: err, gateId };
    }
  }
  await logOpen(
    db,
    input,
    requestedAt,
    result.gateId,
    result.opened,
    result.error?.code ?? null,
    gateRequestId,
  );
  return result;
}

async function logOpen(
  db: Db,
  input: { lotId: number; direction: AdminGateDirection; userId: number },
  requestedAt: Date,
  gateId: number | null,
  opened: boolean,
  errorCode: string | null,
  gateRequestId: string | null,
) {
  await db.insert(parkingAdminGateOpens).values({
    parkingLotId: input.lotId,
    userId: input.userId,
    direction: input.direction,
    gateId,
    requestedAt,
    opened,
    errorCode,
    gateRequestId,
  });
}
