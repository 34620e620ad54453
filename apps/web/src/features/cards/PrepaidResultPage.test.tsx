import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { PrepaidResultPage } from '.';
import { renderElementAt } from '@/test/render';
import { inHungarian } from '@/test/i18n';

const answer = (status: number, body: object) =>
  new Response(JSON.stringify({ messages: [], useAlert: false, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function server(
  event: { e: string; o: string; t: string },
  confirm = { result: true, data: 7000 },
) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      if (url.pathname === '/api/v1/payment-return')
        return answer(200, { result: true, data: event });
      if (url.pathname === '/api/v1/wallet/confirm-payment') return answer(200, confirm);
      return Promise.reject(new TypeError(`unexpected ${url.pathname}`));
    }),
  );
  return urls;
}

function renderAt(path: string) {
  return renderElementAt(<PrepaidResultPage />, path);
}

describe('/prepaid-payment-result (component)', () => {
  inHungarian();
  afterEach(() => vi.unstubAllGlobals());

  it('on a verified SUCCESS confirms the payment and shows the new balance and a link to /cards', async () => {
    const urls = server({ e: 'SUCCESS', o: 'VP-1', t: '500000123' });
    renderAt('/prepaid-payment-result?r=abc&s=def');
    expect((await screen.findByTestId('result-balance')).textContent).toBe('7\u00a0000\u00a0Ft');
    const confirm = urls.find((u) => u.pathname === '/api/v1/wallet/confirm-payment')!;
    expect(confirm.searchParams.get('transactionId')).toBe('500000123');
    expect(confirm.searchParams.get('status')).toBe('SUCCESS');
    expect(
      screen.getByRole('link', { name: 'Tovább a fizetési módokhoz' }).getAttribute('href'),
    ).toBe('/cards');
  });

  it('says when SimplePay has not settled it yet', async () => {
    server({ e: 'SUCCESS', o: 'VP-2', t: '500000124' }, { result: false, data: 0 });
    renderAt('/prepaid-payment-result?r=abc&s=def');
    expect(await screen.findByTestId('top-up-pending')).toBeTruthy();
  });

  it('on FAIL confirms nothing and links to /', async () => {
    const urls = server({ e: 'FAIL', o: 'VP-3', t: '500000125' });
    renderAt('/prepaid-payment-result?r=abc&s=def');
    expect((await screen.findByTestId('payment-return')).textContent).toContain(
      'Elutasított tranzakció',
    );
    expect(screen.getByRole('link', { name: 'Vissza a főoldalra' }).getAttribute('href')).toBe('/');
    expect(urls.some((u) => u.pathname.endsWith('/confirm-payment'))).toBe(false);
    expect(screen.queryByTestId('result-balance')).toBeNull();
  });

  it('without r shows the unknown status and asks nothing', async () => {
    const urls = server({ e: 'SUCCESS', o: 'x', t: '1' });
    renderAt('/prepaid-payment-result');
    expect((await screen.findByTestId('payment-return')).textContent).toContain(
      'Ismeretlen státusz',
    );
    expect(urls).toHaveLength(0);
  });
});
