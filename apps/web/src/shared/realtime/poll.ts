/**
 * A repeating command on the live socket: the first send after `firstMs`, then every `everyMs`
 * until stopped (SPEC §9: can-open every 1 s, can-stop every 3 s first after 200 ms). The send
 * may fail while the socket is reconnecting; the next tick asks again.
 */
export function startPoll(send: () => void, firstMs: number, everyMs: number): () => void {
  let interval: ReturnType<typeof setInterval> | null = null;
  const first = setTimeout(() => {
    send();
    interval = setInterval(send, everyMs);
  }, firstMs);
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}

/**
 * Asks until an answer is there (SPEC §4: getParkingSession every 1 s, up to 30 tries, 10 on the
 * history screen). `answered` is read before each try; the first try is immediate.
 */
export function startRetry(
  send: () => void,
  answered: () => boolean,
  everyMs: number,
  maxTries: number,
): () => void {
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const tick = () => {
    timer = null;
    if (answered() || tries >= maxTries) return;
    tries += 1;
    send();
    timer = setTimeout(tick, everyMs);
  };
  tick();
  return () => {
    if (timer) clearTimeout(timer);
  };
}
