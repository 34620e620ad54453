import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import hu from '@/locales/hu/parking.json';
import { inHungarian } from '@/test/i18n';
import { renderElementAt } from '@/test/render';
import { ParkingIndicator } from './ParkingIndicator';
import { useCurrentParking } from './useCurrentParking';

vi.mock('./useCurrentParking', () => ({ useCurrentParking: vi.fn() }));

const live = (session: { parkingStatus: string } | null) =>
  vi
    .mocked(useCurrentParking)
    .mockReturnValue({ session, active: true } as unknown as ReturnType<typeof useCurrentParking>);

describe('top-bar parking icon (component)', () => {
  inHungarian();
  beforeEach(() => vi.mocked(useCurrentParking).mockReset());

  it('shows while a parking is current and opens the parking history', () => {
    live({ parkingStatus: 'STARTED' });
    renderElementAt(<ParkingIndicator />, '/parking-history');
    const link = screen.getByTestId('current-parking-indicator');
    expect(link.getAttribute('href')).toBe('/parking-history');
    expect(link.getAttribute('aria-label')).toBe(
      `${hu['parking.indicator']} – ${hu['parking.status.STARTED']}`,
    );
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('shows nothing without a parking', () => {
    live(null);
    renderElementAt(<ParkingIndicator />);
    expect(screen.queryByTestId('current-parking-indicator')).toBeNull();
  });
});
