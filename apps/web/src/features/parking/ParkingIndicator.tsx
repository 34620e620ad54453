import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentParking } from './useCurrentParking';

/** SPEC §2: the top bar's parking icon while a parking is current; it opens the history. */
export function ParkingIndicator() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const live = useCurrentParking();
  const s = live.session;
  if (!s) return null;
  const label = `${t('parking.indicator')} – ${t(`parking.status.${s.parkingStatus}`)}`;
  return (
    <Link
      to="/parking-history"
      className="vp-lang vp-charge-indicator"
      aria-label={label}
      title={label}
      aria-current={pathname === '/parking-history' ? 'page' : undefined}
      data-testid="current-parking-indicator"
    >
      <svg
        width={24}
        height={24}
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="currentColor"
      >
        <path d="M6 3h7a6 6 0 0 1 0 12H10v6H6V3zm4 4v4h3a2 2 0 0 0 0-4h-3z" />
      </svg>
    </Link>
  );
}
