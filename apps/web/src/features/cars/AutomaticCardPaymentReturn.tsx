import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { PaymentReturnNotice, useBackRedirect } from '@/shared/payment';
import { cameraPaymentKey, useCameraPayment } from './AutomaticCardPayment';

/** `4908-36xx-xxxx-0425` → `****0425`. */
export const lastDigits = (mask: string | null) =>
  mask ? `****${mask.replace(/\D/g, '').slice(-4)}` : '';

/**
 * The result of switching automatic card payment on, when SimplePay's page returns to /cars
 * (decision 0055): on for card ****1234 (or being confirmed while SimplePay's report is on its
 * way), or not switched on, try again. Checking the return also ends a cancelled registration
 * on the server at once.
 */
export function AutomaticCardPaymentReturn() {
  const redirect = useBackRedirect();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const client = useQueryClient();
  const { data } = useCameraPayment();
  const verified = redirect.state === 'verified';
  useEffect(() => {
    // The check may have ended the registration: ask again for its state.
    if (verified) void client.invalidateQueries({ queryKey: cameraPaymentKey });
  }, [verified, client]);

  const auto = data?.automaticCardPayment ?? null;
  const success =
    auto?.state === 'on'
      ? { title: 'cars.camera.return.onTitle', text: 'cars.camera.return.on' }
      : auto?.state === 'pending' || !data
        ? { title: 'cars.camera.return.confirmingTitle', text: 'cars.camera.return.confirming' }
        : { title: 'payment.unknown.title', text: 'cars.camera.return.notOn' };
  return (
    <PaymentReturnNotice
      redirect={redirect}
      titleKeys={{ success: success.title }}
      textKeys={{
        success: success.text,
        fail: 'cars.camera.return.notOn',
        cancel: 'cars.camera.return.notOn',
        timeout: 'cars.camera.return.notOn',
        unknown: 'cars.camera.return.notOn',
      }}
      textValues={{ card: lastDigits(auto?.cardMask ?? null) }}
      onClose={() => void navigate(pathname, { replace: true })}
    />
  );
}
