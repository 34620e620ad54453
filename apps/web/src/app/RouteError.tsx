import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a screen fails to load (e.g. a chunk is missing offline) or throws. Plain HTML. */
export function RouteError() {
  const { t } = useTranslation();
  const err = useRouteError();
  const notFound = isRouteErrorResponse(err) && err.status === 404;
  return (
    <main className="vp-error-page">
      <h1>{notFound ? t('route.notFound') : t('error.pageTitle')}</h1>
      <p>{notFound ? t('notFound.body') : t('error.pageBody')}</p>
      <a href="/">{t('later.backToMap')}</a>
    </main>
  );
}
