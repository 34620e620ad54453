/**
 * Where in the window the slow calls were: the calls grouped by the second they were sent in,
 * with each second's count and slowest answer. A tail spread over every second is steady cost;
 * one packed into a few seconds is a stall (a GC pause, a checkpoint, a queue).
 */
export interface SecondOfWindow {
  second: number;
  calls: number;
  slowest: number;
  over100: number;
}

export function answerTimeline(
  sentAt: readonly number[],
  answeredAt: readonly number[],
  startAt: number,
): SecondOfWindow[] {
  const seconds = new Map<number, SecondOfWindow>();
  sentAt.forEach((sent, i) => {
    const answered = answeredAt[i];
    if (answered == null || Number.isNaN(sent) || Number.isNaN(answered)) return;
    const second = Math.floor((sent - startAt) / 1000);
    const s = seconds.get(second) ?? { second, calls: 0, slowest: 0, over100: 0 };
    const took = answered - sent;
    s.calls++;
    s.slowest = Math.max(s.slowest, took);
    if (took > 100) s.over100++;
    seconds.set(second, s);
  });
  return [...seconds.values()].sort((a, b) => a.second - b.second);
}

/** One line per second that had a call over 100 ms, e.g. "s12: 334 calls, 41 over 100 ms, slowest 591 ms". */
export function timelineLines(timeline: readonly SecondOfWindow[]): string[] {
  return timeline
    .filter((s) => s.over100 > 0)
    .map(
      (s) =>
        `s${s.second}: ${s.calls} calls, ${s.over100} over 100 ms, slowest ${s.slowest.toFixed(0)} ms`,
    );
}
