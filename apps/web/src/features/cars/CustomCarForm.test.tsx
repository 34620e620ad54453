import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import hu from '@/locales/hu/cars.json';
import { renderElementAt } from '@/test/render';
import { CustomCarForm } from './CustomCarForm';
import { inHungarian } from '@/test/i18n';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ result: true, data, messages: [], useAlert: false }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

describe('custom car form (component)', () => {
  inHungarian();
  afterEach(() => vi.unstubAllGlobals());

  it('says so when the charge-port list did not load, and loads it again on request', async () => {
    let online = false;
    const fetch = vi.fn(async (url: string) => {
      if (!String(url).includes('/vehicle/charger-ports')) return ok(null);
      if (!online) throw new TypeError('offline');
      return ok([
        { id: 1, name: 'Type 2' },
        { id: 2, name: 'CCS' },
      ]);
    });
    vi.stubGlobal('fetch', fetch);
    renderElementAt(<CustomCarForm plate="ABC-123" onAdded={() => {}} onBack={() => {}} />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(hu['cars.chargePortsFailed']);
    online = true;
    await userEvent.click(screen.getByRole('button', { name: hu['cars.chargePortsRetry'] }));
    await waitFor(() => expect(screen.queryByText(hu['cars.chargePortsFailed'])).toBeNull());
    await userEvent.click(document.getElementById('f-car-chargePorts')!);
    expect((await screen.findByRole('option', { name: 'CCS', hidden: true })).textContent).toBe(
      'CCS',
    );
  });

  it('drops a field’s message once the field is edited', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok([])),
    );
    renderElementAt(<CustomCarForm plate="" onAdded={() => {}} onBack={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: hu['cars.addCar'] }));
    const producer = screen.getByRole('textbox', { name: new RegExp(hu['cars.producer']) });
    await waitFor(() => expect(producer.getAttribute('aria-invalid')).toBe('true'));
    await userEvent.type(producer, 'Tesla');
    expect(producer.getAttribute('aria-invalid')).not.toBe('true');
  });
});
