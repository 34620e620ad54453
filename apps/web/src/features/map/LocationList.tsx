import { useEffect, useState } from 'react';
import { Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDistanceKm } from '@/shared/format';
import type { NearestResult } from './cluster';
import type { ClusterClient } from './clusterClient';
import type { MapView } from './LeafletMap';

export const LIST_LIMIT = 50;

interface Props {
  id: string;
  client: ClusterClient;
  view: MapView | null;
  /** Changes when the map mode changes, so the list reloads. */
  mode: string;
  onOpen: (locationId: number) => void;
  onClose: () => void;
}

/**
 * The accessible alternative to the map: the locations in view, nearest to the map centre first,
 * as a keyboard-usable list that opens the same location panel.
 */
export function LocationList({ id, client, view, mode, onOpen, onClose }: Props) {
  const { t } = useTranslation();
  const [result, setResult] = useState<NearestResult | null>(null);

  useEffect(() => {
    if (!view) return;
    let alive = true;
    void client.ready
      .then(() => client.nearest(view.bbox, view.center, LIST_LIMIT))
      .then((r) => alive && setResult(r))
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, [client, view, mode]);

  const headingId = `${id}-title`;
  return (
    <Paper
      id={id}
      component="section"
      aria-labelledby={headingId}
      className="vp-map-list"
      shadow="md"
      radius="md"
      p="sm"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('map.list.title')}
        </Title>
        <CloseButton aria-label={t('map.list.close')} onClick={onClose} size="lg" />
      </Group>
      {result === null ? (
        <Text size="sm">{t('common.loading')}</Text>
      ) : result.total === 0 ? (
        <Text size="sm">{t('map.list.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
            {result.total > result.items.length
              ? t('map.list.capped', { shown: result.items.length, total: result.total })
              : t('map.list.count', { count: result.total })}
          </Text>
          <div className="vp-map-list__scroll">
            <Stack component="ul" gap={4} className="vp-plain-list">
              {result.items.map((l) => (
                <li key={l.id}>
                  <Button
                    variant="subtle"
                    fullWidth
                    justify="flex-start"
                    h="auto"
                    py={6}
                    px={8}
                    onClick={() => onOpen(l.id)}
                    styles={{
                      label: { whiteSpace: 'normal', textAlign: 'left', display: 'block' },
                    }}
                  >
                    <Text fw={600} size="sm" component="span" display="block">
                      {l.name ?? t('map.marker.loadingName')}
                    </Text>
                    <Text size="xs" component="span" display="block" c="dark.6">
                      {l.fullAddress ? `${l.fullAddress} · ` : ''}
                      {formatDistanceKm(l.distanceKm)}
                    </Text>
                    {l.partnerName && (
                      <Text size="xs" component="span" display="block" c="violet.9">
                        {t('partner.mark', { name: l.partnerName })}
                      </Text>
                    )}
                  </Button>
                </li>
              ))}
            </Stack>
          </div>
        </>
      )}
    </Paper>
  );
}
