import { useState } from 'react';
import { Alert, Center, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import type { CouponOffer } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApi, notify } from '@/shared/api';
import { ConfirmDialog } from '@/shared/ui';
import { DepositModal } from './DepositModal';
import { errorText, isNetworkError } from './errors';
import { OfferCard, offerPrice } from './OfferCard';
import { filterOffers, offerCities } from './offerFilters';
import { chargeEndsAt } from './nearby';
import { useNow } from '@/shared/lib/useNow';
import { useCategories, useOffers, useRefreshCoupons, useRunningCharge } from './queries';

const ALL = '';
const NEARBY_TICK_MS = 30_000;

/**
 * The "coupon offers" tab (SPEC §2 Coupons): category and city filters, the offers, buying with
 * a confirmation (points, or Ft from the prepaid wallet), and the online-wallet deposit modal.
 * A bought coupon appears among the active coupons, where `onBought` leads.
 */
export function OffersTab({ points, onBought }: { points: number; onBought: () => void }) {
  const { t } = useTranslation();
  const charge = useRunningCharge();
  const running = charge.data ?? null;
  const offers = useOffers(running?.chargerId ?? null);
  // The "back in time" notes follow the clock while the tab stays open during the charge.
  const now = useNow(NEARBY_TICK_MS, running !== null);
  const endsAt = running ? chargeEndsAt(running, now) : null;
  const categories = useCategories();
  const refresh = useRefreshCoupons();
  const [category, setCategory] = useState<string>(ALL);
  const [city, setCity] = useState<string>(ALL);
  const [buying, setBuying] = useState<CouponOffer | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [depositOpen, setDepositOpen] = useState(false);

  const all = offers.data ?? [];
  const cats = categories.data ?? [];
  const categoryName = (key: string) => cats.find((c) => c.key === key)?.name ?? key;
  const list = filterOffers(all, {
    category: category === ALL ? null : category,
    city: city === ALL ? null : city,
  });

  const buy = async (offer: CouponOffer) => {
    setBuying(null);
    setFailed(null);
    try {
      const coupon = await callApi(apiRoutes.buyCoupon, {
        params: { id: offer.id },
        inlineErrors: true,
      });
      await refresh();
      if (coupon) {
        notify(t('coupons.buy.done', { name: offer.name }), 'info');
        onBought();
      }
    } catch (err) {
      if (!isNetworkError(err)) setFailed(errorText(err, t('coupons.buy.failed')));
      await refresh();
    }
  };

  if (offers.isPending)
    return (
      <Center py="md">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );

  return (
    <Stack gap="md">
      <Group grow gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          id="f-couponCategory"
          label={t('coupons.filter.category')}
          data={[
            { value: ALL, label: t('coupons.filter.allCategories') },
            ...cats.map((c) => ({ value: c.key, label: c.name })),
          ]}
          value={category}
          onChange={(e) => setCategory(e.currentTarget.value)}
          miw={150}
        />
        <NativeSelect
          id="f-couponCity"
          label={t('coupons.filter.city')}
          data={[
            { value: ALL, label: t('coupons.filter.allCities') },
            ...offerCities(all).map((c) => ({ value: c, label: c })),
          ]}
          value={city}
          onChange={(e) => setCity(e.currentTarget.value)}
          miw={150}
        />
      </Group>
      {failed && (
        <Alert
          color="red"
          role="alert"
          data-testid="buy-failed"
          withCloseButton
          onClose={() => setFailed(null)}
          closeButtonLabel={t('common.close')}
        >
          {failed}
        </Alert>
      )}
      {offers.isError && (
        <Alert color="red" role="alert">
          {t('coupons.loadFailed')}
        </Alert>
      )}
      {running && list.some((o) => o.distanceInMeters != null) && (
        <Text size="sm" data-testid="nearby-notice">
          {t('coupons.nearby.notice', { charger: running.charger })}
        </Text>
      )}
      <Text size="sm" role="status" c="dark.6">
        {t('coupons.offers.count', { count: list.length })}
      </Text>
      {list.length > 0 && (
        <Stack
          gap="sm"
          component="ul"
          className="vp-plain-list"
          aria-label={t('coupons.tab.offers')}
        >
          {list.map((o) => (
            <li key={o.id}>
              <OfferCard
                offer={o}
                points={points}
                categoryName={categoryName}
                onBuy={setBuying}
                onDeposit={() => setDepositOpen(true)}
                charging={running ? { endsAt, now } : null}
              />
            </li>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={buying !== null}
        title={t('coupons.buy.confirmTitle')}
        text={
          buying
            ? t(buying.priceUnit === 'FT' ? 'coupons.buy.confirmFt' : 'coupons.buy.confirmPoints', {
                name: `${buying.shopName} – ${buying.name}`,
                price: offerPrice(buying, t),
              })
            : ''
        }
        yesLabel={t('coupons.buy.yes')}
        yesTestId="confirm-buy"
        onYes={() => buying && void buy(buying)}
        onClose={() => setBuying(null)}
      />
      <DepositModal opened={depositOpen} points={points} onClose={() => setDepositOpen(false)} />
    </Stack>
  );
}
