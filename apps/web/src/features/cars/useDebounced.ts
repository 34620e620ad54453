import { useEffect, useState } from 'react';

/** The value, once it has not changed for `ms` (SPEC §9: vehicle search 250 ms). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}
