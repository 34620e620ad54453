import { useTranslation } from 'react-i18next';

/** "45 perc", "2 óra", "1 óra 30 perc" (and the English forms). */
export function useMinutesLabel(): (minutes: number) => string {
  const { t } = useTranslation();
  return (minutes: number) =>
    minutes < 60
      ? t('charging.minutes', { count: minutes })
      : minutes % 60 === 0
        ? t('charging.hours', { count: minutes / 60 })
        : t('charging.hoursMinutes', { h: Math.floor(minutes / 60), m: minutes % 60 });
}
