import { useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { Category, OutletType } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApi } from '@/shared/api';
import { useLang } from '@/shared/i18n/useLang';
import { PLUG_NAMES } from '@/shared/lib/traits';
import {
  EMPTY_FILTERS,
  toggleOutlet,
  type CurrentTypeFilter,
  type SearchFilters,
  type SearchType,
} from './filters';

const OUTLETS: OutletType[] = ['TYPE2', 'CHADEMO', 'CCS'];

/** Flattens nested subcategories with their depth (for indentation). */
function flatten(
  cats: readonly Category[],
  depth = 0,
): { id: number; name: string; depth: number }[] {
  return cats.flatMap((c) => [
    { id: c.id, name: c.name, depth },
    ...flatten(c.subcategories, depth + 1),
  ]);
}

interface Props {
  id: string;
  type: SearchType;
  filters: SearchFilters;
  onChange: (f: SearchFilters) => void;
}

/** The advanced filter panel (SPEC §3 Filter, §4 Location panel rules). */
export function FilterPanel({ id, type, filters, onChange }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const [city, setCity] = useState(filters.city);
  const [debouncedCity] = useDebouncedValue(city, 500);
  const set = (patch: Partial<SearchFilters>) => onChange({ ...filters, ...patch });

  useEffect(() => {
    if (debouncedCity !== filters.city) onChange({ ...filters, city: debouncedCity });
    // only the debounced city drives this
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedCity]);

  const categories = useQuery({
    queryKey: ['categories', lang],
    queryFn: () => callApi(apiRoutes.categories, { busy: false }),
    enabled: type === 'service',
    staleTime: 10 * 60 * 1000,
  });
  const selected = categories.data?.find((c) => c.id === filters.selectedCategory) ?? null;
  const subs = selected ? flatten(selected.subcategories) : [];

  return (
    <Stack
      id={id}
      gap="md"
      component="section"
      aria-label={t('search.filters.title')}
      className="vp-filter-panel"
    >
      <TextInput
        label={t('search.filters.city')}
        value={city}
        onChange={(e) => setCity(e.currentTarget.value)}
        maxLength={255}
        autoComplete="address-level2"
      />

      {type === 'charger' && (
        <>
          <div role="group" aria-labelledby={`${id}-outlet`}>
            <Text id={`${id}-outlet`} size="sm" fw={500} mb={4}>
              {t('search.filters.outletType')}
            </Text>
            <Group gap="xs">
              {OUTLETS.map((o) => (
                <Button
                  key={o}
                  variant={filters.outletType === o ? 'filled' : 'outline'}
                  aria-pressed={filters.outletType === o}
                  onClick={() => set({ outletType: toggleOutlet(filters.outletType, o) })}
                  size="sm"
                  mih={44}
                >
                  {PLUG_NAMES[o]}
                </Button>
              ))}
            </Group>
          </div>
          <div>
            <Text id={`${id}-current`} size="sm" fw={500} mb={4}>
              {t('search.filters.currentType')}
            </Text>
            <SegmentedControl
              aria-labelledby={`${id}-current`}
              value={filters.currentType}
              onChange={(v) => set({ currentType: v as CurrentTypeFilter })}
              data={[
                { value: 'all', label: t('search.filters.currentAll') },
                { value: 'AC', label: 'AC' },
                { value: 'DC', label: 'DC' },
              ]}
            />
          </div>
          <div>
            <Text id={`${id}-perf`} size="sm" fw={500} mb={4}>
              {t('search.filters.performance', { value: filters.performanceFrom })}
            </Text>
            <Slider
              min={0}
              max={100}
              step={1}
              value={filters.performanceFrom}
              onChange={(v) => set({ performanceFrom: v })}
              thumbLabel={t('search.filters.performanceLabel')}
              label={(v) => `${v} kW`}
              marks={[
                { value: 0, label: '0' },
                { value: 22, label: '22' },
                { value: 50, label: '50' },
                { value: 100, label: '100' },
              ]}
              mb="lg"
              size="lg"
            />
          </div>
          <Switch
            label={t('search.filters.onlyAvailable')}
            checked={filters.onlyAvailableChargers}
            onChange={(e) => set({ onlyAvailableChargers: e.currentTarget.checked })}
            size="md"
          />
        </>
      )}

      {type === 'service' && (
        <>
          <Switch
            label={t('search.filters.onlyPointAccepter')}
            checked={filters.onlyPointAccepter}
            onChange={(e) => set({ onlyPointAccepter: e.currentTarget.checked })}
            size="md"
          />
          <Select
            label={t('search.filters.category')}
            placeholder={t('search.filters.anyCategory')}
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={filters.selectedCategory ? String(filters.selectedCategory) : null}
            onChange={(v) =>
              set({ selectedCategory: v ? Number(v) : null, selectedSubCategories: [] })
            }
            clearable
            comboboxProps={{ withinPortal: true }}
            nothingFoundMessage={t('search.filters.noCategories')}
          />
          {subs.length > 0 && (
            <Checkbox.Group
              label={t('search.filters.subcategories')}
              value={filters.selectedSubCategories.map(String)}
              onChange={(v) => set({ selectedSubCategories: v.map(Number) })}
            >
              <Stack gap={6} mt={6}>
                {subs.map((s) => (
                  <Checkbox key={s.id} value={String(s.id)} label={s.name} ml={s.depth * 16} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        </>
      )}

      <Group>
        <Button
          variant="default"
          onClick={() => {
            setCity('');
            onChange(EMPTY_FILTERS);
          }}
        >
          {t('search.filters.reset')}
        </Button>
      </Group>
    </Stack>
  );
}
