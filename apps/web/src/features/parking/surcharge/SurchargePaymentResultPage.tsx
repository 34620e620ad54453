import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PaymentReturnNotice, useBackRedirect } from '@/shared/payment';
import { PageFrame } from '@/shared/ui';
import { SurchargeLiveView } from './SurchargeLiveView';
import { rememberedSurchargeId } from './surchargeMemory';

/**
 * /parking-surcharge-payment-result: SimplePay's verified back redirect for a surcharge, then
 * the surcharge's live state (PAID with the exit gate; failed with pay again).
 */
export function SurchargePaymentResultPage() {
  const { t } = useTranslation();
  const redirect = useBackRedirect();
  const id = rememberedSurchargeId();
  return (
    <PageFrame title={t('route.parkingSurchargePaymentResult')}>
      <Stack gap="md">
        <PaymentReturnNotice redirect={redirect} />
        {id !== null && <SurchargeLiveView id={id} />}
        {redirect.state !== 'checking' && (
          <Anchor component={Link} to="/parking-surcharge">
            {t('parking.surcharge.toSurcharge')}
          </Anchor>
        )}
      </Stack>
    </PageFrame>
  );
}
