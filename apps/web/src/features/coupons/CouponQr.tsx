import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { encodeQR } from 'qr';

/**
 * The coupon's code as a QR code for the till: it holds exactly the code (what the shop's staff
 * would type), so any scanner reads it. Drawn here, offline, as an SVG picture.
 */
export function CouponQr({ code, size = 200 }: { code: string; size?: number }) {
  const { t } = useTranslation();
  const src = useMemo(
    () =>
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(encodeQR(code, 'svg', { border: 2, ecc: 'medium' }))}`,
    [code],
  );
  return (
    <img
      src={src}
      width={size}
      height={size}
      alt={t('coupons.qrAlt', { code })}
      data-testid="coupon-qr"
      style={{ imageRendering: 'pixelated', background: '#fff' }}
    />
  );
}
