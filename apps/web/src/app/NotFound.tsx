import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
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

/** Shown when a screen fails to load (e.g. a chunk is missing offline) or throws. */
export function RouteError() {
  const { t } = useTranslation();
  const err = useRouteError();
  const notFound = isRouteErrorResponse(err) && err.status === 404;
  return (
    <PageFrame title={notFound ? t('route.notFound') : t('error.pageTitle')}>
      <Text>{notFound ? t('notFound.body') : t('error.pageBody')}</Text>
      <Anchor href="/">{t('later.backToMap')}</Anchor>
    </PageFrame>
  );
}
