import { lazy, Suspense, useState } from 'react';
import { Group, Loader, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApi } from '@/shared/api';
import { useLang } from '@/shared/i18n/useLang';
import { IconSearch, PageFrame } from '@/shared/ui';
import { EMPTY_FILTERS, toFilterQuery } from './filters';
import { SearchResults } from './SearchResults';
import { usePanelParam, usePosition, useResults } from './useSearchCommon';

const LocationPanel = lazy(() =>
  import('../locations').then((m) => ({ default: m.LocationPanel })),
);

/** /parking-search: locations with parking, text filter on name and address. */
export function ParkingSearchPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [text, setText] = useState('');
  const [debouncedText] = useDebouncedValue(text, 500);
  const pos = usePosition();
  const panel = usePanelParam();
  const query = toFilterQuery(EMPTY_FILTERS, 'parking', pos);
  const result = useQuery({
    queryKey: ['filtered-locations', lang, query],
    queryFn: ({ signal }) => callApi(apiRoutes.filteredLocations, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const items = useResults(result.data, debouncedText, pos);

  return (
    <PageFrame title={t('route.parkingSearch')}>
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
      {result.isFetching && (
        <Group justify="flex-end">
          <Loader size="sm" aria-label={t('common.loading')} />
        </Group>
      )}
      <SearchResults
        result={result}
        items={items}
        emptyText={t('search.noParking')}
        onOpen={(id) => panel.open(id, 'parking')}
        kind="parking"
      />
      {panel.id !== null && (
        <Suspense fallback={null}>
          <LocationPanel
            locationId={panel.id}
            tab={panel.tab ?? 'parking'}
            variant="search"
            onClose={panel.close}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}
