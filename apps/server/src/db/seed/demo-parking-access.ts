import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  locations,
  parkingLotAdmins,
  parkingLots,
  parkingPermits,
  users,
} from '../schema/index.js';
import { hashPassword } from '../../modules/auth/passwords.js';

/**
 * Sandbox only: the demo lot admin, a registered driver who administers the parking lot of
 * DEMO_ADMIN_LOT (gate buttons on its lot view). The address is on the reserved `.example`
 * domain, so no mail reaches anyone; the password is public (README), which is why the
 * production server never seeds it.
 */
export const DEMO_LOT_ADMIN = {
  email: 'parkolo-admin@voltpark.example',
  password: 'Voltpark2026',
} as const;
export const DEMO_ADMIN_LOT = 'Szépvölgyi Business Park';

/**
 * Permit plates of every demo lot that asks for permits: valid ones without end and for this
 * year, an expired one and one not yet started (the plate check answers false for those two).
 */
const demoPermits = [
  { plate: 'PRM001', validFrom: null, validTo: null },
  { plate: 'PRM002', validFrom: null, validTo: null },
  { plate: 'AABB123', validFrom: '2026-01-01', validTo: '2026-12-31' },
  { plate: 'OLD001', validFrom: '2025-01-01', validTo: '2025-12-31' },
  { plate: 'NEW001', validFrom: '2030-01-01', validTo: null },
];

export async function seedDemoPermits(db: Db): Promise<void> {
  const lots = await db
    .select({ id: parkingLots.id })
    .from(parkingLots)
    .where(eq(parkingLots.hasPermits, true));
  if (lots.length === 0) return;
  await db
    .insert(parkingPermits)
    .values(lots.flatMap((lot) => demoPermits.map((p) => ({ parkingLotId: lot.id, ...p }))))
    .onConflictDoNothing();
}

/** Creates the sandbox demo lot admin (see DEMO_LOT_ADMIN) unless the e-mail is taken. */
export async function seedDemoLotAdmin(db: Db): Promise<void> {
  const [lot] = await db
    .select({ id: parkingLots.id })
    .from(parkingLots)
    .innerJoin(locations, eq(locations.id, parkingLots.locationId))
    .where(and(eq(locations.name, DEMO_ADMIN_LOT), eq(parkingLots.active, true)));
  if (!lot) return;
  const [user] = await db
    .insert(users)
    .values({
      email: DEMO_LOT_ADMIN.email,
      phone: '+36 30 555 0100',
      passwordHash: await hashPassword(DEMO_LOT_ADMIN.password),
      firstName: 'Parkoló',
      lastName: 'Admin',
      activatedAt: new Date(),
      carAdditionSkipped: true,
      cardAdditionSkipped: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) return;
  await db
    .insert(parkingLotAdmins)
    .values({ parkingLotId: lot.id, userId: user.id })
    .onConflictDoNothing();
}
