import { useEffect, useState } from 'react';

export type ServerMode = 'sandbox' | 'production';
let modePromise: Promise<ServerMode> | null = null;

/** GET /healthz → {mode}; a missing mode (or no answer) counts as sandbox. Fetched once. */
export function serverMode(): Promise<ServerMode> {
  modePromise ??= fetch('/healthz', { headers: { Accept: 'application/json' } })
    .then((r) => r.json() as Promise<{ mode?: string }>)
    .then((j): ServerMode => (j.mode === 'production' ? 'production' : 'sandbox'))
    .catch((): ServerMode => 'sandbox');
  return modePromise;
}

export function useServerMode(): ServerMode | null {
  const [mode, setMode] = useState<ServerMode | null>(null);
  useEffect(() => {
    let alive = true;
    void serverMode().then((m) => alive && setMode(m));
    return () => {
      alive = false;
    };
  }, []);
  return mode;
}
