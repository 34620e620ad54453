import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PaymentReturnNotice, useBackRedirect } from '@/shared/payment';
import { PageFrame } from '@/shared/ui';
import { CurrentParkingPanel } from './CurrentParkingPanel';

/**
 * /parking-payment-result: SimplePay's verified back redirect, the live parking (FINISHING
 * with the exit gate once paid; failed with a retry otherwise) and a link to the history.
 */
export function ParkingPaymentResultPage() {
  const { t } = useTranslation();
  const redirect = useBackRedirect();
  const success = redirect.state === 'verified' && redirect.status.kind === 'success';
  return (
    <PageFrame title={t('route.parkingPaymentResult')}>
      <PaymentReturnNotice redirect={redirect} />
      <CurrentParkingPanel />
      {redirect.state !== 'checking' && (
        <Anchor component={Link} to={success ? '/parking-history' : '/'}>
          {t(success ? 'parking.result.toHistory' : 'charging.result.toMap')}
        </Anchor>
      )}
    </PageFrame>
  );
}
