import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApi } from '@/shared/api';
import { useLang } from '@/shared/i18n/useLang';
import { parseId, useRouteQuery } from '@/shared/lib/useRouteQuery';
import { PageFrame } from '@/shared/ui';
import { roamingReceiptPdfUrl, roamingReceiptRows } from '../roaming';
import { useMinutesLabel } from './duration';
import { ownReceiptRows } from './ownReceiptRows';
import { FailureAlert, failureOf, type Failure } from './ReceiptFailure';

/**
 * /receipt?rowNumber=… (SPEC §2): id, kWh, issue date, cost and Pay for an unpaid one, with the
 * charge it is for (charger, end, duration, price parts; decision 0066). A receipt of
 * a charge at a partner's charger shows its details instead (decision 0048) and a link to its PDF
 * (decision 0057).
 */
export function ReceiptPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useRouteQuery();
  const rowNumber = parseId(query.rowNumber);
  const [payError, setPayError] = useState<Failure | null>(null);
  const [paying, setPaying] = useState(false);
  const minutesLabel = useMinutesLabel();

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
      else setPayError({ text: t('charging.receipt.payFailed'), code: null });
    } catch (e) {
      setPayError(failureOf(e, t('charging.receipt.payFailed')));
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
    const rows: [string, string][] = r.roaming
      ? roamingReceiptRows(r, r.roaming, t, lang)
      : ownReceiptRows(r, t, lang, minutesLabel);
    // The Pay button starts a card payment of what is open: an unpaid charge receipt, or the
    // rest of a roaming bill above its card hold (decision 0050).
    const payable = !r.paid;
    body = (
      <Paper withBorder p="md" radius="md" data-testid="receipt">
        {r.roaming && (
          <Title order={2} size="h4" mb="sm">
            {t('roamingReceipt.heading')}
          </Title>
        )}
        {!r.roaming && r.charge && (
          <Title order={2} size="h4" mb="sm" data-testid="receipt-charger">
            {r.charge.charger}
          </Title>
        )}
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
        {r.roaming && (
          <Anchor
            href={roamingReceiptPdfUrl(r.rowNumber, lang)}
            target="_blank"
            rel="noopener"
            className="vp-touch"
            display="inline-block"
            mt="md"
          >
            {t('roamingReceipt.pdf')}
          </Anchor>
        )}
        {payable && (
          <Button mt="md" fullWidth onClick={() => void pay()} loading={paying}>
            {t('charging.receipt.pay')}
          </Button>
        )}
        {payError && <FailureAlert failure={payError} mt="sm" />}
      </Paper>
    );
  }
  return <PageFrame title={t('route.receipt')}>{body}</PageFrame>;
}
