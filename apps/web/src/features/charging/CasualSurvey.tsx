import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * SPEC §4 casual survey: collect points? yes → register; no → invoice? yes → register; no → the
 * e-mail input shows (the selection is complete).
 */
export function CasualSurvey({
  chargerId,
  onComplete,
}: {
  chargerId: number;
  onComplete: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<'points' | 'invoice'>('points');
  const toRegister = () => void navigate(`/register?chargerId=${chargerId}`);
  const question = step === 'points' ? t('casual.survey.points') : t('casual.survey.invoice');
  return (
    <Stack gap="xs" role="group" aria-labelledby="casual-survey-q">
      <Text fw={600} id="casual-survey-q" aria-live="polite">
        {question}
      </Text>
      <Group>
        <Button variant="outline" onClick={toRegister}>
          {t('common.yes')}
        </Button>
        <Button
          variant="outline"
          onClick={() => (step === 'points' ? setStep('invoice') : onComplete())}
        >
          {t('common.no')}
        </Button>
      </Group>
    </Stack>
  );
}
