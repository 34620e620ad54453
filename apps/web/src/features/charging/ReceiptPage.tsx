import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRoutes, callApi } from '@/shared/api';
import { formatDateTime, formatMoney, formatNumber } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { parseId, useRouteQuery } from '@/shared/lib/useRouteQuery';
import { PageFrame } from '@/shared/ui';

/** SPEC §8: a failed receipt load or payment start alerts with the response code. */
function failureText(e: unknown, fallback: string): string {
  if (!(e instanceof ApiError) || !e.envelope) return fallback;
  const code = (e.envelope.data as { responseCode?: string } | null)?.responseCode;
  const text = e.envelope.messages[0]?.text ?? fallback;
  return code ? `${text} (${code})` : text;
}

/** /receipt?rowNumber=… (SPEC §2): id, kWh, issue date, cost and Pay for an unpaid one. */
export function ReceiptPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useRouteQuery();
  const rowNumber = parseId(query.rowNumber);
  const [payError, setPayError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const receipt = useQuery({
    queryKey: ['receipt', rowNumber],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.receipt, { params: { id: rowNumber! }, signal, inlineErrors: true }),
    enabled: rowNumber !== null,
    retry: false,
  });

  async function pay() {
    if (rowNumber === null || paying) return;
    setPaying(true);
    setPayError(null);
    try {
      const url = await callApi(apiRoutes.simplepayStart, {
        params: { id: rowNumber },
        inlineErrors: true,
      });
      if (url) globalThis.location.assign(url);
      else setPayError(t('charging.receipt.payFailed'));
    } catch (e) {
      const text = failureText(e, t('charging.receipt.payFailed'));
      setPayError(text);
    } finally {
      setPaying(false);
    }
  }

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
      <Alert color="red" role="alert">
        {receipt.isError
          ? failureText(receipt.error, t('charging.receipt.loadFailed'))
          : t('charging.receipt.notFound')}
      </Alert>
    );
  else {
    const r = receipt.data;
    const rows: [string, string][] = [
      [t('charging.receipt.id'), String(r.rowNumber)],
      [t('charging.receipt.energy'), `${formatNumber(r.consumedEnergyInKW, 2)} kWh`],
      [t('charging.receipt.issueDate'), formatDateTime(r.issueDate, lang)],
      [t('charging.receipt.cost'), formatMoney(r.grossPrice)],
      [
        t('charging.receipt.state'),
        t(r.paid ? 'charging.receipt.paid' : 'charging.receipt.unpaid'),
      ],
    ];
    body = (
      <Paper withBorder p="md" radius="md" data-testid="receipt">
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
        {!r.paid && (
          <Button mt="md" fullWidth onClick={() => void pay()} loading={paying}>
            {t('charging.receipt.pay')}
          </Button>
        )}
        {payError && (
          <Alert color="red" role="alert" mt="sm">
            {payError}
          </Alert>
        )}
      </Paper>
    );
  }
  return <PageFrame title={t('route.receipt')}>{body}</PageFrame>;
}
