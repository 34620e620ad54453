import { List, Text } from '@mantine/core';
import type { PartnerPrice, PartnerPriceComponent } from '@voltpark/contract';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/format';
import { conditionText } from './priceCondition';

/** "Energia: 140 Ft/kWh (ebből roaming díj: 13 Ft) – a kezdettől számított 4 óra után". */
function lineText(c: PartnerPriceComponent, t: TFunction): string {
  let text = t(`partner.price.${c.type}`, { price: formatMoney(c.grossFt) });
  if (c.roamingFeeFt > 0)
    text += ` (${t('partner.price.feePart', { fee: formatMoney(c.roamingFeeFt) })})`;
  if (c.condition) text += ` – ${conditionText(c.condition, t)}`;
  else if (c.otherwise) text += ` – ${t('partner.price.otherwise')}`;
  else if (c.conditional) text += ` – ${t('partner.price.conditionalMark')}`;
  return text;
}

function Lines({ components, label }: { components: PartnerPriceComponent[]; label: string }) {
  const { t } = useTranslation();
  return (
    <List size="sm" mt={4} aria-label={label}>
      {components.map((c, i) => (
        <List.Item key={`${c.type}-${i}`}>{lineText(c, t)}</List.Item>
      ))}
    </List>
  );
}

/**
 * The price of one connector for a charge started now (decisions 0039, 0047): every component
 * in the app's one money format, the steps the charge may reach with their conditions, the
 * partner's lowest and highest price of a charge, when the price changes next, and the partner's own note in its language; or why there is no price.
 */
export function PartnerPriceLines({ price }: { price: PartnerPrice }) {
  const { t } = useTranslation();
  const changeId = useId();
  if (price.caveat === 'noTariff' || price.caveat === 'currency') {
    return (
      <Text size="sm" mt={4}>
        {t(`partner.price.${price.caveat}`)}
      </Text>
    );
  }
  const change = price.nextChange;
  const changeTitle = change
    ? t(change.tomorrow ? 'partner.price.nextChangeTomorrow' : 'partner.price.nextChangeToday', {
        time: change.time,
      })
    : '';
  return (
    <>
      <Lines components={price.components} label={t('partner.price.title')} />
      {price.minChargeFt !== undefined && (
        <Text size="sm" mt={4}>
          {t('partner.price.minCharge', { price: formatMoney(price.minChargeFt) })}
        </Text>
      )}
      {price.maxChargeFt !== undefined && (
        <Text size="sm" mt={4}>
          {t('partner.price.maxCharge', { price: formatMoney(price.maxChargeFt) })}
        </Text>
      )}
      {change && (
        <div data-testid="partner-price-change">
          <Text size="sm" mt={4} fw={600} id={changeId}>
            {changeTitle}
          </Text>
          <Lines components={change.components} label={changeTitle} />
        </div>
      )}
      {/* Only about components with a condition: a lowest or highest price has its own line. */}
      {price.caveat === 'conditional' && price.components.some((c) => c.conditional) && (
        <Text size="xs" mt={4}>
          {t('partner.price.conditional')}
        </Text>
      )}
      {price.text && (
        <Text size="xs" mt={4} c="dark.6">
          {t('partner.price.partnerNote')}:{' '}
          <q lang={price.textLanguage} data-testid="partner-note">
            {price.text}
          </q>
        </Text>
      )}
    </>
  );
}
