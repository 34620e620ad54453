import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/shared/ui';
import { AutomaticCardPaymentReturn } from './AutomaticCardPaymentReturn';
import { CarsScreen } from './CarsScreen';

/** SPEC §2 /cars; SimplePay's page returns here after switching automatic card payment on. */
export function CarsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.cars')}>
      <Stack gap="md">
        <AutomaticCardPaymentReturn />
        <CarsScreen />
      </Stack>
    </PageFrame>
  );
}
