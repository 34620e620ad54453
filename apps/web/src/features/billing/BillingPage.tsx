import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/shared/ui';
import { BillingScreen } from './BillingScreen';

/** SPEC §2 /billing. */
export function BillingPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.billing')}>
      <BillingScreen />
    </PageFrame>
  );
}
