import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PartnerEvseStatus, PartnerSite } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { formatKw } from '@/shared/format';
import { plugName } from '@/shared/lib/traits';
import { useSession } from '@/shared/session';
import { PartnerPriceLines, RoamingSignIn, RoamingStartLink } from '../roaming';

const STATUS_COLOR: Record<PartnerEvseStatus, string> = {
  AVAILABLE: 'green',
  CHARGING: 'blue',
  RESERVED: 'blue',
  BLOCKED: 'orange',
  INOPERATIVE: 'red',
  OUTOFORDER: 'red',
  PLANNED: 'gray',
  UNKNOWN: 'gray',
};

/**
 * A roaming partner's site in the location panel: whose chargers they are, each charging point's
 * live status and every price component before start, and for a signed-in driver a start at each
 * connector of an AVAILABLE point (decision 0043); guests and visitors are asked to sign in.
 */
export function PartnerSiteSection({
  site,
  locationId,
}: {
  site: PartnerSite;
  locationId: number;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const driver = session.loggedIn && !session.user?.casualUser;
  return (
    <Stack gap="sm" data-testid="partner-site">
      <Text size="sm">
        {site.roamingFeePercent > 0
          ? t('partner.price.intro', { percent: site.roamingFeePercent })
          : t('partner.price.introNoFee')}
      </Text>
      {!driver && <RoamingSignIn />}
      {site.evses.map((e, i) => {
        const headingId = `partner-evse-${i}`;
        return (
          <Paper
            key={e.uid}
            withBorder
            p="sm"
            radius="md"
            component="article"
            aria-labelledby={headingId}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Title order={3} size="h5" id={headingId}>
                {t('partner.evse', { id: e.evseId ?? e.uid })}
              </Title>
              <Badge color={STATUS_COLOR[e.status]} variant="filled" tt="none" size="lg">
                {t(`partner.status.${e.status}`)}
              </Badge>
            </Group>
            {e.connectors.map((c) => (
              <div key={c.id}>
                <Text size="sm" mt={6} fw={600}>
                  {c.outlet ? plugName(c.outlet) : c.standard} · {c.currentType} ·{' '}
                  {formatKw(c.powerKw)}
                </Text>
                <PartnerPriceLines price={c.price} />
                {driver && e.status === 'AVAILABLE' && (
                  <RoamingStartLink locationId={locationId} evse={e} connector={c} />
                )}
              </div>
            ))}
          </Paper>
        );
      })}
    </Stack>
  );
}
