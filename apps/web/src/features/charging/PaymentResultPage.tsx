import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PaymentReturnNotice, useBackRedirect } from '@/shared/payment';
import { useSession } from '@/shared/session';
import { PageFrame } from '@/shared/ui';
import { CurrentChargePanel } from './CurrentChargePanel';

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
  return (
    <PageFrame title={t('route.paymentResult')}>
      <PaymentReturnNotice redirect={redirect} />
      {success && <p>{t('charging.result.starting')}</p>}
      {redirect.state !== 'checking' && (
        <Anchor component={Link} to={success ? '/charge-history' : '/'}>
          {t(success ? 'charging.result.toHistory' : 'charging.result.toMap')}
        </Anchor>
      )}
      {session.loggedIn && <CurrentChargePanel afterGone="/charge-history" hideWhenNone />}
    </PageFrame>
  );
}
