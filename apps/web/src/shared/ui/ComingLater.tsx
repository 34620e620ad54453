import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Honest notice where a later version adds the feature (no fake buttons). */
export function ComingLater({ children }: { children?: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" title={t('later.title')} role="note">
      {children ?? t('later.body')}
    </Alert>
  );
}
