import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { LocationListItem } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { formatDistanceKm, formatKw, formatMoney } from '@/shared/format';
import { plugName } from '@/shared/lib/traits';

export const PAGE_SIZE = 50;

export interface ResultItem extends LocationListItem {
  distance: number | null;
}

/** The parking price of a parking-search card: free, "400 Ft/óra" (with free minutes), or none. */
function ParkingPrice({ l }: { l: ResultItem }) {
  const { t } = useTranslation();
  let text: string;
  if (l.parkingFree) text = t('parking.free');
  else if (l.parkingUnitGross == null) text = t('parking.noTariffShort');
  else {
    text = t('parking.perHour', { price: formatMoney(l.parkingUnitGross) });
    if (l.parkingFreeMinutes)
      text += ` · ${t('search.freeMinutes', { count: l.parkingFreeMinutes })}`;
  }
  return (
    <Badge variant="light" color="blue" tt="none" data-testid="parking-price">
      {text}
    </Badge>
  );
}

/**
 * Location cards; a card click opens the location panel. A roaming partner's site has a
 * "Partner" badge by its name and says whose it is (decisions 0039, 0047). Long lists grow 50 at
 * a time. In the parking search (kind "parking") a card shows the parking price instead of
 * charger facts.
 */
export function ResultList({
  items,
  onOpen,
  kind = 'all',
}: {
  items: ResultItem[];
  onOpen: (id: number) => void;
  kind?: 'all' | 'parking';
}) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const shown = items.slice(0, limit);
  return (
    <Stack gap="sm">
      <Text size="sm" aria-live="polite" role="status">
        {t('search.resultCount', { count: items.length })}
      </Text>
      <Stack component="ul" gap="sm" className="vp-plain-list">
        {shown.map((l) => (
          <li key={l.id}>
            <Card
              component="button"
              type="button"
              withBorder
              radius="md"
              padding="sm"
              onClick={() => onOpen(l.id)}
              className="vp-result-card"
              style={{ width: '100%', textAlign: 'left', cursor: 'pointer' }}
              data-testid="location-card"
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Group gap={6} align="center" wrap="wrap">
                  <Text fw={700} component="span" size="md">
                    {l.name}
                  </Text>
                  {/* A partner's site beside an own one at the same address: said in text. */}
                  {l.partnerName && (
                    <Badge
                      variant="filled"
                      color="violet.8"
                      tt="none"
                      size="sm"
                      data-testid="partner-badge"
                    >
                      {t('partner.badge')}
                    </Badge>
                  )}
                </Group>
                {l.distance != null && (
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatDistanceKm(l.distance)}
                  </Text>
                )}
              </Group>
              <Text size="sm" c="dark.6">
                {l.fullAddress}
              </Text>
              {kind === 'parking' ? (
                <Group gap={4} mt={6}>
                  <ParkingPrice l={l} />
                </Group>
              ) : (
                <Group gap={4} mt={6}>
                  {l.partnerName && (
                    <Badge variant="light" color="violet" tt="none">
                      {t('partner.mark', { name: l.partnerName })}
                    </Badge>
                  )}
                  {l.hasCharger && (
                    <Badge variant="light" color={l.available ? 'green' : 'gray'} tt="none">
                      {l.available ? t('search.available') : t('search.noneAvailable')}
                    </Badge>
                  )}
                  {l.outlets?.map((o) => (
                    <Badge key={o} variant="outline" color="dark" tt="none">
                      {plugName(o)}
                    </Badge>
                  ))}
                  {l.maxPowerKw != null && (
                    <Badge variant="outline" color="dark" tt="none">
                      {t('search.upTo', { power: formatKw(l.maxPowerKw) })}
                    </Badge>
                  )}
                  {l.hasParking && (
                    <Badge variant="light" color="blue" tt="none">
                      {t('search.parking')}
                    </Badge>
                  )}
                  {l.hasPoi && (
                    <Badge variant="light" color="grape" tt="none">
                      {l.acceptsPoints ? t('search.acceptsPoints') : t('search.services')}
                    </Badge>
                  )}
                </Group>
              )}
            </Card>
          </li>
        ))}
      </Stack>
      {items.length > limit && (
        <Button variant="light" onClick={() => setLimit((n) => n + PAGE_SIZE)}>
          {t('search.showMore', { count: Math.min(PAGE_SIZE, items.length - limit) })}
        </Button>
      )}
    </Stack>
  );
}
