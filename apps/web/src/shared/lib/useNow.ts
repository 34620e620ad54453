import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `everyMs` while `enabled` (countdowns, elapsed time: 1 s; the
 * parking's free time: 15 s).
 */
export function useNow(everyMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const tick = () => setNow(Date.now());
    // At once too: the value may be old when the clock was off until now.
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [everyMs, enabled]);
  return now;
}
