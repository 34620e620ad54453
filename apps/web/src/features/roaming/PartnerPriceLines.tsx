import { List, Text } from '@mantine/core';
import type { PartnerPrice } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/format';

/** Every price component of one connector, or why there is no price to show (decision 0039). */
export function PartnerPriceLines({ price }: { price: PartnerPrice }) {
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
