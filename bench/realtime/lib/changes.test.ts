import { describe, expect, it } from 'vitest';
import { parseWsServerFrame } from '@voltpark/contract';
import { planChanges, runChanges } from './changes';
import { amountOfChange, monoMs, parkingChangeFrame } from './frame';

describe('the changes bench/realtime offers', () => {
  it('gives every user one change per interval in the window, numbered in order, sorted by when they fall due', () => {
    const users = [11, 12, 13, 14];
    const plan = planChanges(users, 10_000, 2_500);
    expect(plan.userIds).toHaveLength(16);
    for (const u of users) {
      const seqs = plan.seqs.filter((_, i) => plan.userIds[i] === u);
      expect(seqs).toEqual([0, 1, 2, 3]);
    }
    expect([...plan.dueMs].sort((a, b) => a - b)).toEqual(plan.dueMs);
    expect(Math.max(...plan.dueMs)).toBeLessThan(10_000);
  });

  it('makes each planned change once, in the planned order, and says when', async () => {
    const plan = planChanges([1, 2, 3], 30, 10);
    const made: string[] = [];
    const times = await runChanges(plan, monoMs(), (u, seq) => made.push(`${u}:${seq}`));
    expect(made).toEqual(plan.userIds.map((u, i) => `${u}:${plan.seqs[i]}`));
    times.changedAt.forEach((t, i) => expect(t).toBeGreaterThanOrEqual(times.dueAt[i]!));
  });

  it('publishes a /user/parkingSession frame the contract accepts, for that user, telling the changes apart', () => {
    const frame = parseWsServerFrame(JSON.stringify(parkingChangeFrame(42, 3)));
    expect(frame?.topic).toBe('/user/parkingSession');
    if (frame?.topic !== '/user/parkingSession') return;
    expect(frame.data?.id).toBe(42);
    expect(frame.data?.amount).toBe(amountOfChange(3));
    expect(amountOfChange(3)).not.toBe(amountOfChange(2));
  });
});
