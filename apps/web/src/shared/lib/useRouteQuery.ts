import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { mergeQuery } from './query';

/** The page's own query merged with the route's query (SPEC §2 route meta). */
export function useRouteQuery(): Record<string, string> {
  const { search } = useLocation();
  return useMemo(() => mergeQuery(globalThis.location?.search ?? '', search), [search]);
}

export function parseId(v: string | undefined | null): number | null {
  if (v == null || !/^\d+$/.test(v.trim())) return null;
  const n = Number(v);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}
