import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Charger } from '@voltpark/contract';
import hu from '@/locales/hu/charging.json';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';
import { CasualForm } from './CasualForm';

const tariff = {
  id: 1,
  name: 'AC',
  freeCharging: false,
  unitChargingGross: 150,
  convenienceFeeGross: 200,
  parkingEnabled: true,
  parkingToHoldGross: 2000,
  descriptionLines: [],
  tariffLines: [],
};
const charger = (t: typeof tariff) =>
  ({
    id: 5,
    name: 'Teszt AC 1',
    tariff: { freeCharging: t.freeCharging, unitChargingGross: t.unitChargingGross },
    tariffs: [t],
    locationHasParking: false,
  }) as unknown as Charger;

const money = (text: string) => text.replace(/\u00a0/g, ' ');

describe('guest form: the hold before the pay page (component)', () => {
  inHungarian();

  it('shows the exact amount SimplePay will hold, with the parking hold broken out', async () => {
    renderElementAt(<CasualForm charger={charger(tariff)} />);
    const hold = await screen.findByTestId('casual-hold');
    expect(money(hold.textContent ?? '')).toContain('Zárolandó összeg: 7 000 Ft');
    const lines = within(hold)
      .getAllByRole('listitem')
      .map((li) => money(li.textContent ?? ''));
    expect(lines).toEqual([
      'Töltésre: 5 000 Ft',
      'Parkolási díjra, ha a töltés után a töltőnél marad: 2 000 Ft',
      'Összesen ennyit zárolunk a kártyáján: 7 000 Ft',
    ]);
    const buttons = screen.getAllByRole('button').map((b) => money(b.textContent ?? ''));
    expect(buttons).toContain('Fizetés és töltés: 7 000 Ft');

    // A larger amount: the total follows.
    fireEvent.click(screen.getByRole('button', { name: hu['casual.otherOptions.more'] }));
    const ten = (await screen.findAllByRole('radio')).find(
      (r) => r.getAttribute('value') === '10000',
    );
    fireEvent.click(ten!);
    expect(money(screen.getByTestId('casual-hold').textContent ?? '')).toContain(
      'Zárolandó összeg: 12 000 Ft',
    );
  });

  it('without parking the hold is the amount alone, with no breakdown', async () => {
    renderElementAt(<CasualForm charger={charger({ ...tariff, parkingEnabled: false })} />);
    const hold = await screen.findByTestId('casual-hold');
    expect(money(hold.textContent ?? '')).toBe('Zárolandó összeg: 5 000 Ft');
    expect(within(hold).queryAllByRole('listitem')).toHaveLength(0);
  });
});
