import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { storage } from '@/shared/lib/storage';
import { NO_CHARGING_WIZARD_KEY } from './constants';

export const TUTORIAL_SLIDES = 7;

/** Whether the start tutorial should open (SPEC §4: unless the local flag noChargingWizard is 1). */
export function tutorialWanted(): boolean {
  return storage.get(NO_CHARGING_WIZARD_KEY) !== '1';
}

/** SPEC §2/§4 start tutorial: 7 slides and a do-not-show-again option. */
export function TutorialModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [slide, setSlide] = useState(0);
  const [never, setNever] = useState(false);
  const close = () => {
    if (never) storage.set(NO_CHARGING_WIZARD_KEY, '1');
    onClose();
  };
  const n = slide + 1;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('charging.tutorial.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dark.6" aria-live="polite">
          {t('charging.tutorial.counter', { n, of: TUTORIAL_SLIDES })}
        </Text>
        <Text fw={700}>{t(`charging.tutorial.slide${n}.title`)}</Text>
        <Text>{t(`charging.tutorial.slide${n}.text`)}</Text>
        <Group justify="space-between">
          <Button variant="default" disabled={slide === 0} onClick={() => setSlide(slide - 1)}>
            {t('charging.tutorial.prev')}
          </Button>
          {n < TUTORIAL_SLIDES ? (
            <Button onClick={() => setSlide(slide + 1)}>{t('charging.tutorial.next')}</Button>
          ) : (
            <Button onClick={close}>{t('charging.tutorial.done')}</Button>
          )}
        </Group>
        <Checkbox
          label={t('charging.tutorial.never')}
          checked={never}
          onChange={(e) => setNever(e.currentTarget.checked)}
        />
      </Stack>
    </Modal>
  );
}
