import { Alert, Group, Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ParkingReceipt } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApi } from '@/shared/api';
import { formatDateTime, formatMoney, formatTimeSpan } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { parseId, useRouteQuery } from '@/shared/lib/useRouteQuery';
import { PageFrame } from '@/shared/ui';
import { FailureAlert, failureOf } from '../charging';

/** /parking-receipt?rowNumber=… : a paid parking round's receipt (the history's "Receipt"). */
export function ParkingReceiptPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const rowNumber = parseId(useRouteQuery().rowNumber);
  const receipt = useQuery({
    queryKey: ['parking', 'receipt', rowNumber],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.parkingReceipt, {
        params: { rowNumber: rowNumber! },
        signal,
        inlineErrors: true,
      }),
    enabled: rowNumber !== null,
    retry: false,
  });

  let body;
  if (rowNumber === null)
    body = (
      <Alert color="red" role="alert">
        {t('charging.receipt.noRowNumber')}
      </Alert>
    );
  else if (receipt.isPending)
    body = (
      <Group justify="center">
        <Loader aria-label={t('common.loading')} />
      </Group>
    );
  else if (receipt.isError || !receipt.data)
    body = (
      <FailureAlert
        failure={
          receipt.isError
            ? failureOf(receipt.error, t('charging.receipt.loadFailed'))
            : { text: t('charging.receipt.notFound'), code: null }
        }
      />
    );
  else {
    const r = receipt.data;
    const rows: [string, string][] = [
      [t('charging.receipt.id'), String(r.rowNumber)],
      [t('parking.receipt.lot'), `${r.lotName}, ${r.fullAddress}`],
      // The round's whole stay (its free minutes are not billed): decision 0064.
      [t('parking.receipt.time'), formatTimeSpan(r.billedFrom, r.billedTo, lang)],
      ...(r.round > 0
        ? ([[t('parking.receipt.round'), t('parking.receipt.overstayRound')]] as [string, string][])
        : []),
      ...priceRows(r.price),
      [t('parking.record.method'), t(`parking.method.${r.paymentMethod}`)],
      [t('charging.receipt.issueDate'), formatDateTime(r.issueDate, lang)],
      [t('charging.receipt.cost'), formatMoney(r.grossPrice)],
      [t('charging.receipt.state'), t('charging.receipt.paid')],
    ];
    body = (
      <Paper withBorder p="md" radius="md" data-testid="parking-receipt">
        <SimpleGrid cols={2} spacing={6} component="dl" m={0}>
          {rows.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <Text component="dt">{k}</Text>
              <Text component="dd" fw={700} m={0}>
                {v}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
    );
  }
  return <PageFrame title={t('route.parkingReceipt')}>{body}</PageFrame>;

  /** How the round's price was made (absent on a surcharge's receipt, priced per day). */
  function priceRows(price: ParkingReceipt['price']): [string, string][] {
    if (!price) return [];
    return [
      ...minutesRow('parking.receipt.freeMinutes', price.freeMinutes),
      ...minutesRow('parking.receipt.chargingMinutes', price.chargingMinutes),
      [
        t('parking.receipt.billed'),
        t('parking.receipt.minutesAtRate', {
          count: price.billedMinutes,
          rate: formatMoney(price.grossUnitParking),
        }),
      ],
      [t('parking.receipt.convenienceFee'), formatMoney(price.convenienceFeeGross)],
    ];
  }

  /** A row of minutes, only when there were any. */
  function minutesRow(label: string, minutes = 0): [string, string][] {
    return minutes > 0 ? [[t(label), t('parking.receipt.minutes', { count: minutes })]] : [];
  }
}
