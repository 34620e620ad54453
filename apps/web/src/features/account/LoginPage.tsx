import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Message, Session } from '@voltpark/contract';
import { apiRoutes, callApiEnvelope, type EnvelopeLike } from '@/shared/api';
import { logout, startSession, useSession, type UserExtra } from '@/shared/session';
import { onboardingIncomplete } from '@/shared/lib/onboarding';
import { PageFrame } from '@/shared/ui';
import { emailRule, focusFirstError, required, splitMessages } from './rules';
import { AppleLoginFailed, SocialLogin } from './SocialLogin';
import { forgetAppleState, isOwnAppleState } from './providers';
import { FormMessages, LegalLinks, SandboxMailboxLink } from './ui';

export interface LoginState {
  loginNeeded?: boolean;
  /** A 401 ended the driver's login on the page in `from`. */
  loginExpired?: boolean;
  from?: string;
  registered?: boolean;
  passwordChanged?: boolean;
  profileSaved?: boolean;
}

const ORDER = ['email', 'password'] as const;

/** Where to go after a login: the requested route (guard state) or the map. */
function target(state: LoginState | null): string {
  const from = state?.from;
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as LoginState | null;
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  // apple-return sends the browser back with social=failed when Apple's answer did not verify.
  // Only the sign-in this tab started: the ticket must carry the state we sent to Apple.
  const [ticketRefused] = useState(() => ticket !== null && !isOwnAppleState(params.get('state')));
  const appleFailed = params.get('social') === 'failed' || ticketRefused;
  const { loggedIn, user } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<Message[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const ticketUsed = useRef(false);

  const finish = async (env: EnvelopeLike) => {
    const extra = (env.extraData as UserExtra) ?? null;
    await startSession(env.data as Session, extra);
    // SPEC §4 Login: to the welcome wizard while onboarding is incomplete. An external app's
    // consent (/authorize) is not interrupted: the partner app waits for its redirect; nor is a
    // driver whose login expired mid-task (we promised to take them back there).
    const to = target(state);
    const welcome =
      extra &&
      !to.startsWith('/authorize') &&
      !state?.loginExpired &&
      onboardingIncomplete(extra.onboardingDetails, extra.settings);
    void navigate(welcome ? '/welcome' : to, { replace: true });
  };

  // Apple web sign-in comes back with a one-time ticket: exchange it for the session.
  useEffect(() => {
    if (!ticket || ticketUsed.current || ticketRefused) return;
    ticketUsed.current = true;
    forgetAppleState();
    callApiEnvelope(apiRoutes.loginTicket, { body: { ticket }, inlineErrors: true }).then(
      (env) => finish(env),
      (e: unknown) => setGeneral(splitMessages(e).general),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ticket]);

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e = email.trim();
    const p = password.trim();
    const errs: Record<string, string> = {};
    const emailErr = emailRule(e);
    if (emailErr) errs.email = t(emailErr);
    // SPEC §5 E-mail: an invalid address is cleared.
    if (emailErr === 'form.email') setEmail('');
    const pwErr = required(p);
    if (pwErr) errs.password = t(pwErr);
    setErrors(errs);
    setGeneral([]);
    if (Object.keys(errs).length) {
      focusFirstError(ORDER, errs);
      return;
    }
    setSubmitting(true);
    try {
      const env = await callApiEnvelope(apiRoutes.login, {
        body: { email: e, password: p },
        inlineErrors: true,
      });
      await finish(env);
    } catch (err) {
      const { fields, general: g } = splitMessages(err);
      setErrors(fields);
      setGeneral(g);
      focusFirstError(ORDER, fields);
    } finally {
      setSubmitting(false);
    }
  };

  if (loggedIn) {
    return (
      <PageFrame title={t('route.login')}>
        <Alert color="blue" data-testid="already-logged-in">
          {user ? t('account.loggedInAs', { email: user.email }) : t('account.loggedIn')}
        </Alert>
        <Group gap="md">
          <Button component={Link} to="/" className="vp-touch">
            {t('later.backToMap')}
          </Button>
          <Button
            variant="outline"
            className="vp-touch"
            onClick={() => void logout().then(() => navigate('/'))}
          >
            {t('menu.logout')}
          </Button>
        </Group>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('route.login')}>
      {state?.loginNeeded && (
        <Alert color="yellow" role="alert" title={t('auth.loginNeededTitle')}>
          {t('auth.loginNeeded')}
        </Alert>
      )}
      {state?.loginExpired && (
        <Alert color="yellow" role="alert" title={t('auth.loginExpiredTitle')}>
          {t('auth.loginExpired')}
        </Alert>
      )}
      {state?.registered && (
        <Alert color="green" role="status" data-testid="registered-notice">
          <Stack gap={4}>
            <Text size="sm">{t('account.registeredNotice')}</Text>
            <SandboxMailboxLink />
          </Stack>
        </Alert>
      )}
      {state?.passwordChanged && (
        <Alert color="green" role="status">
          {t('account.passwordChangedNotice')}
        </Alert>
      )}
      {state?.profileSaved && (
        <Alert color="green" role="status">
          {t('account.profileSavedNotice')}
        </Alert>
      )}
      {appleFailed && <AppleLoginFailed />}
      <FormMessages messages={general} />
      <form onSubmit={(ev) => void onSubmit(ev)} noValidate aria-label={t('route.login')}>
        <Stack gap="sm">
          <TextInput
            id="f-email"
            label={t('account.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(ev) => setEmail(ev.currentTarget.value)}
            error={errors.email}
            maxLength={255}
          />
          <PasswordInput
            id="f-password"
            label={t('account.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(ev) => setPassword(ev.currentTarget.value)}
            error={errors.password}
            maxLength={255}
            visibilityToggleButtonProps={{ 'aria-label': t('account.showPassword') }}
          />
          <Button type="submit" loading={submitting} className="vp-touch">
            {t('account.loginButton')}
          </Button>
        </Stack>
      </form>
      <SocialLogin onSession={finish} onError={(e) => setGeneral(splitMessages(e).general)} />
      <Group gap="md" wrap="wrap">
        <Anchor component={Link} to="/register" className="vp-touch">
          {t('account.toRegister')}
        </Anchor>
        <Anchor component={Link} to="/forgotten-password" className="vp-touch">
          {t('account.toForgotten')}
        </Anchor>
      </Group>
      <LegalLinks />
    </PageFrame>
  );
}
