import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/format';
import { ConfirmDialog, FigureList } from '@/shared/ui';

/**
 * The confirmation before the prepaid wallet pays a parking or a surcharge (decision 0062): the
 * amount, the balance now and after, in hu-HU Ft. Focus starts on "Cancel"; Escape cancels.
 */
export function WalletPayConfirm({
  opened,
  amount,
  balance,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  amount: number;
  /** The wallet balance now (null: not known). */
  balance: number | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rows: [string, string][] = [[t('parking.walletConfirm.amount'), formatMoney(amount)]];
  if (balance !== null)
    rows.push(
      [t('parking.walletConfirm.balanceNow'), formatMoney(balance)],
      [t('parking.walletConfirm.balanceAfter'), formatMoney(balance - amount)],
    );
  return (
    <ConfirmDialog
      opened={opened}
      title={t('parking.walletConfirm.title')}
      text={t('parking.walletConfirm.text')}
      yesLabel={t('parking.stop.pay', { amount: formatMoney(amount) })}
      noLabel={t('parking.walletConfirm.cancel')}
      yesTestId="wallet-pay-confirm"
      onYes={onConfirm}
      onClose={onClose}
    >
      <FigureList rows={rows} testId="wallet-pay-summary" />
    </ConfirmDialog>
  );
}
