import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPoll, startRetry } from './poll';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startPoll (SPEC §9 can-open 1 s, can-stop 3 s first after 200 ms)', () => {
  it('asks first after the first delay, then at every interval, until stopped', () => {
    const send = vi.fn();
    const stop = startPoll(send, 200, 3000);
    vi.advanceTimersByTime(199);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3000);
    expect(send).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(6000);
    expect(send).toHaveBeenCalledTimes(4);
    stop();
    vi.advanceTimersByTime(30_000);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('stopped before the first ask, it never asks', () => {
    const send = vi.fn();
    startPoll(send, 200, 3000)();
    vi.advanceTimersByTime(10_000);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('startRetry (SPEC §4 getParkingSession every 1 s, up to 30 / 10 tries)', () => {
  it('asks at once and every second until the answer is there', () => {
    let answered = false;
    const send = vi.fn();
    startRetry(send, () => answered, 1000, 30);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(send).toHaveBeenCalledTimes(3);
    answered = true;
    vi.advanceTimersByTime(10_000);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('gives up after the last try', () => {
    const send = vi.fn();
    startRetry(send, () => false, 1000, 10);
    vi.advanceTimersByTime(60_000);
    expect(send).toHaveBeenCalledTimes(10);
  });
});
