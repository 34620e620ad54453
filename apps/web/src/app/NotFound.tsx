import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../shared/ui';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.notFound')}>
      <Text>{t('notFound.body')}</Text>
      <Anchor component={Link} to="/">
        {t('later.backToMap')}
      </Anchor>
    </PageFrame>
  );
}
