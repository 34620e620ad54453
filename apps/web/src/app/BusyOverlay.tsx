import { useEffect, useState } from 'react';
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../shared/api';

/** Full-screen busy overlay (SPEC §2 Other); appears only when a call takes longer than 400 ms. */
export function BusyOverlay() {
  const { t } = useTranslation();
  const busy = useBusy();
  const [delayed, setDelayed] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setDelayed(true), 400);
    return () => {
      clearTimeout(timer);
      setDelayed(false);
    };
  }, [busy]);
  if (!busy || !delayed) return null;
  return (
    <div className="vp-busy" role="status" aria-live="polite" data-testid="busy-overlay">
      <Loader color="brand" size="lg" aria-hidden="true" />
      <span className="vp-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
