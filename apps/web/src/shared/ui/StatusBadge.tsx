import { Badge } from '@mantine/core';
import type { ChargerStatus } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { chargerStatusDisplay } from '../lib/chargerStatus';

/** The translated connector state (SPEC §4), coloured by availability. */
export function StatusBadge({
  status,
  fallbackTitle,
}: {
  status: ChargerStatus;
  fallbackTitle?: string;
}) {
  const { t } = useTranslation(['translation', 'messages']);
  const d = chargerStatusDisplay(status);
  return (
    <Badge color={d.color} variant="filled" tt="none" size="lg" className="vp-status">
      {t(`messages:chargerStatus.${status}`, { defaultValue: fallbackTitle ?? status })}
    </Badge>
  );
}
