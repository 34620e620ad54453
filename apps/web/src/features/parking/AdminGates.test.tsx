import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParkingLot } from '@voltpark/contract';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { AdminGates } from './AdminGates';

const lot = (patch: Partial<ParkingLot>): ParkingLot => ({
  id: 4,
  name: 'Westend parkoló',
  location: { id: 9, address: { full: '1062 Budapest, Váci út 1-3.' } },
  tariff: null,
  tariffs: [],
  staticTraits: [],
  gates: [{ id: 1, name: 'Sorompó', direction: 'BOTH' }],
  hasChargers: false,
  hasPermits: false,
  parkingTimeInSeconds: 60,
  isCurrentUserAdmin: true,
  capacity: null,
  ...patch,
});

const isDisabled = (el: Element) => (el as HTMLButtonElement).disabled;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('admin gate buttons (SPEC §6)', () => {
  inHungarian();

  it('are not there for others', () => {
    renderElementAt(<AdminGates lot={lot({ isCurrentUserAdmin: false })} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('one gate: one button; the status shows and the button waits while it does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const opens: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        opens.push(new URL(String(input), 'http://x').pathname);
        return new Response(
          JSON.stringify({ result: false, data: null, messages: [], useAlert: false }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        );
      }),
    );
    renderElementAt(<AdminGates lot={lot({})} />);
    const button = screen.getByRole('button', { name: 'Kapu nyitása' });
    fireEvent.click(button);
    expect(await screen.findByText('Hiba történt a kapu nyitásakor!')).toBeTruthy();
    expect(opens).toEqual(['/api/v1/parking/parking-lot/4/in/open']);
    expect(isDisabled(button)).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    await waitFor(() => expect(isDisabled(button)).toBe(false));
  });

  it('several gates: an entry and an exit button', () => {
    renderElementAt(
      <AdminGates
        lot={lot({
          gates: [
            { id: 1, name: 'Be', direction: 'IN' },
            { id: 2, name: 'Ki', direction: 'OUT' },
          ],
        })}
      />,
    );
    expect(screen.getByRole('button', { name: 'Bejárati kapu nyitása' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kijárati kapu nyitása' })).toBeTruthy();
  });
});
