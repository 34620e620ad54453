import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createActiveUser } from '../../test/users.js';
import { seedReferenceData } from '../../db/seed/index.js';

let t: TestApp;
let anna: Awaited<ReturnType<typeof createActiveUser>>;
let bela: Awaited<ReturnType<typeof createActiveUser>>;

beforeAll(async () => {
  t = await createTestApp({ seed: (d) => seedReferenceData(d.db) });
  anna = await createActiveUser(t.database.db, 'anna@example.hu');
  bela = await createActiveUser(t.database.db, 'bela@example.hu');
});
afterAll(() => t.close());

const person = {
  type: 'PERSON',
  lastName: 'Kovács',
  firstName: 'Anna',
  emailAddress: 'Anna@Example.hu',
  phone: '06301234567',
  defaultBillingData: false,
  address: {
    countryCode: 'hu',
    zipCode: '1051',
    city: 'Budapest',
    street: 'Nádor',
    addressType: 'UTCA',
    houseNumber: '12',
    floor: '2',
    door: '5',
  },
};
const company = {
  type: 'COMPANY',
  payerName: 'Zöld Flotta Kft.',
  taxNumber: '12345678-2-42',
  emailAddress: 'szamla@zoldflotta.hu',
  phone: '+36 1 555 0100',
  defaultBillingData: true,
  address: {
    countryCode: 'HU',
    zipCode: '6720',
    city: 'Szeged',
    street: 'Kárász',
    addressType: 'utca',
    houseNumber: '6',
  },
};

const save = (user: { headers: Record<string, string> }, body: unknown, lang = 'hu') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/billing-data/save-current-user',
    headers: { ...user.headers, 'x-lang': lang },
    payload: body as object,
  });
const list = (user: { headers: Record<string, string> }) =>
  t.app.inject({ url: '/api/v1/billing-data/list-current-user', headers: user.headers });

describe('billing data', () => {
  it('saves a person: names make the payer name, the first entry is forced default, address is normalised', async () => {
    const res = await save(anna, person);
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().data;
    expect(entry).toMatchObject({
      type: 'PERSON',
      payerName: 'Kovács Anna',
      taxNumber: null,
      emailAddress: 'anna@example.hu',
      phone: '+36 30 123 4567',
      defaultBillingData: true,
      address: {
        countryCode: 'HU',
        countryName: 'Magyarország',
        addressType: 'utca',
        full: '1051 Budapest, Nádor utca 12 2/5, Magyarország',
      },
    });
  });

  it('adds a company as the new default and keeps exactly one default', async () => {
    const res = await save(anna, company, 'en');
    const entries = res.json().data as {
      type: string;
      defaultBillingData: boolean;
      firstName: string | null;
      address: { countryName: string };
    }[];
    expect(entries).toHaveLength(2);
    expect(entries.filter((e) => e.defaultBillingData)).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'COMPANY',
      defaultBillingData: true,
      firstName: null,
      address: { countryName: 'Hungary' },
    });
  });

  it('needs a tax number for a company and a known country and address type; stores nothing otherwise', async () => {
    const noTax = await save(anna, { ...company, taxNumber: '' });
    expect(noTax.statusCode).toBe(400);
    expect(noTax.json().messages).toContainEqual(
      expect.objectContaining({ field: 'taxNumber', messageKey: 'invalid.required' }),
    );
    const badCountry = await save(anna, {
      ...person,
      address: { ...person.address, countryCode: 'XX' },
    });
    expect(badCountry.json().messages).toContainEqual(
      expect.objectContaining({ field: 'address.countryCode' }),
    );
    const badType = await save(anna, {
      ...person,
      address: { ...person.address, addressType: 'sugárfolyosó' },
    });
    expect(badType.json().messages).toContainEqual(
      expect.objectContaining({ field: 'address.addressType' }),
    );
    expect((await list(anna)).json().data).toHaveLength(2);
  });

  it("keeps one user's billing data away from another user", async () => {
    const annaIds = ((await list(anna)).json().data as { id: number }[]).map((e) => e.id);
    expect((await list(bela)).json().data).toEqual([]);
    const edit = await save(bela, { ...company, id: annaIds[0], payerName: 'Hijacked Kft.' });
    expect(edit.statusCode).toBe(404);
    const del = await t.app.inject({
      url: `/api/v1/billing-data/delete-current-user?id=${annaIds[0]}`,
      headers: bela.headers,
    });
    expect(del.statusCode).toBe(404);
    const annaAfter = (await list(anna)).json().data as { payerName: string }[];
    expect(annaAfter.map((e) => e.payerName)).toEqual(['Zöld Flotta Kft.', 'Kovács Anna']);
    expect((await t.app.inject({ url: '/api/v1/billing-data/list-current-user' })).statusCode).toBe(
      401,
    );
  });

  it('deleting the default makes the remaining entry the default', async () => {
    const [def] = (await list(anna)).json().data as { id: number }[];
    const res = await t.app.inject({
      url: `/api/v1/billing-data/delete-current-user?id=${def!.id}`,
      headers: anna.headers,
    });
    expect(res.json().data).toEqual([
      expect.objectContaining({ payerName: 'Kovács Anna', defaultBillingData: true }),
    ]);
  });

  it('lists countries by language and the 35 public-space types', async () => {
    const hu = (await t.app.inject({ url: '/api/v1/billing-data/countries' })).json().data as {
      name: string;
      alpha2code: string;
    }[];
    const en = (
      await t.app.inject({ url: '/api/v1/billing-data/countries', headers: { 'x-lang': 'en' } })
    ).json().data as { name: string; alpha2code: string }[];
    expect(hu.find((c) => c.alpha2code === 'DE')?.name).toBe('Németország');
    expect(en.find((c) => c.alpha2code === 'DE')?.name).toBe('Germany');
    const types = (await t.app.inject({ url: '/api/v1/billing-data/address-types' })).json()
      .data as string[];
    expect(types).toHaveLength(35);
    expect(types).toEqual(expect.arrayContaining(['utca', 'út', 'tér', 'körút', 'sétány']));
  });
});
