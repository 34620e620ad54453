import { useTranslation } from 'react-i18next';
import { elapsedParts, type ElapsedParts } from '../lib/elapsed';
import { useNow } from '../lib/useNow';

/** "1 perc 24 mp" / "1 min 24 s", with the machine-readable duration. */
export function ElapsedTime({ parts }: { parts: ElapsedParts }) {
  const { t } = useTranslation();
  const text = parts.h > 0 ? t('common.elapsed.hms', parts) : t('common.elapsed.ms', parts);
  return <time dateTime={`PT${parts.seconds}S`}>{text}</time>;
}

/** The time since `start` (ISO), renewed every second; nothing without a start. */
export function ElapsedSince({ start }: { start: string | null }) {
  const now = useNow(1000, start !== null);
  const parts = elapsedParts(start, now);
  return parts ? <ElapsedTime parts={parts} /> : null;
}
