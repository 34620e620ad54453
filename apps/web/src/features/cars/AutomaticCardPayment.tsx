import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CameraPayment } from '@voltpark/contract';
import { splitMessages } from '@/features/account';
import { ApiError, apiRoutes, callApi } from '@/shared/api';
import { formatDate, formatMoney } from '@/shared/format';
import { useLang } from '@/shared/i18n/useLang';
import { goToPaymentPage } from './paymentPage';

export const cameraPaymentKey = ['cars', 'camera-payment'] as const;
/** While SimplePay has not confirmed a registration, the state is asked again this often. */
const PENDING_POLL_MS = 5000;

/** The driver's camera cars and automatic card payment (decision 0051). */
export function useCameraPayment() {
  return useQuery({
    queryKey: cameraPaymentKey,
    queryFn: ({ signal }) =>
      callApi(apiRoutes.automaticCardPayment, { signal, busy: false, quiet: true }),
    refetchInterval: (q) =>
      q.state.data?.automaticCardPayment?.state === 'pending' ? PENDING_POLL_MS : false,
  });
}

/** The OneClick secret code of the card: 4–32 characters (the contract's rule). */
function secretCodeError(code: string): string | null {
  if (code === '') return 'cards.secret.required';
  if (code.length < 4 || code.length > 32) return 'cards.secret.length';
  return null;
}

/**
 * A camera car's setting in its details: camera parking is on, and whether the exit camera may
 * pay by card (SimplePay recurring tokens): payments left, until when, the limit per payment;
 * switching on (the card is entered on SimplePay's page) and off. Nothing for other cars.
 */
export function AutomaticCardPayment({ carId }: { carId: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const { data } = useCameraPayment();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const [sending, setSending] = useState(false);
  // Set at once (a state update is not): a second tap before the re-render starts nothing.
  const starting = useRef(false);

  if (!data?.cameraCars?.some((c) => c.carId === carId)) return null;
  const auto = data.automaticCardPayment;

  const switchOn = async (ev: FormEvent) => {
    ev.preventDefault();
    const key = secretCodeError(code);
    setCodeError(key ? t(key) : null);
    setFailed(null);
    if (key || starting.current) return;
    starting.current = true;
    setSending(true);
    try {
      const url = await callApi(apiRoutes.automaticCardPaymentOn, {
        body: { cardSecret: code },
        inlineErrors: true,
      });
      // SimplePay's page; it returns to /cars, where this shows the registration's state. The
      // button stays disabled while the browser leaves.
      goToPaymentPage(url);
      return;
    } catch (err) {
      starting.current = false;
      setSending(false);
      if (err instanceof ApiError && err.network) return;
      const { fields, general } = splitMessages(err);
      if (fields.cardSecret) setCodeError(fields.cardSecret);
      else setFailed(general[0]?.text ?? t('cars.camera.failed'));
      // Already under way (another tap or tab): show it, with its switch-off.
      void client.invalidateQueries({ queryKey: cameraPaymentKey });
    }
  };

  const switchOff = async () => {
    setSending(true);
    setFailed(null);
    try {
      const next: CameraPayment = await callApi(apiRoutes.automaticCardPaymentOff, {
        inlineErrors: true,
      });
      client.setQueryData(cameraPaymentKey, next);
      setConfirmOff(false);
    } catch (err) {
      if (err instanceof ApiError && err.network) return;
      setFailed(splitMessages(err).general[0]?.text ?? t('cars.camera.failed'));
    } finally {
      setSending(false);
    }
  };

  const offButton = confirmOff ? (
    <Stack gap="xs">
      <Text size="sm">{t('cars.camera.offConfirm')}</Text>
      <Group>
        <Button color="red" loading={sending} onClick={() => void switchOff()}>
          {t('common.yes')}
        </Button>
        <Button variant="default" onClick={() => setConfirmOff(false)}>
          {t('common.no')}
        </Button>
      </Group>
    </Stack>
  ) : (
    <Group>
      <Button variant="outline" color="red" onClick={() => setConfirmOff(true)}>
        {t('cars.camera.switchOff')}
      </Button>
    </Group>
  );

  return (
    // Under the camera parking switch, whose label and hint already say camera parking is on:
    // no heading or text of its own repeats them.
    <Stack gap="xs" component="section" aria-labelledby="automatic-card-title">
      <Text fw={600} component="h3" id="automatic-card-title">
        {t('cars.camera.cardTitle')}
      </Text>
      {failed && (
        <Alert color="red" role="alert">
          {failed}
        </Alert>
      )}
      {auto?.state === 'on' && (
        <>
          <Text size="sm" data-testid="automatic-card-status">
            {t('cars.camera.cardOn', {
              mask: auto.cardMask ?? '',
              remaining: auto.remaining,
              until: formatDate(auto.until, lang),
              max: formatMoney(auto.maxAmount),
            })}
          </Text>
          {!auto.defaultCard && <Text size="sm">{t('cars.camera.notDefault')}</Text>}
          {offButton}
        </>
      )}
      {auto?.state === 'pending' && (
        <>
          <Text size="sm" data-testid="automatic-card-status">
            {t('cars.camera.pending')}
          </Text>
          {offButton}
        </>
      )}
      {(!auto || auto.state === 'usedUp') && (
        <form onSubmit={(ev) => void switchOn(ev)} noValidate>
          <Stack gap="xs">
            {auto?.state === 'usedUp' && <Text size="sm">{t('cars.camera.usedUp')}</Text>}
            <Text size="sm">
              {t('cars.camera.offIntro', {
                times: data.terms.times,
                days: data.terms.days,
                max: formatMoney(data.terms.maxAmount),
              })}
            </Text>
            <PasswordInput
              id="f-camera-cardSecret"
              label={t('cards.secret.label')}
              description={t('cards.secret.hint')}
              autoComplete="new-password"
              required
              maxLength={32}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={codeError}
            />
            <Group>
              <Button type="submit" loading={sending} disabled={sending}>
                {t('cars.camera.switchOn')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
