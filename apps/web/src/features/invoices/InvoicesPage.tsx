import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/shared/ui';
import { InvoicesScreen } from './InvoicesScreen';

/** SPEC §2 /invoices. */
export function InvoicesPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.invoices')}>
      <InvoicesScreen />
    </PageFrame>
  );
}
