import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/shared/ui';
import { CarsScreen } from './CarsScreen';

/** SPEC §2 /cars. */
export function CarsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.cars')}>
      <CarsScreen />
    </PageFrame>
  );
}
