import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Collapse, Group, Loader, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { apiRoutes, callApi } from '@/shared/api';
import { useLang } from '@/shared/i18n/useLang';
import { IconFilter, IconSearch, PageFrame } from '@/shared/ui';
import { FilterPanel } from './FilterPanel';
import {
  activeFilterCount,
  readFilters,
  toFilterQuery,
  writeFilters,
  type SearchFilters,
  type SearchType,
} from './filters';
import { SearchResults } from './SearchResults';
import { usePanelParam, usePosition, useResults } from './useSearchCommon';

const LocationPanel = lazy(() =>
  import('../locations').then((m) => ({ default: m.LocationPanel })),
);

/** /charger-search/charger, /charger-search/service, /charger-search (→ charger). */
export function LocationSearchPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const type: SearchType = pathname.endsWith('/service') ? 'service' : 'charger';
  const [text, setText] = useState('');
  const [debouncedText] = useDebouncedValue(text, 500);
  const [filters, setFiltersState] = useState<SearchFilters>(readFilters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const pos = usePosition();
  const panel = usePanelParam();

  const setFilters = (f: SearchFilters) => {
    setFiltersState(f);
    writeFilters(f);
  };

  const query = toFilterQuery(filters, type, pos);
  const result = useQuery({
    queryKey: ['filtered-locations', lang, query],
    queryFn: ({ signal }) => callApi(apiRoutes.filteredLocations, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const items = useResults(result.data, debouncedText, pos);
  const count = activeFilterCount(filters, type);

  return (
    <PageFrame
      title={t(type === 'service' ? 'route.serviceSearch' : 'route.chargerSearch')}
      size="sm"
    >
      <SegmentedControl
        aria-label={t('search.typeLabel')}
        value={type}
        onChange={(v) => void navigate(`/charger-search/${v}`)}
        data={[
          { value: 'charger', label: t('search.type.charger') },
          { value: 'service', label: t('search.type.service') },
        ]}
        fullWidth
      />
      <TextInput
        label={t('search.textLabel')}
        description={t('search.textHint')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        leftSection={<IconSearch />}
        type="search"
        maxLength={255}
        size="md"
      />
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconFilter />}
          onClick={() => setFiltersOpen((o) => !o)}
          aria-expanded={filtersOpen}
          aria-controls="search-filters"
          rightSection={
            count > 0 ? (
              <Badge size="sm" circle aria-label={t('search.filters.active', { count })}>
                {count}
              </Badge>
            ) : undefined
          }
        >
          {t('search.filters.title')}
        </Button>
        {result.isFetching && <Loader size="sm" aria-label={t('common.loading')} />}
      </Group>
      <Collapse expanded={filtersOpen}>
        {filtersOpen && (
          <FilterPanel id="search-filters" type={type} filters={filters} onChange={setFilters} />
        )}
      </Collapse>

      <SearchResults
        result={result}
        items={items}
        emptyText={t('search.noResult')}
        onOpen={(id) => panel.open(id, type === 'service' ? 'poi' : 'charger')}
      />

      {panel.id !== null && (
        <Suspense fallback={null}>
          <LocationPanel
            locationId={panel.id}
            tab={panel.tab}
            variant="search"
            onClose={panel.close}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}
