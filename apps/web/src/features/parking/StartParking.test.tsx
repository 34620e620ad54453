import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParkingLot } from '@voltpark/contract';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { resetSessionForTests } from '@/shared/session';
import { StartParking } from './StartParking';

const lot: ParkingLot = {
  id: 4,
  name: 'Westend parkoló',
  location: { id: 9, address: { full: '1062 Budapest, Váci út 1-3.' } },
  tariff: {
    id: 1,
    name: 'Alap',
    freeParking: false,
    grossUnitParking: 600,
    freeMinutes: 15,
    grossSurchargeFeePerDay: 5000,
    convenienceFeeGross: 0,
    descriptionLines: [],
  },
  tariffs: [],
  staticTraits: [],
  gates: [{ id: 1, name: 'Sorompó', direction: 'BOTH' }],
  hasChargers: false,
  hasPermits: false,
  parkingTimeInSeconds: 60,
  isCurrentUserAdmin: false,
  capacity: null,
};

const LINK_SENT =
  'Ezzel az e-mail-címmel már parkoltál vendégként. Küldtünk rá egy egyszer használható linket.';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  resetSessionForTests();
});

async function askAsGuest(email: string) {
  renderElementAt(<StartParking lot={lot} autoStart={false} />);
  fireEvent.click(
    await screen.findByRole('button', { name: 'Egyszeri parkolás regisztráció nélkül' }),
  );
  fireEvent.change(screen.getByRole('textbox', { name: /E-mail-cím/ }), {
    target: { value: email },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Parkolás indítása' }));
}

describe('a guest starting parking (SPEC §4 casual parking)', () => {
  inHungarian();

  it('asks only the e-mail (the survey comes once, at payment), checks it, and starts with it', async () => {
    const calls: { path: string; body: URLSearchParams }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(String(input), 'http://x');
        calls.push({ path: url.pathname, body: new URLSearchParams(String(init?.body ?? '')) });
        return Response.json({
          result: true,
          data: null,
          messages: [],
          useAlert: false,
          extraData: { extraData: 'guest-token' },
        });
      }),
    );
    await askAsGuest('nem-email');
    expect(screen.queryByText('Szeretne pontokat gyűjteni a parkolásaival?')).toBeNull();
    expect(screen.queryByText('Szüksége van számlára a saját nevére?')).toBeNull();
    expect(await screen.findByText('Érvénytelen e-mail cím formátum!')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail-cím/ }), {
      target: { value: ' vendeg@example.hu ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Parkolás indítása' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/start-casual'))).toBe(true));
    const start = calls.find((c) => c.path === '/api/v1/parking/4/start-casual')!;
    expect(start.body.get('email')).toBe('vendeg@example.hu');
    await waitFor(() => expect(localStorage.getItem('loggedInAccessToken')).toBe('guest-token'));
  });

  it('a returning guest on a new device is told the link is in their mailbox, as a notice, not a field error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            result: false,
            data: { responseCode: 'CASUAL_ACCESS_LINK_SENT' },
            messages: [
              {
                severity: 'error',
                messageKey: 'parking.casualAccessLinkSent',
                text: LINK_SENT,
                field: 'email',
              },
            ],
            useAlert: false,
          },
          { status: 409 },
        ),
      ),
    );
    await askAsGuest('visszatero@example.hu');
    expect((await screen.findByRole('status')).textContent).toContain(LINK_SENT);
    expect(
      screen.getByRole('textbox', { name: /E-mail-cím/ }).getAttribute('aria-invalid'),
    ).not.toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an e-mail the server refuses is shown under the field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            result: false,
            data: null,
            messages: [
              {
                severity: 'error',
                messageKey: 'invalid.email',
                text: 'Érvénytelen e-mail-cím.',
                field: 'email',
              },
            ],
            useAlert: false,
          },
          { status: 400 },
        ),
      ),
    );
    await askAsGuest('foglalt@example.hu');
    expect(await screen.findByText('Érvénytelen e-mail-cím.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /E-mail-cím/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
