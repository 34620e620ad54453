import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UserCoupon } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApi } from '@/shared/api';
import { formatNumber } from '@/shared/format';
import { ConfirmDialog } from '@/shared/ui';
import { couponDeadline, secondsLeft } from './countdown';
import { CouponCard, couponTitle } from './CouponCard';
import { errorText, isNetworkError } from './errors';
import { GenerateCouponForm } from './GenerateCouponForm';
import { offerPrice } from './OfferCard';
import { useActiveCoupon, useMyCoupons, useRefreshCoupons } from './queries';
import { useNow } from '@/shared/lib/useNow';

interface Shown {
  coupon: UserCoupon;
  deadline: number | null;
}

/** The generated coupon first, then the bought ones, each once. */
function mergeCoupons(
  active: UserCoupon | null | undefined,
  activeAt: number,
  mine: readonly UserCoupon[],
  mineAt: number,
): Shown[] {
  const out: Shown[] = [];
  const seen = new Set<number>();
  const add = (c: UserCoupon, at: number) => {
    if (seen.has(c.couponCodeId) || c.state === 'EXPIRED' || c.usedAt) return;
    seen.add(c.couponCodeId);
    out.push({ coupon: c, deadline: c.state === 'ACTIVE' ? couponDeadline(c, at) : null });
  };
  if (active) add(active, activeAt);
  for (const c of mine) add(c, mineAt);
  return out;
}

type Pending = { kind: 'activate' | 'remove' | 'return'; coupon: UserCoupon } | null;

/**
 * The "active coupons" tab (SPEC §2/§4): the generated and bought coupons with the per-second
 * countdown; a coupon past its expiry is hidden and the lists reload; a redeemable coupon can be
 * activated (valid for its minutes from then), a generated one removed unused (its points
 * return); coupons from points are generated here.
 */
export function ActiveCoupons({ points, onBrowse }: { points: number; onBrowse: () => void }) {
  const { t } = useTranslation();
  const mine = useMyCoupons();
  const active = useActiveCoupon();
  const refresh = useRefreshCoupons();
  const [pending, setPending] = useState<Pending>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = mergeCoupons(
    active.data,
    active.dataUpdatedAt,
    mine.data ?? [],
    mine.dataUpdatedAt,
  );
  const ticking = shown.some((s) => s.deadline !== null);
  const now = useNow(1000, ticking);
  const visible = shown.filter((s) => s.deadline === null || s.deadline > now);

  // SPEC §4: when a coupon expires, the coupons are reloaded (once per coupon).
  const reloaded = useRef(new Set<number>());
  const expiredCount = shown.length - visible.length;
  useEffect(() => {
    const gone = shown.filter((s) => s.deadline !== null && s.deadline <= now);
    const fresh = gone.filter((s) => !reloaded.current.has(s.coupon.couponCodeId));
    if (fresh.length === 0) return;
    for (const s of fresh) reloaded.current.add(s.coupon.couponCodeId);
    void refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when a coupon runs out
  }, [expiredCount]);

  const run = async (p: NonNullable<Pending>) => {
    setPending(null);
    setFailed(null);
    try {
      if (p.kind === 'activate')
        await callApi(apiRoutes.activateCoupon, {
          params: { id: p.coupon.couponCodeId },
          inlineErrors: true,
        });
      else if (p.kind === 'return')
        await callApi(apiRoutes.deleteCoupon, {
          params: { id: p.coupon.couponCodeId },
          inlineErrors: true,
        });
      else await callApi(apiRoutes.removeActiveCoupon, { inlineErrors: true });
    } catch (err) {
      if (!isNetworkError(err)) setFailed(errorText(err, t(`coupons.${p.kind}.failed`)));
    } finally {
      await refresh();
    }
  };

  if (mine.isPending || active.isPending)
    return (
      <Center py="md">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );

  return (
    <Stack gap="md">
      {failed && (
        <Alert color="red" role="alert" data-testid="coupon-action-failed">
          {failed}
        </Alert>
      )}
      {mine.isError && (
        <Alert color="red" role="alert">
          {t('coupons.loadFailed')}
        </Alert>
      )}
      {visible.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text>{t('coupons.mine.empty')}</Text>
          <Button variant="light" onClick={onBrowse} className="vp-touch">
            {t('coupons.mine.browse')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm" component="ul" className="vp-plain-list" aria-label={t('coupons.tab.mine')}>
          {visible.map(({ coupon, deadline }) => (
            <li key={coupon.couponCodeId}>
              <CouponCard
                coupon={coupon}
                secondsLeft={deadline === null ? null : secondsLeft(deadline, now)}
                actions={
                  coupon.state === 'REDEEMABLE' ? (
                    <>
                      <Button
                        className="vp-touch"
                        onClick={() => setPending({ kind: 'activate', coupon })}
                      >
                        {t('coupons.activate.button')}
                      </Button>
                      <Button
                        variant="default"
                        className="vp-touch"
                        onClick={() => setPending({ kind: 'return', coupon })}
                      >
                        {t('coupons.return.button')}
                      </Button>
                    </>
                  ) : coupon.offer === null ? (
                    <Button
                      variant="outline"
                      color="red"
                      className="vp-touch"
                      onClick={() => setPending({ kind: 'remove', coupon })}
                    >
                      {t('coupons.remove.button')}
                    </Button>
                  ) : null
                }
              />
            </li>
          ))}
        </Stack>
      )}
      {!active.data && <GenerateCouponForm balance={points} />}
      <ConfirmDialog
        opened={pending !== null}
        title={t(`coupons.${pending?.kind ?? 'activate'}.confirmTitle`)}
        text={
          pending
            ? t(`coupons.${pending.kind}.confirmText`, {
                name: couponTitle(pending.coupon, t),
                minutes: pending.coupon.offer?.activeTimeInMinutes ?? 60,
                points: formatNumber(pending.coupon.points ?? 0),
                price: pending.coupon.offer ? offerPrice(pending.coupon.offer, t) : '',
              })
            : ''
        }
        danger={pending?.kind === 'remove' || pending?.kind === 'return'}
        onYes={() => pending && void run(pending)}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
