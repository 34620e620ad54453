import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderElementAt } from '@/test/render';
import huCharging from '@/locales/hu/charging.json';
import { inHungarian } from '@/test/i18n';
import { SavedCardFields } from './SavedCardFields';

const cards = [
  { cardId: 4, cardMask: '**** 1111', expiry: '2030-01', defaultCard: true },
  { cardId: 9, cardMask: '**** 2222', expiry: '2031-05', defaultCard: false },
];

describe('the saved card and its secret code (component)', () => {
  inHungarian();

  it('offers each card by its mask and reports the chosen card and the typed code', () => {
    const onCardId = vi.fn();
    const onSecret = vi.fn();
    renderElementAt(
      <SavedCardFields
        cards={cards}
        cardId={4}
        onCardId={onCardId}
        secret=""
        onSecret={onSecret}
        secretError="Kötelező mező"
      />,
      '/x',
    );
    const select = screen.getByRole('combobox', {
      name: huCharging['charging.payment.whichCard'],
    }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['**** 1111', '**** 2222']);
    expect(select.value).toBe('4');
    fireEvent.change(select, { target: { value: '9' } });
    expect(onCardId).toHaveBeenCalledWith(9);

    const secret = screen.getByLabelText(new RegExp(huCharging['charging.payment.secret']));
    expect(secret.getAttribute('autocomplete')).toBe('off');
    fireEvent.change(secret, { target: { value: '1234' } });
    expect(onSecret).toHaveBeenCalledWith('1234');
    expect(screen.getByText('Kötelező mező')).toBeTruthy();
  });
});
