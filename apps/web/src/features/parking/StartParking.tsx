import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { emailSchema, type ParkingLot } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '@/shared/api';
import { startGuestSession, useSession } from '@/shared/session';
import { parkingLive } from './parkingLive';
import { AUTO_START_MS, canStartAt } from './parkingState';
import { failureText, startCasualParking, startParking } from './startCalls';

/** A signed-in driver: start (autoStart=1: after 50 ms); the permit question follows while STARTING. */
function RegisteredStart({ lot, autoStart }: { lot: ParkingLot; autoStart: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busyRef = useRef(false);

  async function start() {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      const s = await startParking(lot.id);
      if (!s) setError(t('parking.start.failed'));
      else {
        parkingLive.setSession(s);
        parkingLive.refreshSession();
      }
    } catch (e) {
      setError(failureText(e, t('parking.start.failed')));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  const startRef = useRef(start);
  useEffect(() => {
    startRef.current = start;
  });
  useEffect(() => {
    if (!autoStart) return;
    const id = setTimeout(() => void startRef.current(), AUTO_START_MS);
    return () => clearTimeout(id);
  }, [autoStart]);

  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button size="lg" onClick={() => void start()} loading={busy} data-testid="parking-start">
        {t('parking.start.button')}
      </Button>
    </Stack>
  );
}

/**
 * A visitor: log in or register, or park as a guest with an e-mail (start-casual needs it; the
 * receipt goes there). The casual survey is asked once, when the guest pays (decision 0062).
 */
function GuestStart({ lot }: { lot: ParkingLot }) {
  const { t } = useTranslation(['translation', 'messages']);
  const [stage, setStage] = useState<'choose' | 'email'>('choose');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    // SPEC §5 casual e-mail: required, trimmed, at most 255, an e-mail address.
    const checked = emailSchema.safeParse(email);
    if (!checked.success) {
      setEmailError(t(`messages:${checked.error.issues[0]!.message}`));
      return;
    }
    const mail = checked.data;
    setEmailError(null);
    setError(null);
    setLinkSent(null);
    setBusy(true);
    try {
      const r = await startCasualParking(lot.id, mail);
      if (r.kind === 'refused') return;
      await startGuestSession(r.accessToken, mail);
      if (r.session) parkingLive.setSession(r.session);
    } catch (err) {
      const field = err instanceof ApiError ? err.envelope?.messages.find((m) => m.field) : null;
      // A returning guest on a new device: not a mistake of theirs, the link is in their mailbox.
      if (field?.messageKey === 'parking.casualAccessLinkSent') setLinkSent(field.text);
      else if (field?.field === 'email') setEmailError(field.text);
      else
        setError(
          err instanceof ApiError && err.network
            ? t('parking.start.casualFailed')
            : failureText(err, t('parking.start.casualFailed')),
        );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      <Text>{t('parking.guest.intro')}</Text>
      <Group>
        <Button component={Link} to="/login" state={{ from: `/parking-lot/${lot.id}` }}>
          {t('menu.login')}
        </Button>
        <Button component={Link} to="/register" variant="outline">
          {t('menu.register')}
        </Button>
      </Group>
      {stage === 'choose' && (
        <Button
          variant="light"
          // The Hungarian label is longer than a 390 px phone: it wraps rather than being cut.
          h="auto"
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          onClick={() => setStage('email')}
        >
          {t('parking.guest.choose')}
        </Button>
      )}
      {stage === 'email' && (
        <form onSubmit={(e) => void start(e)} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('casual.email')}
              description={t('parking.guest.emailHint')}
              type="email"
              autoComplete="email"
              required
              maxLength={255}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={emailError}
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {linkSent && (
              <Alert color="blue" role="status" data-testid="parking-guest-link-sent">
                {linkSent}
              </Alert>
            )}
            <Button type="submit" size="lg" loading={busy} data-testid="parking-start-guest">
              {t('parking.start.button')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** SPEC §2 Parking lot view: the start-parking section (hidden while a parking is current). */
export function StartParking({ lot, autoStart }: { lot: ParkingLot; autoStart: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!canStartAt(lot)) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="start-parking">
      <Stack gap="sm">
        <Title order={2} size="h5" id="start-parking">
          {t('parking.start.title')}
        </Title>
        {session.loggedIn ? (
          <RegisteredStart lot={lot} autoStart={autoStart} />
        ) : (
          <GuestStart lot={lot} />
        )}
      </Stack>
    </Paper>
  );
}
