import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Image, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Message } from '@voltpark/contract';
import { apiRoutes, callApi } from '@/shared/api';
import { NewPasswordFields, PageFrame, PhoneField } from '@/shared/ui';
import { useCaptcha } from './captcha';
import {
  emailRule,
  focusFirstError,
  newPasswordRule,
  parsePhone,
  repeatRule,
  required,
  splitMessages,
} from './rules';
import { FormMessages, LegalLinks } from './ui';

const ORDER = ['email', 'phone', 'password', 'password2', 'inputCode', 'accepted'] as const;

export interface RegisterValues {
  email: string;
  phone: string;
  password: string;
  password2: string;
  inputCode: string;
  accepted: boolean;
}

/** The client rules of the registration form (SPEC §5); keys of the failing fields' texts. */
export function validateRegister(v: RegisterValues): Record<string, string> {
  const errs: Record<string, string | null> = {
    email: emailRule(v.email),
    phone: (() => {
      const p = parsePhone(v.phone);
      return p.ok ? null : p.error;
    })(),
    password: newPasswordRule(v.password),
    password2: repeatRule(v.password, v.password2),
    inputCode: required(v.inputCode),
    accepted: v.accepted ? null : 'account.acceptRequired',
  };
  return Object.fromEntries(Object.entries(errs).filter(([, e]) => e)) as Record<string, string>;
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const captcha = useCaptcha();
  const [v, setV] = useState<RegisterValues>({
    email: '',
    phone: '',
    password: '',
    password2: '',
    inputCode: '',
    accepted: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<Message[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const field =
    <K extends keyof RegisterValues>(k: K) =>
    (value: RegisterValues[K]) =>
      setV((o) => ({ ...o, [k]: value }));

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const keys = validateRegister(v);
    // SPEC §5 E-mail: an invalid address is cleared.
    if (keys.email === 'form.email') setV((o) => ({ ...o, email: '' }));
    const errs = Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, t(k)]));
    setErrors(errs);
    setGeneral([]);
    if (Object.keys(errs).length) {
      focusFirstError(ORDER, errs);
      return;
    }
    if (!captcha.code || captcha.expired) {
      setErrors({ inputCode: t('account.captchaExpired') });
      focusFirstError(ORDER, { inputCode: true });
      return;
    }
    setSubmitting(true);
    try {
      await callApi(apiRoutes.register, {
        body: {
          email: v.email.trim(),
          phone: v.phone.trim(),
          password: v.password,
          password2: v.password2,
          accepted: v.accepted,
          chargerId: params.get('chargerId') ?? '',
          gateId: params.get('gateId') ?? '',
          code: captcha.code,
          inputCode: v.inputCode.trim(),
        } as never,
        inlineErrors: true,
        // The log-in page says it (with the sandbox mailbox link): no notice over the top bar.
        ownSuccessNotice: true,
      });
      void navigate('/login', { replace: true, state: { registered: true } });
    } catch (err) {
      const { fields, general: g } = splitMessages(err);
      setErrors(fields);
      setGeneral(g);
      focusFirstError(ORDER, fields);
      // A captcha answer is used up by any attempt: show a new picture.
      setV((o) => ({ ...o, inputCode: '' }));
      void captcha.refresh();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PageFrame title={t('route.register')}>
      <FormMessages messages={general} />
      <form onSubmit={(ev) => void onSubmit(ev)} noValidate aria-label={t('route.register')}>
        <Stack gap="sm">
          <TextInput
            id="f-email"
            label={t('account.email')}
            type="email"
            autoComplete="email"
            required
            maxLength={255}
            value={v.email}
            onChange={(e) => field('email')(e.currentTarget.value)}
            error={errors.email}
          />
          <PhoneField value={v.phone} onChange={field('phone')} error={errors.phone} />
          <NewPasswordFields
            label={t('account.password')}
            password={v.password}
            password2={v.password2}
            onPassword={field('password')}
            onPassword2={field('password2')}
            errors={errors}
          />
          <Stack gap={4}>
            {captcha.imageUrl && (
              <Image
                src={captcha.imageUrl}
                alt={t('account.captchaImage')}
                w={200}
                h={70}
                fit="contain"
                data-testid="captcha-image"
              />
            )}
            {captcha.failed && (
              <Text size="sm" c="red.8" role="alert">
                {t('account.captchaFailed')}
              </Text>
            )}
            {captcha.expired && (
              <Alert color="yellow" role="alert" data-testid="captcha-expired">
                {t('account.captchaExpired')}
              </Alert>
            )}
            <Group>
              <Button
                variant="outline"
                className="vp-touch"
                onClick={() => void captcha.refresh()}
                data-testid="captcha-refresh"
              >
                {t('account.captchaRefresh')}
              </Button>
            </Group>
          </Stack>
          <TextInput
            id="f-inputCode"
            label={t('account.captchaInput')}
            autoComplete="off"
            autoCapitalize="characters"
            required
            maxLength={16}
            value={v.inputCode}
            onChange={(e) => field('inputCode')(e.currentTarget.value)}
            error={errors.inputCode}
          />
          <Switch
            id="f-accepted"
            label={t('account.accept')}
            checked={v.accepted}
            onChange={(e) => field('accepted')(e.currentTarget.checked)}
            error={errors.accepted}
            size="md"
            // The whole label row is a 44 px target.
            styles={{
              body: { alignItems: 'center' },
              label: { minHeight: 44, display: 'flex', alignItems: 'center' },
            }}
          />
          <LegalLinks />
          <Group gap="md">
            <Button type="submit" loading={submitting} className="vp-touch">
              {t('account.registerButton')}
            </Button>
            <Button variant="default" className="vp-touch" onClick={() => void navigate('/login')}>
              {t('account.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </PageFrame>
  );
}
