import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApiEnvelope } from '@/shared/api';
import { failureText } from './startCalls';

export type PermitAnswer = 'none' | 'valid';

/**
 * SPEC §4 STARTING at a lot with permits (parking not free): does the driver have a permit?
 * Yes → the car plate (required, at most 20) is checked against the session's lot; a valid
 * permit makes the session free, a failed check leaves it invalid (the server says why).
 */
export function PermitCheck({
  sessionId,
  onAnswer,
}: {
  sessionId: number;
  onAnswer: (a: PermitAnswer) => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(true);
  const [plate, setPlate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(e: FormEvent) {
    e.preventDefault();
    const p = plate.trim();
    setInvalid(null);
    if (!p) {
      setError(t('parking.permit.emptyPlate'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const env = await callApiEnvelope(apiRoutes.parkingCarPlate, {
        params: { parkingId: sessionId, plate: p },
        inlineErrors: true,
      });
      if (env.result) onAnswer('valid');
      else setInvalid(env.messages[0]?.text ?? t('parking.permit.invalid'));
    } catch (err) {
      setInvalid(failureText(err, t('parking.permit.invalid')));
    } finally {
      setBusy(false);
    }
  }

  if (asking)
    return (
      <Stack gap="xs" role="group" aria-labelledby="permit-q">
        <Text fw={600} id="permit-q">
          {t('parking.permit.question')}
        </Text>
        <Group>
          <Button variant="outline" onClick={() => setAsking(false)}>
            {t('common.yes')}
          </Button>
          <Button variant="outline" onClick={() => onAnswer('none')}>
            {t('common.no')}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <form onSubmit={(e) => void check(e)} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t('parking.permit.plate')}
          value={plate}
          onChange={(e) => setPlate(e.currentTarget.value.toUpperCase())}
          maxLength={20}
          required
          autoComplete="off"
          error={error}
        />
        {invalid && (
          <Alert color="yellow" role="alert">
            {invalid}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            {t('parking.permit.check')}
          </Button>
          <Button variant="subtle" onClick={() => onAnswer('none')}>
            {t('parking.permit.without')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
