import { useState } from 'react';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PaymentReturnNotice, useBackRedirect } from '@/shared/payment';
import { useSession } from '@/shared/session';
import { PageFrame } from '@/shared/ui';
import { PANEL_POLL_MS } from './constants';
import { CurrentChargePanel } from './CurrentChargePanel';
import { useCurrentCharge } from './useCurrentCharge';

/**
 * What the page says under the payment's result, from the live charge: "starting" only while
 * the charge is on its way to the charger, "ended" once it has run and gone (a stopped guest
 * charge no longer reads as starting), and, after a declined payment, how to pay again.
 */
function useChargeLine(success: boolean, failed: boolean, loggedIn: boolean): string | null {
  const current = useCurrentCharge(PANEL_POLL_MS, loggedIn);
  const c = current.data;
  // Whether a charge was there at all (state adjusted while rendering, not in an effect).
  const [seen, setSeen] = useState(false);
  if (c && !seen) setSeen(true);
  if (!loggedIn) return success ? 'charging.result.starting' : null;
  if (c === undefined) return null;
  if (failed) return c?.chargingStatus === 'NEW' ? 'charging.result.retry' : null;
  if (!success) return null;
  if (c && ['NEW', 'RESERVED', 'STARTING'].includes(c.chargingStatus))
    return 'charging.result.starting';
  if (c?.chargingStatus === 'STARTED') return 'charging.result.running';
  if (c?.chargingStatus === 'FINISHING' || (!c && seen)) return 'charging.result.finished';
  return null;
}

/**
 * /payment-result (SPEC §2): the verified back redirect's header and details, a link to
 * /charge-history on success or / otherwise, and the live charge panel (when the charge ends,
 * the user goes to /charge-history).
 */
export function PaymentResultPage() {
  const { t } = useTranslation();
  const redirect = useBackRedirect();
  const session = useSession();
  const success = redirect.state === 'verified' && redirect.status.kind === 'success';
  const failed = redirect.state === 'verified' && redirect.status.kind !== 'success';
  const line = useChargeLine(success, failed, session.loggedIn);
  return (
    <PageFrame title={t('route.paymentResult')}>
      <PaymentReturnNotice redirect={redirect} />
      {line && <p role="status">{t(line)}</p>}
      {redirect.state !== 'checking' && (
        <Anchor component={Link} to={success ? '/charge-history' : '/'}>
          {t(success ? 'charging.result.toHistory' : 'charging.result.toMap')}
        </Anchor>
      )}
      {session.loggedIn && <CurrentChargePanel afterGone="/charge-history" hideWhenNone />}
    </PageFrame>
  );
}
