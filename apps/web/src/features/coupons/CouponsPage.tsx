import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '@/shared/ui';
import { ActiveCoupons } from './ActiveCoupons';
import { HistoryTab } from './HistoryTab';
import { OffersTab } from './OffersTab';
import { PointsBox } from './PointsBox';
import { usePoints } from './queries';

export const COUPON_TABS = ['mine', 'offers', 'history'] as const;
export type CouponTab = (typeof COUPON_TABS)[number];

function tabOf(v: string | null): CouponTab {
  return (COUPON_TABS as readonly string[]).includes(v ?? '') ? (v as CouponTab) : 'mine';
}

/** `?chargeId=` after a charge ended: a positive whole number, else none. */
function chargeIdOf(v: string | null): number | null {
  return v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null;
}

/**
 * /coupons (SPEC §2 Coupons): the points balance and three tabs — active coupons, coupon
 * offers, history. The tab is kept in the address (?tab=), so back and reload keep it.
 */
export function CouponsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const chargeId = chargeIdOf(params.get('chargeId'));
  const points = usePoints();
  const go = (next: CouponTab) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        n.set('tab', next);
        return n;
      },
      { replace: true },
    );
  const balance = points.data ?? 0;
  return (
    <PageFrame title={t('route.coupons')}>
      <PointsBox points={points.data} loading={points.isPending} chargeId={chargeId} />
      <Tabs value={tab} onChange={(v) => go(tabOf(v))} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="mine">{t('coupons.tab.mine')}</Tabs.Tab>
          <Tabs.Tab value="offers">{t('coupons.tab.offers')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('coupons.tab.history')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mine" pt="md">
          <ActiveCoupons points={balance} onBrowse={() => go('offers')} />
        </Tabs.Panel>
        <Tabs.Panel value="offers" pt="md">
          <OffersTab points={balance} onBought={() => go('mine')} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <HistoryTab />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
