import { Button } from '@mantine/core';
import type { PartnerConnector, PartnerEvse } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { plugName } from '@/shared/lib/traits';

/** The way from a partner site's panel to the start at one connector of an AVAILABLE EVSE. */
export function RoamingStartLink({
  locationId,
  evse,
  connector,
}: {
  locationId: number;
  evse: PartnerEvse;
  connector: PartnerConnector;
}) {
  const { t } = useTranslation();
  const to = `/roaming-charge?location=${locationId}&evse=${encodeURIComponent(evse.uid)}&connector=${encodeURIComponent(connector.id)}`;
  const plug = connector.outlet ? plugName(connector.outlet) : connector.standard;
  return (
    <Button
      component={Link}
      to={to}
      size="sm"
      mt={6}
      aria-label={t('roamingCharge.startAt', { evse: evse.evseId ?? evse.uid, plug })}
      data-testid="roaming-start-link"
    >
      {t('roamingCharge.start')}
    </Button>
  );
}
