import { useState } from 'react';
import { Alert, Anchor, Card, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRoutes, callApi } from '@/shared/api';
import { formatDate } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { invoiceFileUrl, nextInvoiceDay } from './invoiceFile';

/** SPEC §2 /invoices: choose billing data, list its invoices, open a PDF in a new tab. */
export function InvoicesScreen() {
  const { t } = useTranslation();
  const lang = useLang();
  const billing = useQuery({
    queryKey: ['billing-data'],
    queryFn: () => callApi(apiRoutes.billingDataList, {}),
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const list = billing.data ?? [];
  const selectedId = chosen ?? list.find((b) => b.defaultBillingData)?.id ?? list[0]?.id ?? null;
  const invoices = useQuery({
    queryKey: ['invoices', selectedId],
    queryFn: () => callApi(apiRoutes.invoicesOfBillingData, { query: { id: selectedId! } }),
    enabled: selectedId !== null,
  });

  if (billing.isError || invoices.isError) {
    return (
      <Alert color="red" role="alert">
        {t('invoices.loadFailed')}
      </Alert>
    );
  }
  if (!billing.data) return <Loader aria-label={t('common.loading')} />;
  if (list.length === 0) {
    return (
      <Stack gap="sm">
        <Text>{t('invoices.noBillingData')}</Text>
        <Anchor component={Link} to="/billing" className="vp-touch">
          {t('invoices.toBilling')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <NativeSelect
        label={t('invoices.billingData')}
        value={String(selectedId)}
        onChange={(e) => setChosen(Number(e.currentTarget.value))}
        data={list.map((b) => ({
          value: String(b.id),
          label: `${b.payerName} – ${b.address.full}`,
        }))}
        data-testid="invoices-billing-select"
      />
      {!invoices.data ? (
        <Loader aria-label={t('common.loading')} />
      ) : invoices.data.length === 0 ? (
        <Text data-testid="invoices-empty">
          {t('invoices.empty', { date: formatDate(nextInvoiceDay(), lang) })}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {invoices.data.map((inv) => (
            <Card key={inv.id} component="li" withBorder p="md" data-testid="invoice-item">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text fw={700}>{inv.invoiceIdentifier}</Text>
                  <Text size="sm">
                    {t('invoices.issued')}: {formatDate(inv.createdAt, lang)}
                  </Text>
                </Stack>
                <Anchor
                  href={invoiceFileUrl(inv.path)}
                  target="_blank"
                  rel="noopener"
                  className="vp-touch"
                  aria-label={t('invoices.openPdfOf', { number: inv.invoiceIdentifier })}
                >
                  {t('invoices.openPdf')}
                </Anchor>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
