import { useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import type { Surcharge } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { useRouteQuery } from '@/shared/lib/useRouteQuery';
import { useSession } from '@/shared/session';
import { PageFrame } from '@/shared/ui';
import { isCasual } from '../CurrentParkingPanel';
import { parkingLive } from '../parkingLive';
import { SurchargeLiveView } from './SurchargeLiveView';
import { SurchargeStartForm } from './SurchargeStartForm';
import { rememberSurcharge } from './surchargeMemory';

/**
 * /parking-surcharge (anonymous, guest and registered users): the parking's e-mail and code
 * start the surcharge of an overstay; then its live state (pay, leave, thank you).
 */
export function SurchargePage() {
  const { t } = useTranslation();
  const query = useRouteQuery();
  const session = useSession();
  const registered = session.loggedIn && !isCasual(session);
  const [started, setStarted] = useState<Surcharge | null>(null);

  function onStarted(s: Surcharge) {
    rememberSurcharge(s.id);
    parkingLive.setSurcharge(s);
    setStarted(s);
  }

  return (
    <PageFrame title={t('route.parkingSurcharge')}>
      <Stack gap="md">
        {started ? (
          <>
            {(started.status !== 'UNPAID' || started.paymentStartedAt) && (
              <Alert color="blue" role="status">
                {t('parking.surcharge.alreadyStarted')}
              </Alert>
            )}
            <SurchargeLiveView id={started.id} answered={started} />
          </>
        ) : (
          <>
            <Text>{t('parking.surcharge.intro')}</Text>
            <SurchargeStartForm
              initialEmail={query.email ?? ''}
              initialCode={query.parkCode ?? ''}
              registered={registered}
              onStarted={onStarted}
            />
          </>
        )}
      </Stack>
    </PageFrame>
  );
}
