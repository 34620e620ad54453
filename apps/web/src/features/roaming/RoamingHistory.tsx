import { Anchor, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dateFilterSchema } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRoutes, callApi } from '@/shared/api';
import { formatDateTime, formatMoney, formatNumber } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { FigureList } from '@/shared/ui';

/**
 * The driver's billed charges at partners' chargers ended since `from` (the charge history's
 * from-date, YYYY-MM-DD), each with its receipt (decision 0043), shown under the charge history.
 * Nothing is shown while there are none. The record has no payment method, so only what was
 * paid and any open rest (payable on the receipt) are told. The labels are the charge history's
 * own (charging.record.*), so the same things are named alike in both lists.
 */
export function RoamingHistory({ from }: { from: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const history = useQuery({
    queryKey: ['roaming', 'history', from],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.roamingHistory, {
        query: { filterFrom: from },
        signal,
        busy: false,
        quiet: true,
      }),
    enabled: dateFilterSchema.safeParse(from).success,
    staleTime: 0,
  });
  const rows = history.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="roaming-history">
      <Title order={2} size="h4" id="roaming-history">
        {t('roamingCharge.history.title')}
      </Title>
      {rows.map((r) => (
        <Paper key={r.rowNumber} withBorder p="sm" radius="md" data-testid="roaming-record">
          <Text fw={700}>
            {r.siteName ?? r.partnerName} · {r.partnerName}
          </Text>
          <Box mt={6}>
            <FigureList
              rows={[
                [t('charging.record.end'), formatDateTime(r.endedAt ?? r.issuedAt, lang)],
                [t('charging.record.energy'), `${formatNumber(r.energyKWh, 2)} kWh`],
                [t('charging.record.total'), formatMoney(r.grossPrice)],
                [
                  t('roamingCharge.history.paid'),
                  <span data-testid="roaming-record-paid">{formatMoney(r.paidAmount)}</span>,
                ],
                ...(r.paidAmount < r.grossPrice
                  ? ([
                      [
                        t('roamingCharge.history.open'),
                        <strong data-testid="roaming-record-open">
                          {formatMoney(r.grossPrice - r.paidAmount)}
                        </strong>,
                      ],
                    ] as const)
                  : []),
                [t('charging.record.points'), r.earnedPoints],
              ]}
            />
          </Box>
          <Anchor
            component={Link}
            to={`/receipt?rowNumber=${r.rowNumber}`}
            size="sm"
            className="vp-touch-link"
          >
            {t('roamingCharge.history.receipt', { rowNumber: r.rowNumber })}
          </Anchor>
        </Paper>
      ))}
    </Stack>
  );
}
