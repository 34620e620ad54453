import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useReveal } from '@/shared/lib/useReveal';

/**
 * SPEC §4 casual survey, asked once, before a guest pays a parking (SPEC §4 STARTED, decision
 * 0062): collect points? yes → register; no → invoice? yes → register; no → onComplete.
 */
export function ParkingSurvey({ onComplete }: { onComplete: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<'points' | 'invoice'>('points');
  // Decision 0064: the survey opens the payment step: scrolled to, its question focused.
  const ref = useReveal<HTMLParagraphElement>();
  const question = step === 'points' ? t('parking.survey.points') : t('parking.survey.invoice');
  return (
    <Stack gap="xs" role="group" aria-labelledby="parking-survey-q">
      <Text fw={600} id="parking-survey-q" aria-live="polite" ref={ref} tabIndex={-1}>
        {question}
      </Text>
      <Group>
        <Button variant="outline" onClick={() => void navigate('/register')}>
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
