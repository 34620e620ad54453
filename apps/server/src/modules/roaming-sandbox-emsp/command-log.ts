import { desc, eq } from 'drizzle-orm';
import type { CommandResponse, CommandResult } from '@voltpark/contract/ocpi/commands';
import type { Db } from '../../db/client.js';
import { sandboxEmspCommands } from '../../db/schema/index.js';

export type CommandRow = typeof sandboxEmspCommands.$inferSelect;
/** What a command was about: the card, location and EVSE of a start; the session of a stop. */
export type CommandAbout = Partial<
  Pick<CommandRow, 'tokenUid' | 'locationId' | 'evseUid' | 'sessionId'>
>;

/** A command as it leaves the emulator (before the platform answers: a result may come first). */
export async function commandSent(
  db: Db,
  c: Pick<CommandRow, 'id' | 'command'> & CommandAbout,
): Promise<void> {
  await db.insert(sandboxEmspCommands).values(c);
}

/** The platform's synchronous CommandResponse. */
export async function commandAnswered(db: Db, id: string, r: CommandResponse): Promise<void> {
  await db
    .update(sandboxEmspCommands)
    .set({ response: r.result, responseMessage: r.message ?? null, updatedAt: new Date() })
    .where(eq(sandboxEmspCommands.id, id));
}

/** The call got no CommandResponse (platform unreachable, an OCPI error, a bad answer). */
export async function commandCallFailed(db: Db, id: string, message: string): Promise<void> {
  await db
    .update(sandboxEmspCommands)
    .set({ callError: message.slice(0, 500), updatedAt: new Date() })
    .where(eq(sandboxEmspCommands.id, id));
}

/**
 * The CommandResult the platform POSTed to the command's response_url; false when the emulator
 * sent no such command. A result sent again replaces the one before.
 */
export async function commandResultCame(
  db: Db,
  at: { id: string; command: string },
  r: CommandResult,
): Promise<boolean> {
  const [row] = await db
    .select({ command: sandboxEmspCommands.command })
    .from(sandboxEmspCommands)
    .where(eq(sandboxEmspCommands.id, at.id));
  if (!row || row.command !== at.command) return false;
  await db
    .update(sandboxEmspCommands)
    .set({ result: r.result, resultMessage: r.message ?? null, updatedAt: new Date() })
    .where(eq(sandboxEmspCommands.id, at.id));
  return true;
}

/** The newest commands first (the sandbox page). */
export async function recentCommands(db: Db, limit = 20): Promise<CommandRow[]> {
  return db
    .select()
    .from(sandboxEmspCommands)
    .orderBy(desc(sandboxEmspCommands.sentAt), desc(sandboxEmspCommands.id))
    .limit(limit);
}
