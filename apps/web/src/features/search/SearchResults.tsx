import { Alert, Group, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ResultList, type ResultItem } from './ResultList';

/** A search's result area: a load failure, the first load, nothing found, or the list. */
export function SearchResults({
  result,
  items,
  emptyText,
  onOpen,
  kind,
}: {
  result: Pick<UseQueryResult<unknown>, 'isError' | 'isPending' | 'data'>;
  items: ResultItem[];
  /** What "nothing found" says under its title. */
  emptyText: string;
  onOpen: (id: number) => void;
  /** parking: cards show the parking price, not charger facts. */
  kind?: 'all' | 'parking';
}) {
  const { t } = useTranslation();
  if (result.isError && !result.data) {
    return (
      <Alert color="red" role="alert">
        {t('search.loadFailed')}
      </Alert>
    );
  }
  if (result.isPending) {
    return (
      <Group justify="center" py="lg">
        <Loader aria-label={t('common.loading')} />
      </Group>
    );
  }
  if (items.length === 0) {
    return (
      <Alert color="gray" role="status" title={t('search.noResultTitle')}>
        {emptyText}
      </Alert>
    );
  }
  return <ResultList items={items} onOpen={onOpen} kind={kind} />;
}
