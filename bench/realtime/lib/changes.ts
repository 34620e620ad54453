/**
 * The schedule of parking-session changes and the loop that makes them, shared by the server's
 * bench hook and the bare ws baseline, so both are offered exactly the same changes at the same
 * moments. Open loop: change i falls due at its planned time whether or not earlier frames were
 * delivered; the time of the change is taken right before it is published.
 */
import { monoMs } from './frame';

/** Change i: user `userIds[i]`'s change number `seqs[i]`, due `dueMs[i]` after the start. */
export interface ChangePlan {
  userIds: number[];
  seqs: number[];
  dueMs: number[];
}

/**
 * Every user's session changes once every `everyMs`, at its own random phase, during
 * `windowMs`: users × windowMs / everyMs changes, sorted by when they fall due.
 */
export function planChanges(
  userIds: readonly number[],
  windowMs: number,
  everyMs: number,
  random: () => number = Math.random,
): ChangePlan {
  const all: { userId: number; seq: number; due: number }[] = [];
  for (const userId of userIds) {
    const phase = random() * everyMs;
    for (let seq = 0, due = phase; due < windowMs; seq++, due += everyMs)
      all.push({ userId, seq, due });
  }
  all.sort((a, b) => a.due - b.due);
  return {
    userIds: all.map((c) => c.userId),
    seqs: all.map((c) => c.seq),
    dueMs: all.map((c) => c.due),
  };
}

export interface ChangeTimes {
  /** When each change fell due (monotonic ms, as `monoMs`). */
  dueAt: number[];
  /** When each change was made: right before it was published. */
  changedAt: number[];
}

/** Makes the planned changes through `publish`, from `startAt` (monotonic ms, as `monoMs`). */
export function runChanges(
  plan: ChangePlan,
  startAt: number,
  publish: (userId: number, seq: number) => void,
): Promise<ChangeTimes> {
  const n = plan.userIds.length;
  const dueAt = plan.dueMs.map((d) => startAt + d);
  const changedAt = new Array<number>(n).fill(0);
  let i = 0;
  return new Promise((resolve, reject) => {
    const tick = () => {
      try {
        while (i < n && dueAt[i]! <= monoMs()) {
          changedAt[i] = monoMs();
          publish(plan.userIds[i]!, plan.seqs[i]!);
          i++;
        }
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      if (i >= n) resolve({ dueAt, changedAt });
      else setTimeout(tick, Math.max(0, Math.min(1, dueAt[i]! - monoMs())));
    };
    setTimeout(tick, Math.max(0, startAt - monoMs()));
  });
}

/** The part of a plan whose users are in `users`, in the same order. */
export function planFor(plan: ChangePlan, users: { has(userId: number): boolean }): ChangePlan {
  const idx = plan.userIds.flatMap((u, i) => (users.has(u) ? [i] : []));
  return {
    userIds: idx.map((i) => plan.userIds[i]!),
    seqs: idx.map((i) => plan.seqs[i]!),
    dueMs: idx.map((i) => plan.dueMs[i]!),
  };
}
