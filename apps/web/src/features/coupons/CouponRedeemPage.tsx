import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import type { UserCoupon } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApi } from '@/shared/api';
import { formatNumber } from '@/shared/format';
import { getPlatform } from '@/shared/lib/platform';
import { useSession } from '@/shared/session';
import { PageFrame } from '@/shared/ui';
import { errorText, isNetworkError } from './errors';
import { QrScanModal } from './QrScanModal';

/** What a shop typed or scanned, as the server keeps codes: upper case, no spaces or dashes. */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

type Outcome = { ok: true; coupon: UserCoupon } | { ok: false; code: string; text: string } | null;

function RedeemResult({ outcome }: { outcome: NonNullable<Outcome> }) {
  const { t } = useTranslation();
  if (!outcome.ok)
    return (
      <Alert
        color="red"
        role="alert"
        title={t('redeem.refusedTitle')}
        data-testid="redeem-result"
        data-ok="false"
      >
        <Text size="sm">{outcome.text}</Text>
        <Text size="sm" ff="monospace" mt={4}>
          {outcome.code}
        </Text>
      </Alert>
    );
  const c = outcome.coupon;
  return (
    <Alert
      color="green"
      role="status"
      title={t('redeem.acceptedTitle')}
      data-testid="redeem-result"
      data-ok="true"
    >
      <Stack gap={4}>
        {c.offer ? (
          <>
            <Text fw={600}>{c.offer.name}</Text>
            {c.offer.discountPercent != null && (
              <Text size="lg" fw={700}>
                {t('coupons.discount', { percent: c.offer.discountPercent })}
              </Text>
            )}
            {c.offer.couponCondition && <Text size="sm">{c.offer.couponCondition}</Text>}
          </>
        ) : (
          <Text fw={600}>
            {t('redeem.generatedWorth', { points: formatNumber(c.points ?? 0) })}
          </Text>
        )}
        <Text size="sm" ff="monospace">
          {c.couponCode}
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * /coupon-redeem (SPEC §2/§6): a partner shop's staff redeem a customer's coupon, typed (any
 * case) or scanned from the customer's QR code. The answer says plainly whether the coupon was
 * accepted, with its discount, or why not. Only for service providers, and not in the iOS app.
 */
export function CouponRedeemPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  const [scanning, setScanning] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);

  const redeem = useCallback(
    async (raw: string) => {
      const value = normalizeCode(raw);
      if (!value) {
        setError(t('form.required'));
        document.getElementById('f-couponCode')?.focus();
        return;
      }
      setError(null);
      setOutcome(null);
      setSending(true);
      try {
        const coupon = await callApi(apiRoutes.redeemCoupon, {
          body: { couponCode: value },
          inlineErrors: true,
        });
        setOutcome(
          coupon ? { ok: true, coupon } : { ok: false, code: value, text: t('redeem.failed') },
        );
        if (coupon) setCode('');
      } catch (err) {
        if (!isNetworkError(err))
          setOutcome({ ok: false, code: value, text: errorText(err, t('redeem.failed')) });
      } finally {
        setSending(false);
        resultRef.current?.focus();
      }
    },
    [t],
  );

  const onScanned = useCallback(
    (scanned: string) => {
      setScanning(false);
      setCode(normalizeCode(scanned));
      void redeem(scanned);
    },
    [redeem],
  );

  if (!user?.types.includes('SERVICE_PROVIDER') || getPlatform() === 'ios')
    return (
      <PageFrame title={t('route.couponRedeem')}>
        <Alert color="yellow" role="alert" data-testid="redeem-not-allowed">
          {t(getPlatform() === 'ios' ? 'redeem.notOnIos' : 'redeem.notProvider')}
        </Alert>
      </PageFrame>
    );

  const onSubmit = (ev: FormEvent) => {
    ev.preventDefault();
    void redeem(code);
  };

  return (
    <PageFrame title={t('route.couponRedeem')}>
      <Text>{t('redeem.intro')}</Text>
      <form onSubmit={onSubmit} noValidate aria-label={t('route.couponRedeem')}>
        <Stack gap="sm">
          <TextInput
            id="f-couponCode"
            label={t('redeem.code')}
            description={t('redeem.codeHint')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            required
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
            error={error}
            styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.1em', fontSize: 18 } }}
          />
          <Button type="submit" loading={sending} className="vp-touch">
            {t('redeem.button')}
          </Button>
          <Button variant="outline" onClick={() => setScanning(true)} className="vp-touch">
            {t('redeem.scan.open')}
          </Button>
        </Stack>
      </form>
      <div ref={resultRef} tabIndex={-1} style={{ outline: 'none' }}>
        {outcome && <RedeemResult outcome={outcome} />}
      </div>
      <QrScanModal opened={scanning} onCode={onScanned} onClose={() => setScanning(false)} />
    </PageFrame>
  );
}
