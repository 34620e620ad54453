import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { CommandResponse } from '@voltpark/contract/ocpi/commands';
import type { Token } from '@voltpark/contract/ocpi/tokens';
import type { Db, DbOrTx } from '../../../db/client.js';
import { roamingCommands, roamingPartners, roamingTokens } from '../../../db/schema/index.js';

export type CommandRow = typeof roamingCommands.$inferSelect;
export type CommandResultType = NonNullable<CommandRow['result']>;

export interface NewCommand {
  partnerId: number;
  command: CommandRow['command'];
  request: unknown;
  responseUrl: string;
  response: CommandResponse;
  chargerId: number | null;
  chargePointId: string;
  connectorId: number;
  deadlineAt: Date;
  idTag?: string;
  token?: Token;
  authorizationReference?: string;
  transactionId?: number;
}

/**
 * Stores an accepted command, or finds the one this partner already sent with this
 * response_url (a replay: nothing new is stored or sent). A START_SESSION's token is copied to
 * roaming_tokens when we do not hold it yet, in the same transaction.
 */
export async function insertCommand(
  db: Db,
  c: NewCommand,
): Promise<{ row: CommandRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roamingCommands)
      .values({
        partnerId: c.partnerId,
        command: c.command,
        request: c.request,
        responseUrl: c.responseUrl,
        response: c.response,
        chargerId: c.chargerId,
        chargePointId: c.chargePointId,
        connectorId: c.connectorId,
        deadlineAt: c.deadlineAt,
        idTag: c.idTag ?? null,
        idTagKey: c.idTag?.toUpperCase() ?? null,
        tokenCountryCode: c.token?.country_code.toUpperCase() ?? null,
        tokenPartyId: c.token?.party_id.toUpperCase() ?? null,
        tokenType: c.token?.type ?? null,
        authorizationReference: c.authorizationReference ?? null,
        transactionId: c.transactionId ?? null,
      })
      .onConflictDoNothing({ target: [roamingCommands.partnerId, roamingCommands.responseUrl] })
      .returning();
    if (!row) {
      const existing = await commandByResponseUrl(tx, c.partnerId, c.responseUrl);
      if (!existing) throw new Error('command conflict without a row');
      return { row: existing, created: false };
    }
    if (c.token) {
      const t = c.token;
      await tx
        .insert(roamingTokens)
        .values({
          partnerId: c.partnerId,
          countryCode: t.country_code.toUpperCase(),
          partyId: t.party_id.toUpperCase(),
          uid: t.uid,
          uidKey: t.uid.toUpperCase(),
          type: t.type,
          contractId: t.contract_id,
          valid: t.valid,
          whitelist: t.whitelist,
          lastUpdated: new Date(t.last_updated),
          object: t,
        })
        .onConflictDoNothing();
    }
    return { row, created: true };
  });
}

export async function commandByResponseUrl(
  db: DbOrTx,
  partnerId: number,
  responseUrl: string,
): Promise<CommandRow | null> {
  const [row] = await db
    .select()
    .from(roamingCommands)
    .where(
      and(eq(roamingCommands.partnerId, partnerId), eq(roamingCommands.responseUrl, responseUrl)),
    );
  return row ?? null;
}

export async function commandById(db: Db, id: number): Promise<CommandRow | null> {
  const [row] = await db.select().from(roamingCommands).where(eq(roamingCommands.id, id));
  return row ?? null;
}

/** PENDING → SENDING: exactly one replica (or the request's own follow-up) sends the command. */
export async function claimSend(db: Db, id: number): Promise<CommandRow | null> {
  const [row] = await db
    .update(roamingCommands)
    .set({ status: 'SENDING', sentAt: new Date(), updatedAt: new Date() })
    .where(and(eq(roamingCommands.id, id), eq(roamingCommands.status, 'PENDING')))
    .returning();
  return row ?? null;
}

/**
 * The command's result is known: DONE, and its post is due now. Only from the given statuses,
 * so a late answer never overwrites a TIMEOUT already decided (or the other way round).
 */
export async function finish(
  db: Db,
  id: number,
  from: CommandRow['status'][],
  result: CommandResultType,
  message: string | null,
): Promise<boolean> {
  const rows = await db
    .update(roamingCommands)
    .set({
      status: 'DONE',
      result,
      resultMessage: message,
      nextAttemptAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(roamingCommands.id, id), inArray(roamingCommands.status, from)))
    .returning({ id: roamingCommands.id });
  return rows.length > 0;
}

/** Commands still PENDING (never claimed: e.g. the server stopped right after answering). */
export async function pendingCommands(db: Db, limit = 50): Promise<CommandRow[]> {
  return db
    .select()
    .from(roamingCommands)
    .where(eq(roamingCommands.status, 'PENDING'))
    .orderBy(roamingCommands.id)
    .limit(limit);
}

/**
 * Commands sent but never answered by the given time (the replica waiting for the charger
 * stopped): their result is TIMEOUT.
 */
export async function expireSending(db: Db, before: Date): Promise<number> {
  const rows = await db
    .update(roamingCommands)
    .set({
      status: 'DONE',
      result: 'TIMEOUT',
      resultMessage: 'the charger did not answer in time',
      nextAttemptAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(roamingCommands.status, 'SENDING'), lte(roamingCommands.deadlineAt, before)))
    .returning({ id: roamingCommands.id });
  return rows.length;
}

export interface PostClaim {
  row: CommandRow;
  partner: typeof roamingPartners.$inferSelect;
}

/**
 * Results due to be posted, claimed for `leaseMs` by moving their next attempt forward (FOR
 * UPDATE SKIP LOCKED: two replicas never take the same one; the lease is longer than a call may
 * take, so a claimed post is done or failed before anyone else may try it).
 */
export async function claimDuePosts(db: Db, leaseMs: number, limit = 20): Promise<PostClaim[]> {
  const ids = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: roamingCommands.id })
      .from(roamingCommands)
      .where(
        sql`${roamingCommands.result} is not null and ${roamingCommands.postedAt} is null
          and ${roamingCommands.postAbandonedAt} is null and ${roamingCommands.nextAttemptAt} <= now()`,
      )
      .orderBy(roamingCommands.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    await tx
      .update(roamingCommands)
      .set({
        nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        postAttempts: sql`${roamingCommands.postAttempts} + 1`,
      })
      .where(
        inArray(
          roamingCommands.id,
          due.map((d) => d.id),
        ),
      );
    return due.map((d) => d.id);
  });
  if (!ids.length) return [];
  const rows = await db
    .select({ row: roamingCommands, partner: roamingPartners })
    .from(roamingCommands)
    .innerJoin(roamingPartners, eq(roamingPartners.id, roamingCommands.partnerId))
    .where(inArray(roamingCommands.id, ids));
  return rows;
}

export async function markPosted(db: Db, id: number): Promise<void> {
  await db
    .update(roamingCommands)
    .set({ postedAt: new Date(), lastPostError: null, updatedAt: new Date() })
    .where(eq(roamingCommands.id, id));
}

/** A failed post: tried again after `retryInMs`, or given up (`abandon`). */
export async function markPostFailed(
  db: Db,
  id: number,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db
    .update(roamingCommands)
    .set({
      lastPostError: error.slice(0, 500),
      ...(retryInMs === null
        ? { postAbandonedAt: new Date() }
        : { nextAttemptAt: new Date(Date.now() + retryInMs) }),
      updatedAt: new Date(),
    })
    .where(eq(roamingCommands.id, id));
}

/**
 * For the Sessions module: the START_SESSION behind an OCPP transaction, found by charge point,
 * connector and idTag (without case), the latest one the charger accepted (or
 * is answering) before the start.
 * It carries the partner, the token (country code, party id, uid, type) and the eMSP's
 * authorization_reference.
 */
export async function startCommandFor(
  db: Db,
  tx: { chargePointId: string; connectorId: number; idTag: string; startedAt: Date },
): Promise<CommandRow | null> {
  const [row] = await db
    .select()
    .from(roamingCommands)
    .where(
      and(
        eq(roamingCommands.command, 'START_SESSION'),
        eq(roamingCommands.chargePointId, tx.chargePointId),
        eq(roamingCommands.connectorId, tx.connectorId),
        eq(roamingCommands.idTagKey, tx.idTag.toUpperCase()),
        // SENDING: the charger may start before its answer to RemoteStart is written.
        sql`(${roamingCommands.result} = 'ACCEPTED' or ${roamingCommands.status} = 'SENDING')`,
        lte(roamingCommands.createdAt, new Date(tx.startedAt.getTime() + 60_000)),
      ),
    )
    .orderBy(desc(roamingCommands.id))
    .limit(1);
  return row ?? null;
}
