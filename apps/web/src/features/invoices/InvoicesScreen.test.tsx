import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { BillingData, Invoice } from '@voltpark/contract';
import { theme } from '@/app/theme';
import { inHungarian } from '@/test/i18n';
import { InvoicesScreen } from './InvoicesScreen';
import { nextInvoiceDay } from './invoiceFile';

const billing = (id: number, name: string, defaultBillingData: boolean) =>
  ({
    id,
    type: 'PERSON',
    payerName: name,
    lastName: null,
    firstName: null,
    taxNumber: null,
    emailAddress: 'a@example.com',
    phone: '+36301234567',
    defaultBillingData,
    address: { full: `1117 Budapest, Utca ${id}.` },
  }) as unknown as BillingData;

const ok = (data: unknown) =>
  new Response(JSON.stringify({ result: true, data, messages: [], useAlert: false }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function serve(invoicesById: Record<number, Invoice[]>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(String(url), 'http://localhost');
      if (u.pathname.endsWith('/billing-data/list-current-user'))
        return ok([billing(1, 'Kovács Erőd', false), billing(2, 'Őrült Kft.', true)]);
      if (u.pathname.endsWith('/invoice/invoices-of-billingdata'))
        return ok(invoicesById[Number(u.searchParams.get('id'))] ?? []);
      return ok([]);
    }),
  );
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <InvoicesScreen />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('invoices screen', { timeout: 30_000 }, () => {
  inHungarian();

  it('lists the default billing data’s invoices and opens the PDF in a new tab', async () => {
    localStorage.setItem('loggedInUserToken', 'tok-123');
    serve({
      2: [
        {
          id: 9,
          createdAt: '2026-11-16T08:00:00.000Z',
          invoiceIdentifier: 'VP-2026-000007',
          path: 'VP-2026-000007.pdf',
        },
      ],
    });
    renderScreen();
    const item = await screen.findByTestId('invoice-item');
    expect(within(item).getByText('VP-2026-000007')).toBeTruthy();
    expect(item.textContent).toContain('2026. 11. 16.');
    const link = within(item).getByRole('link', { name: /VP-2026-000007/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('href')).toBe(
      '/api/file?type=invoice&name=VP-2026-000007.pdf&token=tok-123',
    );
  });

  it('says when the next invoice comes for a billing data without invoices', async () => {
    serve({ 2: [] });
    renderScreen();
    const select = await screen.findByLabelText('Számlázási adat');
    await userEvent.selectOptions(select, '1');
    const empty = await screen.findByTestId('invoices-empty');
    expect(empty.textContent).toContain('hétfőnként');
    const next = new Intl.DateTimeFormat('hu-HU', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'Europe/Budapest',
    }).format(nextInvoiceDay());
    expect(empty.textContent).toContain(next);
  });
});

describe('next invoice day', () => {
  it('is the coming Monday, a week ahead on a Monday', () => {
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    expect(iso(nextInvoiceDay(new Date('2026-11-18T10:00:00Z')))).toBe('2026-11-23'); // Wednesday
    expect(iso(nextInvoiceDay(new Date('2026-11-22T22:59:00Z')))).toBe('2026-11-23'); // Sunday 23:59
    expect(iso(nextInvoiceDay(new Date('2026-11-22T23:00:00Z')))).toBe('2026-11-30'); // Monday 00:00
  });
});
