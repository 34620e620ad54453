import { useState } from 'react';
import { Badge, Button, Card, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CreditCard } from '@voltpark/contract';
import { apiRoutes, callApi } from '@/shared/api';
import { cardsKey, useCards } from './queries';

/** "12/30" from the ISO expiry (the card's last valid month). */
export function formatExpiry(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    month: '2-digit',
    year: '2-digit',
    timeZone: 'Europe/Budapest',
  }).formatToParts(d);
  const month = parts.find((p) => p.type === 'month')?.value ?? '';
  const year = parts.find((p) => p.type === 'year')?.value ?? '';
  return `${month}/${year}`;
}

function CardRow({
  card,
  onDefault,
  onDelete,
}: {
  card: CreditCard;
  onDefault: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const processing = card.cardMask === '';
  return (
    <Card withBorder padding="sm" data-testid="credit-card" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          {processing ? (
            <Group gap="xs" role="status">
              <Loader size="xs" aria-hidden />
              <Text>{t('cards.processing')}</Text>
            </Group>
          ) : (
            // A card number is one word: it never breaks in the middle on a narrow phone.
            <Text fw={600} ff="monospace" data-testid="card-mask" style={{ whiteSpace: 'nowrap' }}>
              {card.cardMask}
            </Text>
          )}
          {card.defaultCard && <Badge color="green">{t('cards.default')}</Badge>}
        </Group>
        {!processing && card.expiry && (
          <Text size="sm">{t('cards.expiry', { expiry: formatExpiry(card.expiry) })}</Text>
        )}
        {/* A card still being processed has no actions: SimplePay settles it within minutes. */}
        {!processing && (
          <Group gap="xs">
            {!card.defaultCard && (
              <Button size="xs" variant="light" onClick={onDefault}>
                {t('cards.setDefault')}
              </Button>
            )}
            <Button size="xs" variant="outline" color="red" onClick={onDelete}>
              {t('cards.delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The saved cards, polled every 5 s; a card without a mask is still being processed. */
export function CardList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cards = useCards();
  const [toDelete, setToDelete] = useState<CreditCard | null>(null);

  const update = (list: CreditCard[]) => queryClient.setQueryData(cardsKey, list);
  const setDefault = async (card: CreditCard) => {
    try {
      update(await callApi(apiRoutes.defaultCard, { params: { id: card.cardId } }));
    } catch {
      // The server's message is alerted by the client; the next poll shows the truth.
    }
  };
  const remove = async (card: CreditCard) => {
    setToDelete(null);
    try {
      update(await callApi(apiRoutes.deleteCard, { params: { id: card.cardId } }));
    } catch {
      // As above.
    }
  };

  if (cards.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (cards.isError && !cards.data) return <Text>{t('cards.loadFailed')}</Text>;
  const list = cards.data ?? [];
  return (
    <>
      {list.length === 0 ? (
        <Text data-testid="no-cards">{t('cards.none')}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((c) => (
            <CardRow
              key={c.cardId}
              card={c}
              onDefault={() => void setDefault(c)}
              onDelete={() => setToDelete(c)}
            />
          ))}
        </Stack>
      )}
      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('cards.deleteTitle')}
        centered
      >
        <Text mb="md">{t('cards.deleteText', { mask: toDelete?.cardMask ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setToDelete(null)}>
            {t('account.cancel')}
          </Button>
          <Button color="red" onClick={() => toDelete && void remove(toDelete)}>
            {t('cards.deleteConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
