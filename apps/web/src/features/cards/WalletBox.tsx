import { Alert, Card, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/format';
import { useWallet } from './queries';

/** SPEC §2 Cards: the wallet box — balance, debt, top-ups still being processed. */
export function WalletBox() {
  const { t } = useTranslation();
  const wallet = useWallet();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="wallet-title">
      <Stack gap={6}>
        <Text fw={600} id="wallet-title" component="h2" size="lg">
          {t('cards.wallet.title')}
        </Text>
        {wallet.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : !wallet.data ? (
          <Text>{t('cards.wallet.loadFailed')}</Text>
        ) : (
          <>
            <Text>
              {t('cards.wallet.current')}:{' '}
              <strong data-testid="wallet-balance">{formatMoney(wallet.data.ballance)}</strong>
            </Text>
            {wallet.data.ballance < 0 && (
              <Alert color="red" role="alert" data-testid="wallet-debt">
                {t('cards.wallet.debt', { debt: formatMoney(-wallet.data.ballance) })}
              </Alert>
            )}
            {wallet.data.countUnpayedWallets > 0 && (
              <Text size="sm" data-testid="wallet-unpaid">
                {t('cards.wallet.unpaid', { n: wallet.data.countUnpayedWallets })}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
