import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/**
 * A top-bar icon of something live (our own charge, a charge at a partner's charger, a parking):
 * a link to its screen named "<what> – <state>", marked as the current page when it is open.
 */
export function LiveIndicator({
  to,
  name,
  state,
  testId,
  children,
}: {
  /** The screen that shows it. */
  to: string;
  /** What is live ("Folyamatban lévő töltés: megnyitás"). */
  name: string;
  /** Its state now ("Tölt"). */
  state: string;
  testId: string;
  /** The icon's shapes, drawn in a 24 × 24 box in the current colour. */
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const label = `${name} – ${state}`;
  return (
    <Link
      to={to}
      className="vp-lang vp-charge-indicator"
      aria-label={label}
      title={label}
      aria-current={pathname === to ? 'page' : undefined}
      data-testid={testId}
    >
      <svg
        width={24}
        height={24}
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="currentColor"
      >
        {children}
      </svg>
    </Link>
  );
}
