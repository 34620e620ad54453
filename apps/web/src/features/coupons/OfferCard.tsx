import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { CouponOffer } from '@voltpark/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '@/shared/format';
import { ONLINE_WALLET_STYLE } from './deposit';
import { backBeforeEnd } from './nearby';
import { affordableWithPoints } from './offerFilters';

/** "1 200 pont" or "2 000 Ft". */
export function offerPrice(o: CouponOffer, t: TFunction): string {
  return o.priceUnit === 'FT'
    ? formatMoney(o.price)
    : t('coupons.points', { points: formatNumber(o.price) });
}

/**
 * One coupon offer (SPEC §3 Coupon offer): shop, name, discount, condition, price in points or
 * Ft, cities and a link to its description; a buy button, or for the online-wallet offer the
 * deposit button. An offer the points do not cover says so next to its disabled button.
 */
export function OfferCard({
  offer,
  points,
  categoryName,
  onBuy,
  onDeposit,
  charging = null,
}: {
  offer: CouponOffer;
  points: number | undefined;
  categoryName: (key: string) => string;
  onBuy: (o: CouponOffer) => void;
  onDeposit: () => void;
  /** While the driver charges: when the charge ends (null: unknown), for the walk there and back. */
  charging?: { endsAt: number | null; now: number } | null;
}) {
  const { t } = useTranslation();
  const titleId = `offer-${offer.id}-title`;
  const deposit = offer.styleClass === ONLINE_WALLET_STYLE;
  const affordable = deposit || affordableWithPoints(offer, points);
  const shortId = `offer-${offer.id}-short`;
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-labelledby={titleId}
      data-testid="coupon-offer"
    >
      <Stack gap={6}>
        <Text size="sm" c="dark.6">
          {offer.shopUrl ? (
            <Anchor href={offer.shopUrl} target="_blank" rel="noopener noreferrer" size="sm">
              {offer.shopName}
              <span className="vp-visually-hidden"> ({t('common.newTab')})</span>
            </Anchor>
          ) : (
            offer.shopName
          )}
        </Text>
        <Text fw={600} component="h3" id={titleId}>
          {offer.name}
        </Text>
        <Group gap={6}>
          {offer.discountPercent != null && (
            <Badge color="green" variant="light">
              {t('coupons.discount', { percent: offer.discountPercent })}
            </Badge>
          )}
          {offer.type === 'WEBSHOP' && (
            <Badge color="grape" variant="light">
              {t('coupons.webshop')}
            </Badge>
          )}
          {offer.categories.map((c) => (
            <Badge key={c} color="gray" variant="outline">
              {categoryName(c)}
            </Badge>
          ))}
        </Group>
        {charging && offer.distanceInMeters != null && offer.walkingMinutes != null && (
          <Text size="sm" fw={500} data-testid="offer-nearby">
            {t('coupons.nearby.walk', {
              meters: formatNumber(offer.distanceInMeters),
              minutes: formatNumber(offer.walkingMinutes),
            })}{' '}
            {(() => {
              const back = backBeforeEnd(offer.walkingMinutes, charging.endsAt, charging.now);
              return back === null
                ? ''
                : t(back ? 'coupons.nearby.backInTime' : 'coupons.nearby.backLate');
            })()}
          </Text>
        )}
        {offer.couponCondition && <Text size="sm">{offer.couponCondition}</Text>}
        {offer.cities.length > 0 && (
          <Text size="sm" c="dark.6">
            {t('coupons.cities', { cities: offer.cities.join(', ') })}
          </Text>
        )}
        {offer.description && (
          <Anchor href={offer.description} target="_blank" rel="noopener noreferrer" size="sm">
            {t('coupons.details')}
            <span className="vp-visually-hidden"> ({t('common.newTab')})</span>
          </Anchor>
        )}
        <Group justify="space-between" align="center" mt={4}>
          {!deposit && (
            <Text fw={700} data-testid="offer-price">
              {offerPrice(offer, t)}
            </Text>
          )}
          {deposit ? (
            <Button className="vp-touch" onClick={onDeposit}>
              {t('coupons.deposit.open')}
            </Button>
          ) : (
            <Button
              className="vp-touch"
              disabled={!affordable}
              aria-describedby={affordable ? undefined : shortId}
              onClick={() => onBuy(offer)}
            >
              {t('coupons.buy.button')}
            </Button>
          )}
        </Group>
        {!affordable && (
          <Text size="sm" c="dark.6" id={shortId}>
            {t('coupons.buy.notEnoughPoints')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
