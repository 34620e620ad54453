import type { OutletType } from '@voltpark/contract';

/** The wire query of filtered-locations (SPEC §3 Filter field names). */
export interface FilterQuery {
  city?: string;
  outletType?: OutletType;
  currentType?: 'AC' | 'DC';
  performanceFrom?: number;
  searchCharger?: boolean;
  searchPoi?: boolean;
  searchParking?: boolean;
  onlyPointAccepter?: boolean;
  onlyAvailableChargers?: boolean;
  selectedCategory?: number;
  subcategory?: number;
  selectedSubCategories?: string;
  latitude?: number;
  longitude?: number;
}
import { storage, STORAGE_KEYS } from '@/shared/lib/storage';

export type SearchType = 'charger' | 'service';
export type CurrentTypeFilter = 'AC' | 'DC' | 'all';

/** The advanced filter panel's state (SPEC §3 Filter), remembered in localStorage "filters". */
export interface SearchFilters {
  city: string;
  outletType: OutletType | null;
  currentType: CurrentTypeFilter;
  /** 0–100 kW */
  performanceFrom: number;
  onlyPointAccepter: boolean;
  onlyAvailableChargers: boolean;
  selectedCategory: number | null;
  selectedSubCategories: number[];
}

export const EMPTY_FILTERS: SearchFilters = {
  city: '',
  outletType: null,
  currentType: 'all',
  performanceFrom: 0,
  onlyPointAccepter: false,
  onlyAvailableChargers: false,
  selectedCategory: null,
  selectedSubCategories: [],
};

export function readFilters(): SearchFilters {
  const stored = storage.getJson<Partial<SearchFilters>>(STORAGE_KEYS.filters, {});
  const f = { ...EMPTY_FILTERS, ...(typeof stored === 'object' && stored ? stored : {}) };
  return {
    ...f,
    performanceFrom: Math.min(100, Math.max(0, Number(f.performanceFrom) || 0)),
    selectedSubCategories: Array.isArray(f.selectedSubCategories)
      ? f.selectedSubCategories.filter((n) => Number.isInteger(n))
      : [],
  };
}

export function writeFilters(f: SearchFilters): void {
  storage.setJson(STORAGE_KEYS.filters, f);
}

/** SPEC §4: choosing the selected connector again deselects it. */
export function toggleOutlet(current: OutletType | null, clicked: OutletType): OutletType | null {
  return current === clicked ? null : clicked;
}

/** How many filters differ from the empty state (shown on the filter button). */
export function activeFilterCount(f: SearchFilters, type: SearchType): number {
  const common = f.city.trim() ? 1 : 0;
  if (type === 'charger') {
    return (
      common +
      (f.outletType ? 1 : 0) +
      (f.currentType !== 'all' ? 1 : 0) +
      (f.performanceFrom > 0 ? 1 : 0) +
      (f.onlyAvailableChargers ? 1 : 0)
    );
  }
  return (
    common +
    (f.onlyPointAccepter ? 1 : 0) +
    (f.selectedCategory ? 1 : 0) +
    (f.selectedSubCategories.length ? 1 : 0)
  );
}

/**
 * The query of GET v1/location/filtered-locations. Charger searches send the charger fields,
 * service searches the shop fields; coordinates only when the position is known.
 */
export function toFilterQuery(
  f: SearchFilters,
  type: SearchType | 'parking',
  pos: { lat: number; lng: number } | null,
): FilterQuery {
  const q: FilterQuery = {};
  if (type === 'parking') q.searchParking = true;
  if (type === 'charger') {
    q.searchCharger = true;
    if (f.outletType) q.outletType = f.outletType;
    if (f.currentType !== 'all') q.currentType = f.currentType;
    if (f.performanceFrom > 0) q.performanceFrom = f.performanceFrom;
    if (f.onlyAvailableChargers) q.onlyAvailableChargers = true;
  }
  if (type === 'service') {
    q.searchPoi = true;
    if (f.onlyPointAccepter) q.onlyPointAccepter = true;
    if (f.selectedCategory) q.selectedCategory = f.selectedCategory;
    if (f.selectedSubCategories.length === 1) q.subcategory = f.selectedSubCategories[0]!;
    if (f.selectedSubCategories.length) q.selectedSubCategories = f.selectedSubCategories.join(',');
  }
  if (type !== 'parking' && f.city.trim()) q.city = f.city.trim();
  if (pos) {
    q.latitude = Number(pos.lat.toFixed(6));
    q.longitude = Number(pos.lng.toFixed(6));
  }
  return q;
}
