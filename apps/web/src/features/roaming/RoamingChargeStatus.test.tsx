import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoamingCharge } from '@voltpark/contract';
import en from '@/locales/en/roaming.json';
import huCore from '@/locales/hu/core.json';
import hu from '@/locales/hu/roaming.json';
import { formatMoney } from '@/shared/format';
import { setLanguage } from '@/shared/i18n';
import { inHungarian } from '@/test/i18n';
import { renderElementAt } from '@/test/render';
import { RoamingChargeStatus } from './RoamingChargeStatus';
import { aRoamingCharge } from './testCharge';

const base = aRoamingCharge({ holdAmount: 5000 });

function show(c: Partial<RoamingCharge>, onStop = vi.fn(async () => {})) {
  renderElementAt(
    <RoamingChargeStatus charge={{ ...base, ...c }} onStop={onStop} stopError={null} />,
  );
  return { card: screen.getByTestId('roaming-charge'), onStop };
}

const fill = (s: string, v: Record<string, string>) =>
  Object.entries(v).reduce((acc, [k, x]) => acc.replace(`{{${k}}}`, x), s);

/** The value beside a label in the card's figures (a dt/dd pair). */
function figure(card: HTMLElement, label: string): string | null {
  const dt = within(card).getByText(label, { selector: 'dt' });
  return dt.parentElement!.querySelector('dd')!.textContent;
}

describe('the live screen of a roaming charge', () => {
  inHungarian();
  afterEach(async () => {
    await setLanguage('hu');
  });

  it('an end without a charge says what became of the money (0056)', () => {
    const cancelled = {
      status: 'REJECTED' as const,
      paymentMethod: 'SIMPLEPAY' as const,
      message: 'the driver cancelled the payment',
      paymentProblem: 'CANCELLED' as const,
    };
    const released = fill(hu['roamingCharge.holdReleased'], { amount: formatMoney(5000) });
    const pending = fill(hu['roamingCharge.holdPending'], { amount: formatMoney(5000) });
    const cases = [
      [{ holdOutcome: 'NOT_TAKEN' as const }, hu['roamingCharge.holdNotTaken']],
      [{ holdOutcome: 'PENDING' as const }, pending],
      [{ holdOutcome: 'RELEASED' as const }, released],
    ] as const;
    for (const [outcome, text] of cases) {
      const { card } = show({ ...cancelled, ...outcome });
      expect(within(card).getByText(hu['roamingCharge.payment.CANCELLED'])).toBeTruthy();
      const said = within(card).getByRole('alert').textContent;
      expect(said).toContain(text);
      for (const other of [hu['roamingCharge.holdNotTaken'], pending, released])
        if (other !== text) expect(said).not.toContain(other);
      card.parentElement!.remove();
    }
  });

  it('the card names the partner without the page heading, its badge free to wrap under it', () => {
    const { card } = show({ status: 'STARTED', partnerName: 'VoltPartner Kft.' });
    const title = within(card).getByRole('heading', { level: 2 });
    expect(title.textContent).toBe('VoltPartner Kft.');
    expect(title.textContent).not.toContain(huCore['route.roamingCharge']);
    // At 390 px the long name and the badge do not fit one row: the row wraps (no squeeze).
    const row = title.parentElement!;
    expect(row.contains(within(card).getByTestId('roaming-status'))).toBe(true);
    expect(row.style.getPropertyValue('--group-wrap')).toBe('wrap');
  });

  it('REQUESTED and ACCEPTED: waiting for the partner, the hold shown, no stop', () => {
    for (const status of ['REQUESTED', 'ACCEPTED'] as const) {
      const { card } = show({ status });
      expect(within(card).getByTestId('roaming-status').textContent).toBe(
        hu['roamingCharge.status.waiting'],
      );
      expect(within(card).getByText(hu['roamingCharge.waiting'])).toBeTruthy();
      expect(card.textContent).toContain(formatMoney(5000));
      expect(within(card).queryByRole('button', { name: hu['roamingCharge.stop'] })).toBeNull();
      card.parentElement!.remove();
    }
  });

  it('STARTED: kWh and the price so far, and a stop asked once more', async () => {
    const { card, onStop } = show({ status: 'STARTED', kWh: 3.456, priceSoFar: 1312 });
    expect(within(card).getByTestId('roaming-status').textContent).toBe(
      hu['roamingCharge.status.charging'],
    );
    expect(within(card).getByText('3,46 kWh')).toBeTruthy();
    expect(card.textContent).toContain(formatMoney(1312));
    fireEvent.click(within(card).getByRole('button', { name: hu['roamingCharge.stop'] }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(hu['roamingCharge.confirmStop']);
    // Focus starts on the safe answer, "No".
    const no = within(dialog).getByRole('button', { name: huCore['common.no'] });
    await waitFor(() => expect(document.activeElement).toBe(no));
    expect(onStop).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('roaming-stop-yes'));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('STARTED: the time since the start with its units, renewed every second', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    vi.useFakeTimers({ now });
    try {
      const { card } = show({
        status: 'STARTED',
        kWh: 1.2,
        startedAt: new Date(now - 84_000).toISOString(),
      });
      const label = within(card).getByText(hu['roamingCharge.elapsed']);
      expect(label.nextElementSibling?.textContent).toBe('1 perc 24 mp');
      const time = within(card).getByText('1 perc 24 mp');
      expect(time.tagName).toBe('TIME');
      expect(time.getAttribute('datetime')).toBe('PT84S');
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(label.nextElementSibling?.textContent).toBe('1 perc 25 mp');
      act(() => {
        vi.advanceTimersByTime(3_600_000);
      });
      expect(label.nextElementSibling?.textContent).toBe('1 óra 1 perc 25 mp');
    } finally {
      vi.useRealTimers();
    }
  });

  it('no elapsed time while waiting for the partner, nor once completed', () => {
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    for (const status of ['REQUESTED', 'COMPLETED'] as const) {
      const { card } = show({
        status,
        startedAt,
        billedAmount: status === 'COMPLETED' ? 500 : null,
      });
      expect(within(card).queryByText(hu['roamingCharge.elapsed'])).toBeNull();
      card.parentElement!.remove();
    }
  });

  it('STARTED before the first reading says so instead of 0', () => {
    const { card } = show({ status: 'STARTED' });
    expect(within(card).getAllByText(hu['roamingCharge.noReading'])).toHaveLength(2);
  });

  it('STOPPING: no second stop', () => {
    const { card } = show({ status: 'STOPPING', kWh: 4 });
    expect(within(card).getByText(hu['roamingCharge.stoppingHint'])).toBeTruthy();
    expect(within(card).queryByRole('button', { name: hu['roamingCharge.stop'] })).toBeNull();
  });

  it('COMPLETED: the bill, the rest of the hold released and the receipt', () => {
    const { card } = show({
      status: 'COMPLETED',
      kWh: 7.5,
      billedAmount: 3210,
      receiptRowNumber: 700001,
    });
    expect(within(card).getByTestId('roaming-completed').textContent).toBe(
      fill(hu['roamingCharge.completedText'], {
        billed: formatMoney(3210),
        released: formatMoney(1790),
      }),
    );
    const link = within(card).getByRole('link', { name: hu['roamingCharge.receipt'] });
    expect(link.getAttribute('href')).toBe('/receipt?rowNumber=700001');
  });

  it('COMPLETED above the hold says the wallet paid the difference', () => {
    const { card } = show({ status: 'COMPLETED', billedAmount: 6000 });
    expect(within(card).getByTestId('roaming-completed').textContent).toContain(
      fill(hu['roamingCharge.extraDebited'], { extra: formatMoney(1000) }),
    );
  });

  it('REJECTED: the partner’s message and the hold released', () => {
    const { card } = show({ status: 'REJECTED', message: 'EVSE occupied' });
    const alert = within(card).getByRole('alert');
    expect(alert.textContent).toContain(
      fill(hu['roamingCharge.partnerMessage'], { message: 'EVSE occupied' }),
    );
    expect(alert.textContent).toContain(
      fill(hu['roamingCharge.holdReleased'], { amount: formatMoney(5000) }),
    );
  });

  it('TIMEOUT in English: no answer, the hold released', async () => {
    await setLanguage('en');
    const { card } = show({ status: 'TIMEOUT' });
    expect(within(card).getByTestId('roaming-status').textContent).toBe(
      en['roamingCharge.status.timeout'],
    );
    const alert = within(card).getByRole('alert');
    expect(alert.textContent).toContain(en['roamingCharge.timeoutText']);
    expect(alert.textContent).toContain(
      fill(en['roamingCharge.holdReleased'], { amount: formatMoney(5000) }),
    );
  });

  it('PAYING (decision 0050): waiting for the card, a way back to the pay page and a cancel', async () => {
    const { card, onStop } = show({
      status: 'PAYING',
      paymentMethod: 'SIMPLEPAY',
      paymentUrl: 'https://pay.example/p/1',
    });
    expect(within(card).getByTestId('roaming-status').textContent).toBe(
      hu['roamingCharge.status.paying'],
    );
    expect(within(card).getByText(hu['roamingCharge.paying'])).toBeTruthy();
    const link = within(card).getByRole('link', { name: hu['roamingCharge.toPayment'] });
    expect(link.getAttribute('href')).toBe('https://pay.example/p/1');
    expect(within(card).queryByRole('button', { name: hu['roamingCharge.stop'] })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: hu['roamingCharge.cancelPayment'] }));
    await vi.waitFor(() => expect(onStop).toHaveBeenCalledTimes(1));
  });

  it('COMPLETED on a card above the hold: the rest is open on the receipt, not taken from the wallet', () => {
    const { card } = show({ status: 'COMPLETED', billedAmount: 6000, paymentMethod: 'CARD' });
    const text = within(card).getByTestId('roaming-completed').textContent;
    expect(text).toContain(fill(hu['roamingCharge.extraOpen'], { extra: formatMoney(1000) }));
    expect(text).not.toContain(
      fill(hu['roamingCharge.extraDebited'], { extra: formatMoney(1000) }),
    );
    expect(figure(card, hu['roamingCharge.history.total'])).toBe(formatMoney(6000));
    expect(figure(card, hu['roamingCharge.history.paid'])).toBe(formatMoney(5000));
    expect(figure(card, hu['roamingCharge.history.open'])).toBe(formatMoney(1000));
  });

  it('COMPLETED within the hold: paid in full, nothing said to be still to pay', () => {
    const { card } = show({ status: 'COMPLETED', billedAmount: 3210, paymentMethod: 'CARD' });
    expect(figure(card, hu['roamingCharge.history.total'])).toBe(formatMoney(3210));
    expect(figure(card, hu['roamingCharge.history.paid'])).toBe(formatMoney(3210));
    expect(figure(card, hu['roamingCharge.released'])).toBe(formatMoney(1790));
    expect(within(card).queryByText(hu['roamingCharge.history.open'])).toBeNull();
  });

  it('REJECTED for the card payment: our own words, not a partner message', async () => {
    await setLanguage('en');
    const { card } = show({
      status: 'REJECTED',
      paymentMethod: 'SIMPLEPAY',
      message: 'the driver cancelled the payment',
      paymentProblem: 'CANCELLED',
    });
    const alert = within(card).getByRole('alert');
    expect(alert.textContent).toContain(en['roamingCharge.payment.CANCELLED']);
    expect(alert.textContent).not.toContain('partner');
  });
});
