import {
  Alert,
  Anchor,
  Badge,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Charger } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, apiRoutes, callApi } from '@/shared/api';
import { formatKw, formatMoney } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { chargerStatusDisplay } from '@/shared/lib/chargerStatus';
import { plugName } from '@/shared/lib/traits';
import { parseId, useRouteQuery } from '@/shared/lib/useRouteQuery';
import { MissingId, PageFrame, StatusBadge, Traits } from '@/shared/ui';
import { AlreadyChargingOr, ChargeStart } from '../charging';
import { useRunningParkCode } from '../parking';
import { startState } from './startState';

function StatusSection({ c }: { c: Charger }) {
  const { t } = useTranslation(['translation', 'messages']);
  const d = chargerStatusDisplay(c.status.value);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="charger-status">
      <Group justify="space-between">
        <Title order={2} size="h4" id="charger-status">
          {t('charger.status')}
        </Title>
        <StatusBadge status={c.status.value} fallbackTitle={c.status.title} />
      </Group>
      {c.tariff && (
        <Text fw={700} mt="xs" data-testid="charger-price">
          {c.tariff.freeCharging
            ? t('charger.free')
            : `${formatMoney(c.tariff.unitChargingGross)}/kWh`}
        </Text>
      )}
      {d.notice === 'communicationError' && (
        <Alert color="gray" mt="sm" title={t('charger.commErrorTitle')}>
          {t('charger.commError')}
        </Alert>
      )}
      {d.notice === 'newCharger' && (
        <Alert color="blue" mt="sm" title={t('charger.newChargerTitle')}>
          {t('charger.newCharger')}
        </Alert>
      )}
    </Paper>
  );
}

function TariffSection({ c }: { c: Charger }) {
  const { t } = useTranslation(['translation', 'messages']);
  const tariff = c.tariffs[0];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="charger-tariff">
      <Title order={2} size="h4" id="charger-tariff" mb="xs">
        {t('charger.tariff')}
      </Title>
      {!c.tariff ? (
        <Alert color="yellow" role="alert" title={t('charger.noTariffTitle')}>
          {t('charger.noTariff')}
        </Alert>
      ) : (
        <Stack gap="xs">
          <Text fw={700} size="lg">
            {c.tariff.freeCharging
              ? t('charger.free')
              : `${formatMoney(c.tariff.unitChargingGross)}/kWh`}
          </Text>
          {tariff && tariff.convenienceFeeGross > 0 && (
            <Text size="sm">
              {t('charger.convenienceFee')}: {formatMoney(tariff.convenienceFeeGross)}
            </Text>
          )}
          {c.tariffs.map((tr) => (
            <Stack key={tr.id} gap={4}>
              {c.tariffs.length > 1 && <Text fw={600}>{tr.name}</Text>}
              {tr.tariffLines.length > 0 && (
                <Table variant="vertical" fz="sm" withTableBorder={false} layout="fixed">
                  <Table.Tbody>
                    {tr.tariffLines.map((l, i) => (
                      <Table.Tr key={i}>
                        <Table.Th w="50%">{l.label}</Table.Th>
                        <Table.Td>{l.value}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {tr.descriptionLines.length > 0 && (
                <List size="sm" spacing={2}>
                  {tr.descriptionLines.map((l, i) => (
                    <List.Item key={i}>{l}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function StartSection({ c }: { c: Charger }) {
  const { t } = useTranslation(['translation', 'messages']);
  const state = startState(c);
  const parkCode = useRunningParkCode(c.locationId);
  if (state === 'noTariff') return null; // the tariff section carries the warning; no start button
  return (
    <section aria-labelledby="charger-start">
      <Title order={2} size="h4" id="charger-start" mb="xs">
        {t('charger.start')}
      </Title>
      {state === 'canStart' ? (
        <ChargeStart charger={c} parkCode={parkCode} />
      ) : (
        <AlreadyChargingOr
          otherwise={
            <Alert color="orange" title={t('charger.cannotStartTitle')}>
              {t('charger.cannotStart', {
                status: t(`messages:chargerStatus.${c.status.value}`, {
                  defaultValue: c.status.title,
                }),
              })}
            </Alert>
          }
        />
      )}
    </section>
  );
}

/** /charger/:chargerId and /charger?chargerId — the read-only part of the charger view. */
export function ChargerView() {
  const { t } = useTranslation(['translation', 'messages']);
  const lang = useLang();
  const params = useParams();
  const query = useRouteQuery();
  const id = parseId(params.chargerId ?? query.chargerId);

  const charger = useQuery({
    queryKey: ['charger', id, lang],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.charger, { query: { 'charger-id': id! }, signal, inlineErrors: true }),
    enabled: id !== null,
    retry: (n, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && n < 1,
  });

  if (id === null)
    return <MissingId message={t('charger.missingId')} to="/charger-search/charger" />;

  if (charger.isPending) {
    return (
      <PageFrame title={t('route.charger')}>
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      </PageFrame>
    );
  }
  if (charger.isError) {
    const notFound = charger.error instanceof ApiError && charger.error.status === 404;
    return (
      <PageFrame title={t('route.charger')}>
        <Alert color={notFound ? 'yellow' : 'red'} role="alert">
          {notFound ? t('charger.notFound') : t('charger.loadFailed')}
        </Alert>
        <Anchor component={Link} to="/charger-search/charger">
          {t('charger.toSearch')}
        </Anchor>
      </PageFrame>
    );
  }
  const c = charger.data;
  return (
    <PageFrame title={c.name}>
      <Stack gap={2}>
        <Text fw={600}>{c.locationName}</Text>
        <Text size="sm" c="dark.6">
          {c.fullAddress}
        </Text>
        <Anchor component={Link} to={`/map?showLocation=${c.locationId}&tab=charger`} size="sm">
          {t('charger.showLocation')}
        </Anchor>
      </Stack>
      <StatusSection c={c} />
      {/* The start comes right after the status and price, before the long details. */}
      <StartSection c={c} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="charger-details">
        <Title order={2} size="h4" id="charger-details" mb="xs">
          {t('charger.details')}
        </Title>
        <SimpleGrid cols={2} spacing="xs">
          <Text size="sm">{t('charger.currentType')}</Text>
          <Text size="sm" fw={600}>
            {c.deviceType.currentType}
          </Text>
          <Text size="sm">{t('charger.performance')}</Text>
          <Text size="sm" fw={600}>
            {formatKw(c.performanceKw)}
          </Text>
          <Text size="sm">{t('charger.shortName')}</Text>
          <Text size="sm" fw={600}>
            {c.shortName}
          </Text>
          {c.locationHasParking && (
            <>
              <Text size="sm">{t('charger.parking')}</Text>
              <Text size="sm" fw={600}>
                {t('charger.parkingHere')}
              </Text>
            </>
          )}
        </SimpleGrid>
        {c.outlets.length > 0 && (
          <>
            <Title order={3} size="h5" mt="sm" mb={4}>
              {t('charger.outlets')}
            </Title>
            <Group gap="xs" component="ul" className="vp-plain-list">
              {c.outlets.map((o) => (
                <li key={o.connectorId}>
                  <Badge variant="outline" color="dark" size="lg" tt="none">
                    {plugName(o.type)} · {formatKw(o.powerKw)}
                  </Badge>
                </li>
              ))}
            </Group>
          </>
        )}
        {c.staticTraits.length > 0 && (
          <>
            <Title order={3} size="h5" mt="sm" mb={4}>
              {t('charger.traits')}
            </Title>
            <Traits traits={c.staticTraits} />
          </>
        )}
      </Paper>
      <TariffSection c={c} />
    </PageFrame>
  );
}
