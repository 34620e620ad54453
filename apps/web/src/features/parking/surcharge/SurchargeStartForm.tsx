import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { emailSchema, parkCodeSchema, type Surcharge } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api';
import { failureText } from '../startCalls';
import { startSurcharge } from './surchargeCalls';

type Errors = { email?: string; code?: string; form?: string };

/**
 * SPEC §5 "Surcharge start needs both e-mail and parking code": the parking's e-mail and code
 * (prefilled from the query's email and parkCode). A registered user starts it logged in,
 * anybody else as a guest. SPEC §8: no response → "No response from server"; nothing found →
 * "session not found for code and e-mail".
 */
export function SurchargeStartForm({
  initialEmail,
  initialCode,
  registered,
  onStarted,
}: {
  initialEmail: string;
  initialCode: string;
  registered: boolean;
  onStarted: (s: Surcharge) => void;
}) {
  const { t } = useTranslation(['translation', 'messages']);
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState(initialCode);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const mail = emailSchema.safeParse(email);
    const park = parkCodeSchema.safeParse(code);
    const next: Errors = {};
    if (!mail.success) next.email = t(`messages:${mail.error.issues[0]!.message}`);
    if (!park.success) next.code = t(`messages:${park.error.issues[0]!.message}`);
    setErrors(next);
    if (!mail.success || !park.success) return;
    setBusy(true);
    try {
      const found = await startSurcharge({ email: mail.data, code: park.data }, registered);
      if (found) onStarted(found);
      else setErrors({ form: t('parking.surcharge.notFound') });
    } catch (err) {
      const field = err instanceof ApiError ? err.envelope?.messages.find((m) => m.field) : null;
      if (err instanceof ApiError && err.network)
        setErrors({ form: t('parking.surcharge.noResponse') });
      else if (field?.field === 'email' || field?.field === 'code')
        setErrors({ [field.field]: field.text });
      else setErrors({ form: failureText(err, t('parking.surcharge.noResponse')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('parking.surcharge.title')}>
      <Stack gap="sm">
        <TextInput
          label={t('parking.surcharge.email')}
          type="email"
          autoComplete="email"
          required
          maxLength={255}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
        />
        <TextInput
          label={t('parking.surcharge.code')}
          description={t('parking.surcharge.codeHint')}
          autoComplete="off"
          autoCapitalize="characters"
          required
          maxLength={16}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={errors.code}
        />
        {errors.form && (
          <Alert color="red" role="alert" data-testid="surcharge-start-error">
            {errors.form}
          </Alert>
        )}
        <Button type="submit" loading={busy} data-testid="surcharge-start">
          {t('parking.surcharge.start')}
        </Button>
      </Stack>
    </form>
  );
}
