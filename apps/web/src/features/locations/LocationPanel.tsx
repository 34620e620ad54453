import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChargerSummary, LocationDetail, Poi } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, apiRoutes, callApi } from '@/shared/api';
import { formatKw, formatMoney } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { getPlatform } from '@/shared/lib/platform';
import { plugName } from '@/shared/lib/traits';
import { StatusBadge, Traits } from '@/shared/ui';
import { navigationLinks } from './navLinks';
import { PartnerSiteSection } from './PartnerSiteSection';
import { availableTabs, defaultTab, type PanelTab } from './tabs';

/** SPEC §9 Timers: refresh 5 s after opening; every 15 s while the search panel is open. */
export const REFRESH_AFTER_OPEN_MS = 5000;
export const SEARCH_REFRESH_MS = 15000;

interface Props {
  locationId: number;
  tab?: string | null;
  /** map: opened from a marker; search: from a search card (15 s refresh, map and route buttons). */
  variant: 'map' | 'search';
  onClose: () => void;
  onLoaded?: (loc: { id: number; lat: number; lng: number }) => void;
}

export function locationQueryKey(id: number, lang: string) {
  return ['location', id, lang] as const;
}

function useLocationDetail(id: number, variant: Props['variant']) {
  const qc = useQueryClient();
  const lang = useLang();
  const query = useQuery({
    queryKey: locationQueryKey(id, lang),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.locationChargerPoi, {
        params: { id },
        signal,
        // Only the first load shows the overlay; refreshes run quietly.
        busy: qc.getQueryData(locationQueryKey(id, lang)) === undefined,
        quiet: qc.getQueryData(locationQueryKey(id, lang)) !== undefined,
        inlineErrors: true,
      }),
    refetchInterval: variant === 'search' ? SEARCH_REFRESH_MS : false,
    // Keep showing this location while a language switch refetches it.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[1] === id ? prev : undefined),
    retry: (count, err) =>
      !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
  });
  const { refetch } = query;
  useEffect(() => {
    if (variant !== 'map') return;
    const timer = setTimeout(() => void refetch(), REFRESH_AFTER_OPEN_MS);
    return () => clearTimeout(timer);
  }, [id, variant, refetch]);
  return query;
}

function priceText(c: ChargerSummary, t: (k: string) => string): string {
  if (c.freeCharging) return t('charger.free');
  if (c.unitChargingGross == null) return t('charger.noTariffShort');
  return `${formatMoney(c.unitChargingGross)}/kWh`;
}

function ChargerItem({ c, fromSearch }: { c: ChargerSummary; fromSearch: boolean }) {
  const { t } = useTranslation();
  const headingId = `charger-${c.id}-name`;
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {c.name}
        </Title>
        <StatusBadge status={c.status.value} fallbackTitle={c.status.title} />
      </Group>
      <Text size="sm" mt={4}>
        {c.currentType} · {formatKw(c.performanceKw)} · {priceText(c, t)}
      </Text>
      {c.outlets.length > 0 && (
        <Group gap={4} mt={6} aria-label={t('charger.outlets')} role="list">
          {c.outlets.map((o) => (
            <Badge key={o.connectorId} variant="outline" color="dark" tt="none" role="listitem">
              {plugName(o.type)} · {formatKw(o.powerKw)}
            </Badge>
          ))}
        </Group>
      )}
      <Button
        component={Link}
        to={`/charger/${c.id}${fromSearch ? '?showStartCharging=true' : ''}`}
        mt="sm"
        fullWidth
        aria-label={`${t('panel.openCharger')}: ${c.name}`}
      >
        {t('panel.openCharger')}
      </Button>
    </Paper>
  );
}

function PoiItem({ poi, pictureBase }: { poi: Poi; pictureBase: string }) {
  const { t } = useTranslation();
  const headingId = `poi-${poi.id}-name`;
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-labelledby={headingId}>
      <Group align="flex-start" wrap="nowrap">
        {poi.pictureUrl && (
          <Image
            src={`${pictureBase}${poi.pictureUrl}`}
            alt=""
            w={72}
            h={72}
            radius="sm"
            fit="cover"
            loading="lazy"
          />
        )}
        <Stack gap={4} style={{ flex: 1 }}>
          <Title order={3} size="h5" id={headingId}>
            {poi.name}
          </Title>
          <Group gap={4}>
            {poi.acceptPoint && (
              <Badge color="green" variant="light" tt="none">
                {t('poi.acceptsPoints')}
              </Badge>
            )}
            {poi.discountPercentage != null && poi.discountPercentage > 0 && (
              <Badge color="grape" variant="light" tt="none">
                {t('poi.discount', { percent: poi.discountPercentage })}
              </Badge>
            )}
          </Group>
          {poi.category.length > 0 && (
            <Text size="xs" c="dark.6">
              {t('poi.categories')}: {poi.category.map((c) => c.name).join(', ')}
            </Text>
          )}
        </Stack>
      </Group>
      {poi.description && (
        <Text size="sm" mt="xs">
          {poi.description}
        </Text>
      )}
      <Traits traits={poi.traits} />
      {poi.url && (
        <Anchor
          href={/^https?:\/\//i.test(poi.url) ? poi.url : `https://${poi.url}`}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
        >
          {t('poi.website')}
        </Anchor>
      )}
    </Paper>
  );
}

function ParkingSummary({ loc }: { loc: LocationDetail }) {
  const { t } = useTranslation();
  const lot = loc.parkingLot;
  const lotId = lot?.id ?? loc.parkingLotId;
  return (
    <Paper withBorder p="sm" radius="md">
      <Title order={3} size="h5">
        {lot?.name ?? t('parking.lot')}
      </Title>
      {lot && (
        <Text size="sm" mt={4}>
          {lot.freeParking
            ? t('parking.free')
            : lot.grossUnitParking != null
              ? t('parking.perHour', { price: formatMoney(lot.grossUnitParking) })
              : t('parking.noTariffShort')}
          {/* Decision 0064: the free minutes, as the list shows them. */}
          {!lot.freeParking && !!lot.freeMinutes && (
            <>
              {' · '}
              {t('search.freeMinutes', { count: lot.freeMinutes })}
            </>
          )}
          {' · '}
          {t('parking.gates', { count: lot.gateCount })}
        </Text>
      )}
      {lotId != null && (
        <Button component={Link} to={`/parking-lot/${lotId}`} mt="sm" fullWidth>
          {t('panel.openParkingLot')}
        </Button>
      )}
    </Paper>
  );
}

/** The location panel (SPEC §2): a drawer with the name, full address and parking/charger/poi tabs. */
export function LocationPanel({ locationId, tab, variant, onClose, onLoaded }: Props) {
  const { t } = useTranslation();
  const mobile = useMediaQuery('(max-width: 48em)', true);
  const { data, error, isPending } = useLocationDetail(locationId, variant);
  const loc = data?.location;
  const content = {
    parking: !!loc && (loc.parkingLot != null || loc.parkingLotId != null),
    charger: !!loc && (loc.chargers.length > 0 || loc.partnerSite !== undefined),
    poi: !!loc && loc.pois.length > 0,
  };
  const tabs = availableTabs(content);
  const initial = defaultTab(tab, content);
  // A tab the user picked, remembered for this location and passed tab only.
  const [picked, setPicked] = useState<{ key: string; tab: PanelTab } | null>(null);
  const pickKey = `${locationId}|${tab ?? ''}`;
  const active = picked?.key === pickKey ? picked.tab : null;
  const current = active && tabs.includes(active) ? active : initial;

  useEffect(() => {
    if (loc) onLoaded?.({ id: loc.id, lat: loc.lat, lng: loc.lng });
    // Report each location once it is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loc?.id]);

  const platform = getPlatform();
  const nav = loc ? navigationLinks(platform, loc.lat, loc.lng) : [];
  const notFound = error instanceof ApiError && error.status === 404;

  return (
    <Drawer
      opened
      onClose={onClose}
      position={mobile ? 'bottom' : 'right'}
      size={mobile ? '85%' : 'md'}
      title={loc ? loc.name : t('common.loading')}
      closeButtonProps={{ 'aria-label': t('panel.close') }}
      classNames={{ title: 'vp-panel-title' }}
      // Below the top bar (language flags and menu stay usable while the panel is open).
      zIndex={150}
      styles={{
        inner: { top: 'var(--vp-topbar-h)', height: 'calc(100% - var(--vp-topbar-h))' },
        overlay: { top: 'var(--vp-topbar-h)' },
      }}
      data-testid="location-panel"
      radius={mobile ? 'md' : 0}
    >
      {isPending && (
        <Group justify="center" py="lg">
          <Loader aria-label={t('common.loading')} />
        </Group>
      )}
      {error && (
        <Alert color={notFound ? 'yellow' : 'red'} role="alert">
          {notFound ? t('panel.notFound') : t('panel.loadFailed')}
        </Alert>
      )}
      {loc && (
        <Stack gap="sm">
          <Text size="sm" c="dark.6">
            {loc.fullAddress || loc.address.full}
          </Text>
          {loc.partnerSite && (
            <Group gap="xs">
              <Badge color="violet" variant="light" tt="none" size="lg">
                {t('partner.mark', { name: loc.partnerSite.partnerName })}
              </Badge>
              {loc.partnerSite.operator && (
                <Text size="sm">{t('partner.operator', { name: loc.partnerSite.operator })}</Text>
              )}
            </Group>
          )}
          {tabs.length > 0 && current && (
            <Tabs
              value={current}
              onChange={(v) => setPicked({ key: pickKey, tab: v as PanelTab })}
              keepMounted={false}
            >
              <Tabs.List grow>
                {tabs.map((tb) => (
                  <Tabs.Tab key={tb} value={tb} className="vp-tab">
                    {t(`panel.tab.${tb}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="parking" pt="sm">
                <ParkingSummary loc={loc} />
              </Tabs.Panel>
              <Tabs.Panel value="charger" pt="sm">
                <Stack gap="sm">
                  {loc.chargers.map((c) => (
                    <ChargerItem key={c.id} c={c} fromSearch={variant === 'search'} />
                  ))}
                  {loc.partnerSite && (
                    <PartnerSiteSection site={loc.partnerSite} locationId={loc.id} />
                  )}
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="poi" pt="sm">
                <Stack gap="sm">
                  {loc.pois.map((p) => (
                    <PoiItem key={p.id} poi={p} pictureBase={data.pictureBase} />
                  ))}
                </Stack>
              </Tabs.Panel>
            </Tabs>
          )}
          {loc.description && (
            <section aria-label={t('panel.description')}>
              <Title order={3} size="h5">
                {t('panel.description')}
              </Title>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {loc.description}
              </Text>
            </section>
          )}
          {loc.traits.length > 0 && (
            <section>
              <Title order={3} size="h5">
                {t('panel.traits')}
              </Title>
              <Traits traits={loc.traits} />
            </section>
          )}
          <Group gap="xs">
            {variant === 'search' && (
              <Button
                variant="light"
                component={Link}
                to={`/map/${loc.lat}/${loc.lng}?showLocation=${loc.id}`}
              >
                {t('panel.showOnMap')}
              </Button>
            )}
            <Button
              variant="light"
              component={Link}
              to={`/map/${loc.lat}/${loc.lng}/route?showLocation=${loc.id}`}
            >
              {t('panel.route')}
            </Button>
          </Group>
          {nav.length > 0 && (
            <nav aria-label={t('panel.navigateWith')}>
              <Text size="sm" fw={600} mb={4}>
                {t('panel.navigateWith')}
              </Text>
              <Group gap="xs">
                {nav.map((n) => (
                  <Button key={n.app} component="a" href={n.href} variant="outline" size="sm">
                    {n.label}
                  </Button>
                ))}
              </Group>
            </nav>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
