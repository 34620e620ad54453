import type { CommandDeps } from './commands-deps.js';
import { postDueResults } from './commands-result-post.js';
import { runCommand } from './commands-runner.js';
import { expireSending, pendingCommands } from './commands-store.js';

/** How often the durable side runs. */
export const COMMAND_LOOP_EVERY_MS = 2_000;
/**
 * A command still SENDING this long after its deadline was being waited for by a replica that
 * stopped (the OCPP call itself ends before the deadline): its result is TIMEOUT.
 */
const SENDING_GRACE_MS = 5_000;

/**
 * One round of the durable side, on any replica: commands accepted but never sent (the server
 * stopped right after answering) are sent, commands whose charger answer was lost get TIMEOUT,
 * and due results are posted (with retries). Each step is claimed, so rounds on several
 * replicas, or a round and a request's own follow-up, act once.
 */
export async function commandRound(deps: CommandDeps): Promise<void> {
  // Side by side: one silent charger must not hold up the others' commands.
  await Promise.all((await pendingCommands(deps.db)).map((row) => runCommand(deps, row.id)));
  await expireSending(deps.db, new Date(Date.now() - SENDING_GRACE_MS));
  await postDueResults(deps);
}

/**
 * Runs {@link commandRound} every few seconds until the returned function is called (which
 * waits for a round in progress, so nothing is left writing to a closing database).
 */
export function startCommandLoop(deps: CommandDeps): () => Promise<void> {
  let current: Promise<void> | null = null;
  const run = () => {
    if (current) return;
    current = commandRound(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'roaming command round failed'))
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(run, COMMAND_LOOP_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
