import { Loader } from '@mantine/core';
import type { Surcharge } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/session';
import { isCasual } from '../CurrentParkingPanel';
import { SurchargeView } from './SurchargeView';
import { useJumpToPaymentPage, useSurcharge } from './useSurcharge';

/** A surcharge as the socket shows it, with the jump to its payment page (once). */
export function SurchargeLiveView({ id, answered }: { id: number; answered?: Surcharge | null }) {
  const { t } = useTranslation();
  const session = useSession();
  const live = useSurcharge(id, answered ?? null);
  useJumpToPaymentPage(live.surcharge);
  if (live.surcharge === undefined)
    return <Loader size="sm" aria-label={t('parking.surcharge.loading')} />;
  if (live.surcharge === null) return null;
  const gateError =
    live.error && live.error.command?.includes('Surcharge') ? live.error.message.text : null;
  return (
    <SurchargeView
      surcharge={live.surcharge}
      canOpen={live.canOpen}
      casual={isCasual(session)}
      error={gateError}
    />
  );
}
