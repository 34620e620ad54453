import { Suspense, useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { theme } from '@/app/theme';
import hu from '@/locales/hu/charging.json';
import { emptyParkCode } from './parkCode';
import { ParkCodeInput } from './ParkCodeInput';
import { inHungarian } from '@/test/i18n';

function wrap(ui: React.ReactNode) {
  render(
    <MantineProvider theme={theme}>
      <Suspense fallback={null}>{ui}</Suspense>
    </MantineProvider>,
  );
}

function ParkCodeHarness() {
  const [v, setV] = useState(emptyParkCode);
  return (
    <>
      <ParkCodeInput value={v} onChange={setV} />
      <output data-testid="code">{v.join('|')}</output>
    </>
  );
}

describe('parking code input (component)', () => {
  inHungarian();

  const box = (n: number) =>
    screen.getByRole('textbox', {
      name: hu['charging.parkCode.box'].replace('{{n}}', String(n)).replace('{{of}}', '5'),
    });
  const paste = (el: HTMLElement, text: string) =>
    fireEvent.paste(el, { clipboardData: { getData: () => text } });

  it('fills the boxes from a paste of at most 5 allowed characters', () => {
    wrap(<ParkCodeHarness />);
    paste(box(1), 'ab3');
    expect(screen.getByTestId('code').textContent).toBe('A|B|3||');
    paste(box(1), 'x9k2z');
    expect(screen.getByTestId('code').textContent).toBe('X|9|K|2|Z');
  });

  it('rejects a paste that is too long or has other characters, and other typed characters', () => {
    wrap(<ParkCodeHarness />);
    paste(box(1), 'ABCDEF');
    paste(box(1), 'AB-12');
    expect(screen.getByTestId('code').textContent).toBe('||||');
    fireEvent.change(box(1), { target: { value: 'é' } });
    expect(screen.getByTestId('code').textContent).toBe('||||');
    fireEvent.change(box(1), { target: { value: 'q' } });
    expect(screen.getByTestId('code').textContent).toBe('Q||||');
    expect(document.activeElement).toBe(box(2));
  });
});
