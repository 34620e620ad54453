import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxEmspObjects, type SandboxEmspObjectKind } from '../../db/schema/index.js';

/** An object the platform pushed, named by its kind, the CPO's party and its id. */
export interface ObjectKey {
  kind: SandboxEmspObjectKind;
  countryCode: string;
  partyId: string;
  id: string;
}

const where = (k: ObjectKey) => {
  const t = sandboxEmspObjects;
  return and(
    eq(t.kind, k.kind),
    eq(t.countryCode, k.countryCode.toUpperCase()),
    eq(t.partyId, k.partyId.toUpperCase()),
    eq(t.id, k.id),
  );
};

export async function getObject<T>(db: Db, k: ObjectKey): Promise<T | null> {
  const [row] = await db.select().from(sandboxEmspObjects).where(where(k));
  return row ? (row.object as T) : null;
}

/** Stores the object as it is now (a PUT, or a PATCH already applied to it). */
export async function putObject(
  db: Db,
  k: ObjectKey,
  object: { last_updated: string },
): Promise<void> {
  const row = {
    kind: k.kind,
    countryCode: k.countryCode.toUpperCase(),
    partyId: k.partyId.toUpperCase(),
    id: k.id,
    object,
    lastUpdated: new Date(object.last_updated),
  };
  await db
    .insert(sandboxEmspObjects)
    .values(row)
    .onConflictDoUpdate({
      target: [
        sandboxEmspObjects.kind,
        sandboxEmspObjects.countryCode,
        sandboxEmspObjects.partyId,
        sandboxEmspObjects.id,
      ],
      set: { object: row.object, lastUpdated: row.lastUpdated },
    });
}

export async function deleteObject(db: Db, k: ObjectKey): Promise<boolean> {
  const gone = await db
    .delete(sandboxEmspObjects)
    .where(where(k))
    .returning({ id: sandboxEmspObjects.id });
  return gone.length > 0;
}

/** Every object of a kind the emulator holds, by party and id. */
export async function listObjects<T>(db: Db, kind: SandboxEmspObjectKind): Promise<T[]> {
  const t = sandboxEmspObjects;
  const rows = await db
    .select()
    .from(t)
    .where(eq(t.kind, kind))
    .orderBy(asc(t.countryCode), asc(t.partyId), asc(t.id));
  return rows.map((r) => r.object as T);
}
