import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LocationListItem } from '@voltpark/contract';
import { useSearchParams } from 'react-router';
import { distanceKm, getPosition, type LatLng } from '@/shared/lib/geo';
import { matchesText } from '@/shared/lib/text';
import type { ResultItem } from './ResultList';

/** The device position for distances; null when unknown (SPEC §8: search without coordinates). */
export function usePosition(): LatLng | null {
  const [pos, setPos] = useState<LatLng | null>(null);
  useEffect(() => {
    let alive = true;
    void getPosition().then((p) => alive && setPos(p));
    return () => {
      alive = false;
    };
  }, []);
  return pos;
}

/** Client-side text filter (name or full address, every word, accent-insensitive) and distances. */
export function useResults(
  data: LocationListItem[] | undefined,
  text: string,
  pos: LatLng | null,
): ResultItem[] {
  return useMemo(() => {
    const out: ResultItem[] = [];
    for (const l of data ?? []) {
      if (!matchesText(text, [l.name, l.fullAddress])) continue;
      out.push({ ...l, distance: l.distanceInKm ?? (pos ? distanceKm(pos, l) : null) });
    }
    if (out.some((r) => r.distance != null))
      out.sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity));
    return out;
  }, [data, text, pos]);
}

/** The open location panel lives in the URL (?showLocation=ID&tab=…), like on the map. */
export function usePanelParam() {
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('showLocation'));
  const open = useCallback(
    (locationId: number, tab?: string) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('showLocation', String(locationId));
          if (tab) next.set('tab', tab);
          return next;
        },
        { preventScrollReset: true },
      ),
    [setSearch],
  );
  const close = useCallback(
    () =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('showLocation');
          next.delete('tab');
          return next;
        },
        { preventScrollReset: true },
      ),
    [setSearch],
  );
  return { id: Number.isInteger(id) && id > 0 ? id : null, tab: search.get('tab'), open, close };
}
