import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { BillingData, User } from '@voltpark/contract';
import { theme } from '@/app/theme';
import { i18nReady, setLanguage } from '@/shared/i18n';
import { BillingForm } from './BillingForm';
import { newBillingForm } from './billingForm';

const user: User = {
  id: 7,
  email: 'anna@example.hu',
  types: ['USER'],
  casualUser: false,
  casualCharge: false,
  preferedLanguage: 'hu',
  firstName: 'Anna',
  lastName: 'Kovács',
  phone: '+36 30 123 4567',
  hasPassword: true,
  usedApple: false,
  usedFacebook: false,
  usedGoogle: false,
};
const countries = [
  { name: 'Magyarország', alpha2code: 'HU' },
  { name: 'Egyesült Királyság', alpha2code: 'GB' },
  { name: 'Egyesült Államok', alpha2code: 'US' },
  { name: 'Ausztria', alpha2code: 'AT' },
];
const addressTypes = ['utca', 'út', 'tér', 'körút', 'sétány'];
const existing = { id: 1, defaultBillingData: true } as BillingData;

function renderForm(list: BillingData[] = [], onSaved = vi.fn()) {
  render(
    <MantineProvider theme={theme}>
      <BillingForm
        initial={newBillingForm(user, list.length > 0)}
        list={list}
        user={user}
        countries={countries}
        addressTypes={addressTypes}
        onSaved={onSaved}
      />
    </MantineProvider>,
  );
  return onSaved;
}

const byId = (f: string) => document.getElementById(`f-billing-${f}`) as HTMLInputElement;
/** The options the combobox of an input shows now (other lists stay in the DOM hidden). */
const optionTexts = (input: HTMLInputElement) => {
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  return list ? [...list.querySelectorAll('[role="option"]')].map((o) => o.textContent) : [];
};

describe('billing data editor (component)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await i18nReady;
    await setLanguage('hu');
    // jsdom has no scrollIntoView; the combobox scrolls the selected option into view.
    Element.prototype.scrollIntoView ??= () => {};
  });
  afterEach(() => vi.unstubAllGlobals());

  it('country autocomplete matches every typed word, in any order, case and accents aside', async () => {
    renderForm();
    const u = userEvent.setup();
    const country = byId('countryCode');
    await u.clear(country);
    await u.type(country, 'KIRALY egyesult');
    await waitFor(() => expect(optionTexts(country)).toEqual(['Egyesült Királyság']));
    await u.clear(country);
    await u.type(country, 'egyesült');
    await waitFor(() =>
      expect(optionTexts(country).sort()).toEqual(
        ['Egyesült Királyság', 'Egyesült Államok'].sort(),
      ),
    );
    await u.clear(country);
    await u.type(country, 'magyar x');
    await waitFor(() => expect(optionTexts(country)).toEqual([]));
    // Choosing the option that is already selected (HU) still shows its name, not the typing.
    await u.clear(country);
    await u.type(country, 'MAGYAR');
    await u.click(await screen.findByRole('option', { name: 'Magyarország', hidden: true }));
    expect(country.value).toBe('Magyarország');
  });

  it('public-space type autocomplete matches without accents and takes a choice from the list', async () => {
    renderForm();
    const u = userEvent.setup();
    const type = byId('addressType');
    await u.type(type, 'KORUT');
    await waitFor(() => expect(optionTexts(type)).toEqual(['körút']));
    await u.click(screen.getByRole('option', { name: 'körút', hidden: true }));
    expect(type).toHaveProperty('value', 'körút');
  });

  it('PERSON prefills the names from the user; COMPANY clears them and asks company name and tax number', async () => {
    renderForm();
    const u = userEvent.setup();
    await u.click(screen.getByRole('radio', { name: 'Magánszemély' }));
    expect(screen.getByLabelText(/Vezetéknév/)).toHaveProperty('value', 'Kovács');
    expect(screen.getByLabelText(/Keresztnév/)).toHaveProperty('value', 'Anna');
    await u.clear(screen.getByLabelText(/Keresztnév/));
    await u.type(screen.getByLabelText(/Keresztnév/), 'Panna');

    await u.click(screen.getByRole('radio', { name: 'Cég' }));
    expect(screen.queryByLabelText(/Vezetéknév/)).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Mentés' }));
    expect(await screen.findAllByText('A mező kitöltése kötelező!')).not.toHaveLength(0);
    const company = screen.getByLabelText(/Cégnév/);
    expect(company.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/Adószám/).getAttribute('aria-invalid')).toBe('true');

    // Back to PERSON: the names are the user's again (the typed change was cleared with COMPANY).
    await u.click(screen.getByRole('radio', { name: 'Magánszemély' }));
    expect(screen.getByLabelText(/Keresztnév/)).toHaveProperty('value', 'Anna');
  });

  it('asks for a type first and clears an invalid e-mail (SPEC §5)', async () => {
    renderForm();
    const u = userEvent.setup();
    const email = screen.getByLabelText(/E-mail cím a számlákhoz/);
    await u.clear(email);
    await u.type(email, 'nem-email');
    await u.click(screen.getByRole('button', { name: 'Mentés' }));
    expect(await screen.findByText('Válassza ki, hogy magánszemély vagy cég!')).toBeTruthy();
    expect(screen.getByText('Érvénytelen e-mail cím formátum!')).toBeTruthy();
    expect(email).toHaveProperty('value', '');
  });

  it('forces the first entry to be the default, but not a further one', () => {
    renderForm();
    const box = screen.getByRole('checkbox', { name: /Alapértelmezett/ });
    expect(box).toHaveProperty('checked', true);
    expect(box).toHaveProperty('disabled', true);
  });

  it('lets a further entry be default or not', () => {
    renderForm([existing]);
    const box = screen.getByRole('checkbox', { name: /Alapértelmezett/ });
    expect(box).toHaveProperty('checked', false);
    expect(box).toHaveProperty('disabled', false);
  });

  it('shows a server field error under the matching input and reports nothing saved', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            result: false,
            data: null,
            messages: [{ text: 'Csak számjegyek!', severity: 'error', field: 'address.zipCode' }],
            useAlert: true,
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = renderForm();
    const u = userEvent.setup();
    await u.click(screen.getByRole('radio', { name: 'Magánszemély' }));
    await u.type(screen.getByLabelText(/Irányítószám/), '1111');
    await u.type(screen.getByLabelText(/Település/), 'Budapest');
    await u.type(screen.getByLabelText(/Közterület neve/), 'Fő');
    const type = byId('addressType');
    await u.type(type, 'utca');
    await u.click(await screen.findByRole('option', { name: 'utca', hidden: true }));
    await u.type(screen.getByLabelText(/Házszám/), '1');
    await u.click(screen.getByRole('button', { name: 'Mentés' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      type: 'PERSON',
      lastName: 'Kovács',
      firstName: 'Anna',
      emailAddress: 'anna@example.hu',
      phone: '+36 30 123 4567',
      defaultBillingData: true,
      address: { countryCode: 'HU', zipCode: '1111', addressType: 'utca', houseNumber: '1' },
    });
    const zip = screen.getByLabelText(/Irányítószám/);
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('true'));
    const described = zip.getAttribute('aria-describedby') ?? '';
    expect(
      described
        .split(' ')
        .some((id) => document.getElementById(id)?.textContent === 'Csak számjegyek!'),
    ).toBe(true);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
