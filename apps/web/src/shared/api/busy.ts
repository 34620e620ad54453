import { useSyncExternalStore } from 'react';

/** Count of calls that show the full-screen busy overlay (SPEC §2 Other, §7 Headers). */
let pending = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export const busy = {
  start(): () => void {
    pending++;
    emit();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      pending--;
      emit();
    };
  },
  count: () => pending,
};

export function useBusy(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending > 0,
    () => false,
  );
}
