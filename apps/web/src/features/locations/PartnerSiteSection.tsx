import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { PartnerEvseStatus, PartnerPrice, PartnerSite } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { formatKw, formatMoney } from '@/shared/format';
import { plugName } from '@/shared/lib/traits';

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

/** Every price component of one connector, or why there is no price to show (decision 0039). */
function PriceLines({ price }: { price: PartnerPrice }) {
  const { t } = useTranslation();
  if (price.caveat === 'noTariff' || price.caveat === 'currency') {
    return (
      <Text size="sm" mt={4}>
        {t(`partner.price.${price.caveat}`)}
      </Text>
    );
  }
  return (
    <>
      <List size="sm" mt={4} aria-label={t('partner.price.title')}>
        {price.components.map((c, i) => (
          <List.Item key={`${c.type}-${i}`}>
            {t(`partner.price.${c.type}`, { price: formatMoney(c.grossFt) })}
            {c.roamingFeeFt > 0 &&
              ` (${t('partner.price.feePart', { fee: formatMoney(c.roamingFeeFt) })})`}
            {c.conditional && ` – ${t('partner.price.conditionalMark')}`}
          </List.Item>
        ))}
      </List>
      {price.caveat === 'conditional' && (
        <Text size="xs" mt={4}>
          {t('partner.price.conditional')}
        </Text>
      )}
      {price.text && (
        <Text size="xs" mt={4} c="dark.6">
          {t('partner.price.partnerText', { text: price.text })}
        </Text>
      )}
    </>
  );
}

/**
 * A roaming partner's site in the location panel: whose chargers they are, each charging point's
 * live status and every price component before start. No start button: charging there cannot be
 * started from the app yet (SPEC: what cannot be finished is not shown).
 */
export function PartnerSiteSection({ site }: { site: PartnerSite }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="partner-site">
      <Text size="sm">
        {site.roamingFeePercent > 0
          ? t('partner.price.intro', { percent: site.roamingFeePercent })
          : t('partner.price.introNoFee')}
      </Text>
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
                <PriceLines price={c.price} />
              </div>
            ))}
          </Paper>
        );
      })}
    </Stack>
  );
}
