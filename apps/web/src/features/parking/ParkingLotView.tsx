import {
  Alert,
  Anchor,
  Button,
  Collapse,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ParkingLot } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, apiRoutes, callApi } from '@/shared/api';
import { formatMoney } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { traitRows } from '@/shared/lib/traits';
import { parseId, useRouteQuery } from '@/shared/lib/useRouteQuery';
import { MissingId, PageFrame, Traits } from '@/shared/ui';
import { AdminGates } from './AdminGates';
import { HowToPark } from './HowToPark';
import { LotParking } from './LotParking';

function Price({ lot }: { lot: ParkingLot }) {
  const { t } = useTranslation();
  if (!lot.tariff) return null;
  if (lot.tariff.freeParking) {
    return (
      <Text fw={700} size="xl" c="green.9">
        {t('parking.free')}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text fw={700} size="xl">
        {t('parking.perHour', { price: formatMoney(lot.tariff.grossUnitParking) })}
      </Text>
      {lot.tariff.freeMinutes > 0 && (
        <Text size="sm">{t('parking.freeMinutes', { count: lot.tariff.freeMinutes })}</Text>
      )}
      <Text size="sm">{t('parking.perMinute')}</Text>
    </Stack>
  );
}

function Details({ lot }: { lot: ParkingLot }) {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(false);
  const lines = lot.tariffs.flatMap((tr) => tr.descriptionLines).filter((l) => l.trim() !== '');
  const hasTraits = traitRows(lot.staticTraits, { majorOnly: true }).length > 0;
  const surcharge = lot.tariff?.grossSurchargeFeePerDay ?? 0;
  if (!lines.length && !hasTraits && !surcharge && lot.capacity == null) return null;
  return (
    <Paper withBorder radius="md" p="sm">
      <Button
        variant="subtle"
        onClick={toggle}
        aria-expanded={opened}
        aria-controls="parking-details"
        fullWidth
        justify="space-between"
      >
        {opened ? t('parking.hideDetails') : t('parking.showDetails')}
      </Button>
      <Collapse expanded={opened}>
        <Stack id="parking-details" gap="sm" pt="sm">
          {lot.capacity != null && (
            <Text size="sm">{t('parking.capacity', { count: lot.capacity })}</Text>
          )}
          {surcharge > 0 && (
            <Text size="sm">{t('parking.surcharge', { fee: formatMoney(surcharge) })}</Text>
          )}
          {lines.length > 0 && (
            <List size="sm" spacing={2}>
              {lines.map((l, i) => (
                <List.Item key={i}>{l}</List.Item>
              ))}
            </List>
          )}
          <Traits traits={lot.staticTraits} majorOnly />
        </Stack>
      </Collapse>
    </Paper>
  );
}

/** /parking-lot/:parkingLotId and /parking-lot?parkingLotId&autoStart (SPEC §2 Parking lot view). */
export function ParkingLotView() {
  const { t } = useTranslation();
  const lang = useLang();
  const params = useParams();
  const query = useRouteQuery();
  const id = parseId(params.parkingLotId ?? query.parkingLotId);

  const lot = useQuery({
    queryKey: ['parking-lot', id, lang],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.parkingLot, { params: { id: id! }, signal, inlineErrors: true }),
    enabled: id !== null,
    retry: (n, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && n < 1,
  });

  if (id === null) return <MissingId message={t('parking.missingId')} to="/parking-search" />;

  if (lot.isPending) {
    return (
      <PageFrame title={t('route.parkingLot')}>
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      </PageFrame>
    );
  }
  const notFound = lot.data === null || (lot.error instanceof ApiError && lot.error.status === 404);
  if (notFound || lot.isError || !lot.data) {
    return (
      <PageFrame title={t('route.parkingLot')}>
        <Alert
          color={notFound ? 'yellow' : 'red'}
          role="alert"
          title={notFound ? t('parking.notFoundTitle') : undefined}
        >
          {notFound ? t('parking.notFound') : t('parking.loadFailed')}
        </Alert>
        <Anchor component={Link} to="/parking-search">
          {t('parking.toSearch')}
        </Anchor>
      </PageFrame>
    );
  }
  const l = lot.data;
  return (
    <PageFrame title={l.name}>
      <Text c="dark.6">{l.location.address.full}</Text>
      {l.tariff ? (
        <Price lot={l} />
      ) : (
        <Alert color="yellow" role="alert" title={t('parking.noTariffTitle')}>
          {t('parking.noTariff')}
        </Alert>
      )}
      <Details lot={l} />
      <Group>
        <HowToPark lot={l} />
        <Button
          variant="default"
          component={Link}
          to={`/map?showLocation=${l.location.id}&tab=parking`}
        >
          {t('parking.showOnMap')}
        </Button>
      </Group>
      <LotParking lot={l} autoStart={query.autoStart === '1'} />
      <AdminGates lot={l} />
    </PageFrame>
  );
}
