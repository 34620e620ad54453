import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BillingData } from '@voltpark/contract';
import { apiRoutes, callApi } from '@/shared/api';
import { ConfirmDialog } from '@/shared/ui';
import { useLang } from '@/shared/i18n/useLang';
import { useSession } from '@/shared/session';
import { BillingForm } from './BillingForm';
import { billingFormOf, newBillingForm, type BillingFormValues } from './billingForm';

export const billingListKey = ['billing-data'] as const;

/** Country names come in the X-Lang language, so they are cached per language. */
function useLists() {
  const lang = useLang();
  const countries = useQuery({
    queryKey: ['billing-countries', lang],
    queryFn: () => callApi(apiRoutes.billingCountries, {}),
    staleTime: Infinity,
  });
  const addressTypes = useQuery({
    queryKey: ['billing-address-types'],
    queryFn: () => callApi(apiRoutes.billingAddressTypes, {}),
    staleTime: Infinity,
  });
  return { countries, addressTypes };
}

function BillingCard({
  b,
  onEdit,
  onDelete,
}: {
  b: BillingData;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder p="md" component="li" data-testid="billing-item">
      <Stack gap={4}>
        <Group gap="xs" justify="space-between">
          <Title order={2} size="h4">
            {b.payerName}
          </Title>
          {b.defaultBillingData && (
            <Badge color="green" variant="light" data-testid="billing-default">
              {t('billing.default')}
            </Badge>
          )}
        </Group>
        <Text size="sm">{b.type === 'COMPANY' ? t('billing.company') : t('billing.person')}</Text>
        {b.taxNumber && (
          <Text size="sm">
            {t('billing.taxNumber')}: {b.taxNumber}
          </Text>
        )}
        <Text size="sm">{b.address.full}</Text>
        <Text size="sm">
          {b.emailAddress} · {b.phone}
        </Text>
        <Group gap="sm" mt="xs">
          <Button
            variant="outline"
            className="vp-touch"
            onClick={onEdit}
            aria-label={`${t('billing.edit')}: ${b.payerName}`}
          >
            {t('billing.edit')}
          </Button>
          <Button
            variant="outline"
            color="red"
            className="vp-touch"
            onClick={onDelete}
            aria-label={`${t('billing.delete')}: ${b.payerName}`}
          >
            {t('billing.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * SPEC §2 /billing: the user's billing data with add, edit and delete (confirmed). In the
 * welcome wizard (`wizard`) the editor opens at once when there is no entry yet.
 */
export function BillingScreen({
  wizard = false,
  onListChange,
}: {
  wizard?: boolean;
  onListChange?: (list: BillingData[]) => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: billingListKey,
    queryFn: () => callApi(apiRoutes.billingDataList, {}),
  });
  const { countries, addressTypes } = useLists();
  const [editing, setEditing] = useState<BillingFormValues | null>(null);
  const [deleting, setDeleting] = useState<BillingData | null>(null);

  const update = (next: BillingData[]) => {
    qc.setQueryData(billingListKey, next);
    onListChange?.(next);
  };

  if (list.isError || countries.isError || addressTypes.isError) {
    return (
      <Alert color="red" role="alert">
        {t('billing.loadFailed')}
      </Alert>
    );
  }
  if (!list.data || !countries.data || !addressTypes.data) {
    return <Loader aria-label={t('common.loading')} />;
  }
  const items = list.data;
  const form = editing ?? (wizard && items.length === 0 ? newBillingForm(user, false) : null);

  const onDelete = async (b: BillingData) => {
    try {
      update(await callApi(apiRoutes.billingDataDelete, { query: { id: b.id } }));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Stack gap="md">
      {form ? (
        <Card withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {form.id ? t('billing.editTitle') : t('billing.newTitle')}
            </Title>
            <BillingForm
              key={form.id ?? 'new'}
              initial={form}
              list={items}
              user={user}
              countries={countries.data}
              addressTypes={addressTypes.data}
              onSaved={(next) => {
                update(next);
                setEditing(null);
              }}
              onCancel={editing ? () => setEditing(null) : undefined}
            />
          </Stack>
        </Card>
      ) : (
        <Group>
          <Button
            className="vp-touch"
            onClick={() => setEditing(newBillingForm(user, items.length > 0))}
            data-testid="billing-add"
          >
            {t('billing.add')}
          </Button>
        </Group>
      )}
      {items.length === 0 && !form && <Text>{t('billing.empty')}</Text>}
      {items.length > 0 && (
        <Stack
          gap="sm"
          component="ul"
          className="vp-plain-list"
          aria-label={t('billing.listTitle')}
        >
          {items.map((b) => (
            <BillingCard
              key={b.id}
              b={b}
              onEdit={() => setEditing(billingFormOf(b))}
              onDelete={() => setDeleting(b)}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('billing.deleteTitle')}
        text={t('billing.deleteConfirm', { name: deleting?.payerName ?? '' })}
        yesLabel={t('billing.deleteYes')}
        danger
        yesTestId="billing-delete-yes"
        onYes={() => deleting && void onDelete(deleting).catch(() => {})}
      />
    </Stack>
  );
}
