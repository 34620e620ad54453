import type { ReactNode } from 'react';
import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/shared/session';
import { PANEL_POLL_MS } from './constants';
import { useCurrentCharge } from './useCurrentCharge';

/** SPEC §4: a user with a running session sees the already-charging warning instead of a start. */
export function AlreadyChargingAlert() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" role="alert" title={t('charging.wizard.alreadyChargingTitle')}>
      {t('charging.wizard.alreadyCharging')}{' '}
      <Anchor component={Link} to="/charge-history">
        {t('charging.wizard.toHistory')}
      </Anchor>
    </Alert>
  );
}

/**
 * For a charger that cannot start now (e.g. occupied by the user's own charge): the
 * already-charging warning when the user has a running charge, else `otherwise`.
 */
export function AlreadyChargingOr({ otherwise }: { otherwise: ReactNode }) {
  const session = useSession();
  const current = useCurrentCharge(PANEL_POLL_MS, session.loggedIn);
  if (session.loggedIn && current.isPending) return null;
  return current.data ? <AlreadyChargingAlert /> : otherwise;
}
