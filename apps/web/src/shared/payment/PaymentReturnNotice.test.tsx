import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { PaymentReturnNotice, useBackRedirect } from '.';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function Probe() {
  const redirect = useBackRedirect();
  return (
    <>
      <span data-testid="state">{redirect.state}</span>
      <PaymentReturnNotice redirect={redirect} />
    </>
  );
}

function renderAt(path: string) {
  return renderElementAt(<Probe />, path);
}

describe('useBackRedirect and PaymentReturnNotice', () => {
  inHungarian();
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server about r and s and shows a verified FAIL with its ids', async () => {
    const fetch = vi.fn(async () =>
      json(200, {
        result: true,
        data: { e: 'FAIL', o: 'VP-77', t: '501234567' },
        messages: [],
        useAlert: false,
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt('/prepaid-payment-result?r=eyJyIjowfQ%3D%3D&s=c2ln%2B');
    const notice = await screen.findByTestId('payment-return');
    expect(notice.getAttribute('data-status')).toBe('fail');
    expect(notice.textContent).toContain('Elutasított tranzakció');
    expect(notice.textContent).toContain('501234567');
    expect(notice.textContent).toContain('VP-77');
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://x');
    expect(url.pathname).toBe('/api/v1/payment-return');
    expect(url.searchParams.get('r')).toBe('eyJyIjowfQ==');
    expect(url.searchParams.get('s')).toBe('c2ln+');
  });

  it('shows CANCEL as a denied payment without the ids', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          result: true,
          data: { e: 'CANCEL', o: 'VP-78', t: '501234568' },
          messages: [],
          useAlert: false,
        }),
      ),
    );
    renderAt('/cards?r=abc&s=def');
    const notice = await screen.findByTestId('payment-return');
    expect(notice.textContent).toContain('Elutasított fizetés');
    expect(notice.textContent).toContain('megszakította');
    expect(notice.textContent).not.toContain('501234568');
  });

  it('shows nothing from a tampered r: only the server says it is not genuine', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, {
          result: false,
          data: { responseCode: 'BAD_PAYMENT_RETURN' },
          messages: [{ text: 'Nem hiteles.', severity: 'error' }],
          useAlert: true,
        }),
      ),
    );
    renderAt('/cards?r=forged&s=bad');
    const notice = await screen.findByTestId('payment-return');
    expect(screen.getByTestId('state').textContent).toBe('invalid');
    expect(notice.textContent).toContain('Nem hiteles.');
    expect(notice.getAttribute('data-status')).toBeNull();
  });

  it('does not call the server without r', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAt('/cards');
    expect((await screen.findByTestId('state')).textContent).toBe('none');
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByTestId('payment-return')).toBeNull();
  });

  it('treats r without s as not genuine without asking the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAt('/prepaid-payment-result?r=abc');
    expect((await screen.findByTestId('payment-return')).textContent).toContain(
      'visszairányítása nem hiteles',
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
