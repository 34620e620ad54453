import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Message } from '@voltpark/contract';
import { apiRoutes, callApi } from '@/shared/api';
import { NewPasswordFields, PageFrame } from '@/shared/ui';
import { emailRule, focusFirstError, newPasswordRule, repeatRule, splitMessages } from './rules';
import { FormMessages, SandboxMailboxLink } from './ui';

/** The client rules of the new-password form (SPEC §5); i18n keys of the failing fields. */
export function validateNewPassword(password: string, password2: string): Record<string, string> {
  const errs: Record<string, string | null> = {
    password: newPasswordRule(password),
    password2: repeatRule(password, password2),
  };
  return Object.fromEntries(Object.entries(errs).filter(([, e]) => e)) as Record<string, string>;
}

function RequestForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [general, setGeneral] = useState<Message[]>([]);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e = email.trim();
    const err = emailRule(e);
    setGeneral([]);
    if (err) {
      // SPEC §5 E-mail: an invalid address is cleared.
      if (err === 'form.email') setEmail('');
      setError(t(err));
      focusFirstError(['email'], { email: true });
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await callApi(apiRoutes.forgetPassword, { body: { email: e }, inlineErrors: true });
      setSent(true);
    } catch (x) {
      const { fields, general: g } = splitMessages(x);
      setError(fields.email);
      setGeneral(g);
      if (fields.email) focusFirstError(['email'], fields);
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <Alert color="green" role="status" data-testid="reset-sent">
        <Stack gap={4}>
          <Text size="sm">{t('account.resetSent')}</Text>
          <SandboxMailboxLink />
        </Stack>
      </Alert>
    );
  }
  return (
    <>
      <Text>{t('account.resetIntro')}</Text>
      <FormMessages messages={general} />
      <form
        onSubmit={(ev) => void onSubmit(ev)}
        noValidate
        aria-label={t('route.forgottenPassword')}
      >
        <Stack gap="sm">
          <TextInput
            id="f-email"
            label={t('account.email')}
            type="email"
            autoComplete="email"
            required
            maxLength={255}
            value={email}
            onChange={(ev) => setEmail(ev.currentTarget.value)}
            error={error}
          />
          <Group gap="md">
            <Button type="submit" loading={submitting} className="vp-touch">
              {t('account.resetButton')}
            </Button>
            <Button component={Link} to="/login" variant="default" className="vp-touch">
              {t('account.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<Message[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const ORDER = ['password', 'password2'];

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const keys = validateNewPassword(password, password2);
    const errs = Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, t(k)]));
    setErrors(errs);
    setGeneral([]);
    if (Object.keys(errs).length) {
      focusFirstError(ORDER, errs);
      return;
    }
    setSubmitting(true);
    try {
      await callApi(apiRoutes.forgetPasswordChange, {
        body: { password, password2, token },
        inlineErrors: true,
      });
      void navigate('/login', { replace: true, state: { passwordChanged: true } });
    } catch (x) {
      const { fields, general: g } = splitMessages(x);
      // The token is not an input: its message shows above the form.
      const { token: tokenMsg, ...rest } = fields;
      setErrors(rest);
      setGeneral(tokenMsg ? [...g, { text: tokenMsg, severity: 'error' } as Message] : g);
      focusFirstError(ORDER, rest);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <FormMessages messages={general} />
      <form
        onSubmit={(ev) => void onSubmit(ev)}
        noValidate
        aria-label={t('account.newPasswordTitle')}
      >
        <Stack gap="sm">
          <NewPasswordFields
            label={t('account.newPassword')}
            password={password}
            password2={password2}
            onPassword={setPassword}
            onPassword2={setPassword2}
            errors={errors}
          />
          <Group>
            <Button type="submit" loading={submitting} className="vp-touch">
              {t('account.savePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}

/** SPEC §2 Forgotten password: the request form, or with ?token the new-password form. */
export function ForgottenPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <PageFrame title={token ? t('account.newPasswordTitle') : t('route.forgottenPassword')}>
      {token ? <NewPasswordForm token={token} /> : <RequestForm />}
    </PageFrame>
  );
}
