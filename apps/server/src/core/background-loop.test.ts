import { describe, expect, it } from 'vitest';
import { startBackgroundLoop } from './background-loop.js';

const tick = () => new Promise((r) => setImmediate(r));

describe('a background loop', () => {
  it('runs one round at a time; wakes during a round give one more round after it', async () => {
    let finishRound!: () => void;
    let rounds = 0;
    let concurrent = 0;
    let most = 0;
    const errors: unknown[] = [];
    const loop = startBackgroundLoop(
      async () => {
        rounds++;
        most = Math.max(most, ++concurrent);
        await new Promise<void>((r) => (finishRound = r));
        concurrent--;
      },
      { log: { error: (e: unknown) => errors.push(e) }, what: 'test', intervalMs: 60_000 },
    );
    loop.wake();
    await tick();
    expect(rounds).toBe(1);
    loop.wake();
    loop.wake();
    await tick();
    expect(rounds).toBe(1);
    finishRound();
    await tick();
    await tick();
    expect(rounds).toBe(2);
    const stopped = loop.stop();
    finishRound();
    await stopped;
    expect(loop.stopped).toBe(true);
    loop.wake();
    await tick();
    expect(rounds).toBe(2);
    expect(most).toBe(1);
    expect(errors).toEqual([]);
  });

  it('logs a failed round and runs the next one', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const loop = startBackgroundLoop(
      async () => {
        if (++rounds === 1) throw new Error('database away');
      },
      {
        log: { error: (e: unknown) => errors.push(e) },
        what: 'test',
        intervalMs: 60_000,
        runNow: true,
      },
    );
    await tick();
    await tick();
    expect(errors).toHaveLength(1);
    loop.wake();
    await tick();
    await tick();
    expect(rounds).toBe(2);
    await loop.stop();
  });
});
