import type { ReactNode } from 'react';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { UserCoupon } from '@voltpark/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/shared/format';
import { formatCountdown } from './countdown';
import { CouponQr } from './CouponQr';

const STATE_COLOR: Record<UserCoupon['state'], string> = {
  REDEEMABLE: 'blue',
  ACTIVE: 'green',
  EXPIRED: 'gray',
};

/** The coupon's heading: the shop and offer, or "coupon from points". */
export function couponTitle(c: UserCoupon, t: TFunction): string {
  return c.offer
    ? `${c.offer.shopName} – ${c.offer.name}`
    : t('coupons.generated.title', { points: formatNumber(c.points ?? 0) });
}

/**
 * One of the driver's coupons (SPEC §3 User coupon, §4 Coupons): its state, the code and its QR
 * code to show at the till, the countdown of an active one, what a redeemable one becomes once
 * activated, and a webshop's activation address. `actions` are the buttons (activate, remove).
 */
export function CouponCard({
  coupon,
  secondsLeft,
  actions,
}: {
  coupon: UserCoupon;
  /** Seconds left of an active coupon (null when it has no expiry yet). */
  secondsLeft: number | null;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const offer = coupon.offer;
  const titleId = `coupon-${coupon.couponCodeId}-title`;
  const webshop = offer?.type === 'WEBSHOP';
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-labelledby={titleId}
      data-testid="user-coupon"
      data-state={coupon.state}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} component="h3" id={titleId} size="md">
            {couponTitle(coupon, t)}
          </Text>
          <Badge color={STATE_COLOR[coupon.state]} variant="light" style={{ flexShrink: 0 }}>
            {t(`coupons.state.${coupon.state}`)}
          </Badge>
        </Group>
        {offer?.discountPercent != null && (
          <Text size="sm">{t('coupons.discount', { percent: offer.discountPercent })}</Text>
        )}
        {offer?.couponCondition && <Text size="sm">{offer.couponCondition}</Text>}
        <Text size="sm" c="dark.6">
          {t('coupons.code')}
        </Text>
        <Text
          component="p"
          ff="monospace"
          fw={700}
          size="xl"
          style={{ letterSpacing: '0.12em', overflowWrap: 'anywhere' }}
          data-testid="coupon-code"
        >
          {coupon.couponCode}
        </Text>
        {coupon.state === 'ACTIVE' && secondsLeft !== null && (
          <Text size="sm">
            {t('coupons.validFor')}{' '}
            <strong role="timer" aria-live="off" data-testid="coupon-countdown">
              {formatCountdown(secondsLeft)}
            </strong>
            {coupon.expireDt && (
              <Text span size="sm" c="dark.6">
                {' '}
                ({t('coupons.expiresAt', { time: coupon.expireDt })})
              </Text>
            )}
          </Text>
        )}
        {coupon.state === 'REDEEMABLE' && offer && (
          <Text size="sm" c="dark.6">
            {t('coupons.redeemableHint', { minutes: offer.activeTimeInMinutes })}
          </Text>
        )}
        {webshop && offer.activationUrl && (
          <Anchor href={offer.activationUrl} target="_blank" rel="noopener noreferrer" size="sm">
            {offer.activationUrlDescription || t('coupons.webshopLink')}
            <span className="vp-visually-hidden"> ({t('common.newTab')})</span>
          </Anchor>
        )}
        {!webshop && coupon.state !== 'EXPIRED' && (
          <Group justify="center">
            <CouponQr code={coupon.couponCode} />
          </Group>
        )}
        {actions && <Group gap="sm">{actions}</Group>}
      </Stack>
    </Card>
  );
}
