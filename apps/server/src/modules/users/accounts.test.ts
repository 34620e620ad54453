import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { mailOutbox, users } from '../../db/schema/accounts.js';
import { storeCaptcha } from '../captcha/captcha.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (o: Record<string, string>) => new URLSearchParams(o).toString();
const post = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: form(body),
  });
const basic = (id: number, token: string) => ({
  authorization: `Basic ${Buffer.from(`${id}:${token}`).toString('base64')}`,
});

async function registerUser(email: string, password = 'Voltpark2026', ip = '10.0.0.1') {
  const code = await storeCaptcha(t.database.db, 'K7MPX');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/register',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({
      email,
      phone: '06 30 123 4567',
      password,
      password2: password,
      accepted: 'true',
      code,
      inputCode: 'k7mpx',
      chargerId: '12',
    }),
  });
  return res;
}

async function lastMailTo(email: string) {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail!;
}
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

async function activeUser(email: string, password = 'Voltpark2026') {
  expect((await registerUser(email, password)).statusCode).toBe(200);
  const link = new URL(linkIn((await lastMailTo(email)).textBody));
  await t.app.inject({ url: `${link.pathname}${link.search}` });
  const res = await post('/api/v1/user/login', { email, password });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    user: { id: number; phone: string };
    token: string;
    accessToken: string;
  };
}

describe('registration and activation', () => {
  it('registers, mails a bilingual activation link, activates once and lands on the charger', async () => {
    const res = await registerUser('Anna.Kovacs@Example.hu');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      result: true,
      messages: [{ messageKey: 'register.success' }],
    });

    const mail = await lastMailTo('anna.kovacs@example.hu');
    expect(mail.subject).toBe('Erősítse meg Voltpark regisztrációját');
    const link = new URL(linkIn(mail.textBody));
    expect(mail.htmlBody).toContain(link.search.slice(1).replace(/&/g, '&amp;'));

    const before = await post('/api/v1/user/login', {
      email: 'anna.kovacs@example.hu',
      password: 'Voltpark2026',
    });
    expect(before.statusCode).toBe(403);
    expect(before.json().messages[0].text).toBe(
      'A felhasználói profil még nem került aktiválásra!',
    );

    const activation = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(activation.statusCode).toBe(302);
    expect(activation.headers.location).toBe('/registration-result?v=success&chargerId=12');
    const again = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(again.headers.location).toBe('/registration-result?v=failed');

    const login = await post('/api/v1/user/login', {
      email: 'ANNA.kovacs@example.hu ',
      password: 'Voltpark2026',
    });
    expect(login.statusCode).toBe(200);
    const session = login.json();
    expect(session.data.user).toMatchObject({
      email: 'anna.kovacs@example.hu',
      phone: '+36 30 123 4567',
      hasPassword: true,
    });
    expect(session.extraData.onboardingDetails).toMatchObject({
      userHasPhoneNumber: true,
      userHasBillingData: false,
    });
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'anna.kovacs@example.hu'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a taken e-mail, a wrong or reused captcha, and bad fields — storing nothing', async () => {
    await activeUser('taken@example.hu');
    const taken = await registerUser('taken@example.hu');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().messages).toContainEqual(
      expect.objectContaining({ field: 'email', messageKey: 'register.emailTaken' }),
    );

    const code = await storeCaptcha(t.database.db, 'ABCDE');
    const base = {
      email: 'new@example.hu',
      phone: '+36301234567',
      password: 'Voltpark2026',
      password2: 'Voltpark2026',
      accepted: 'true',
      code,
    };
    const wrong = await post('/api/v1/user/register', { ...base, inputCode: 'ABCDX' });
    expect(wrong.json().messages).toContainEqual(
      expect.objectContaining({ field: 'inputCode', messageKey: 'register.captchaWrong' }),
    );
    const reused = await post('/api/v1/user/register', { ...base, inputCode: 'ABCDE' });
    expect(reused.json().messages).toContainEqual(
      expect.objectContaining({ messageKey: 'register.captchaExpired' }),
    );

    const bad = await post('/api/v1/user/register', {
      email: 'not-an-email',
      phone: '',
      password: 'short',
      password2: 'other',
      accepted: 'false',
      code: 'x',
      inputCode: '',
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().messages.map((m: { field?: string }) => m.field);
    expect(fields).toEqual(
      expect.arrayContaining(['email', 'phone', 'password', 'accepted', 'inputCode']),
    );

    const count = await t.database.db.execute(
      sql`select count(*)::int as n from users where email = 'new@example.hu'`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('rejects a phone number that is not valid', async () => {
    const code = await storeCaptcha(t.database.db, 'PQRST');
    const res = await post('/api/v1/user/register', {
      email: 'phone@example.hu',
      phone: '123',
      password: 'Voltpark2026',
      password2: 'Voltpark2026',
      accepted: 'true',
      code,
      inputCode: 'PQRST',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toContainEqual(
      expect.objectContaining({ field: 'phone', messageKey: 'invalid.phone' }),
    );
  });
});

describe('sessions', () => {
  it('accepts Basic id:token, Basic e-mail:token and Bearer; logout revokes on the server', async () => {
    const s = await activeUser('sessions@example.hu');
    for (const headers of [
      basic(s.user.id, s.token),
      {
        authorization: `Basic ${Buffer.from(`sessions@example.hu:${s.token}`).toString('base64')}`,
      },
      { authorization: `Bearer ${s.accessToken}` },
    ]) {
      const me = await t.app.inject({ url: '/api/v1/user/loggedin-user', headers });
      expect(me.statusCode).toBe(200);
      expect(me.json().data.email).toBe('sessions@example.hu');
    }
    const wrongOwner = await t.app.inject({
      url: '/api/v1/user/loggedin-user',
      headers: basic(s.user.id + 1000, s.token),
    });
    expect(wrongOwner.statusCode).toBe(401);

    expect(
      (await t.app.inject({ url: '/api/v1/user/logout', headers: basic(s.user.id, s.token) }))
        .statusCode,
    ).toBe(200);
    const after = await t.app.inject({
      url: '/api/v1/user/loggedin-user',
      headers: basic(s.user.id, s.token),
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().data.responseCode).toBe('UNAUTHORIZED');
  });

  it("never lets one user's token read or change another user's profile", async () => {
    const a = await activeUser('owner-a@example.hu');
    const b = await activeUser('owner-b@example.hu');
    const me = await t.app.inject({
      url: '/api/v1/user/loggedin-user',
      headers: basic(b.user.id, b.token),
    });
    expect(me.json().data.email).toBe('owner-b@example.hu');
    const spoof = await t.app.inject({
      url: '/api/v1/user/loggedin-user',
      headers: basic(a.user.id, b.token),
    });
    expect(spoof.statusCode).toBe(401);
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update',
      headers: {
        ...basic(b.user.id, b.token),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form({ phone: '+36 70 999 8888' }),
    });
    expect(update.statusCode).toBe(200);
    const [rowA] = await t.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(rowA!.phone).toBe('+36 30 123 4567');
  });

  it('locks an e-mail after repeated wrong passwords, and says so in the caller language', async () => {
    await activeUser('locked@example.hu');
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/api/v1/user/login',
        { email: 'locked@example.hu', password: 'Wrong-pass1' },
        { 'x-lang': 'en' },
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().messages[0].text).toBe('No such user, or the password is wrong!');
    }
    const locked = await post(
      '/api/v1/user/login',
      { email: 'locked@example.hu', password: 'Voltpark2026' },
      { 'x-lang': 'en' },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().messages[0].text).toMatch(/try again in 15 minutes/);
  }, 30_000);

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const res = await post('/api/v1/user/login', {
      email: 'nobody@example.hu',
      password: 'Voltpark2026',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().data.responseCode).toBe('BAD_CREDENTIALS');
  });
});

describe('forgotten password', () => {
  it('never reveals whether an e-mail is registered, and resets once with the mailed token', async () => {
    const s = await activeUser('forgot@example.hu');
    const unknown = await post('/api/v1/user/forget-password', { email: 'ghost@example.hu' });
    const known = await post('/api/v1/user/forget-password', { email: 'forgot@example.hu' });
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());

    const mail = await lastMailTo('forgot@example.hu');
    const token = new URL(linkIn(mail.textBody)).searchParams.get('token')!;
    const mismatch = await post('/api/v1/user/forget-password-change', {
      token,
      password: 'Newpass2026',
      password2: 'Newpass2027',
    });
    expect(mismatch.statusCode).toBe(400);
    const change = await post('/api/v1/user/forget-password-change', {
      token,
      password: 'Newpass2026',
      password2: 'Newpass2026',
    });
    expect(change.statusCode).toBe(200);
    const reuse = await post('/api/v1/user/forget-password-change', {
      token,
      password: 'Other2026x',
      password2: 'Other2026x',
    });
    expect(reuse.json().messages[0].text).toBe('Hibás token');

    const oldSession = await t.app.inject({
      url: '/api/v1/user/loggedin-user',
      headers: basic(s.user.id, s.token),
    });
    expect(oldSession.statusCode).toBe(401);
    expect(
      (await post('/api/v1/user/login', { email: 'forgot@example.hu', password: 'Newpass2026' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('profile', () => {
  it('ends every other session and access token when the password changes, keeping the one that changed it', async () => {
    const phone = await activeUser('sessions-end@example.hu');
    const laptop = await post('/api/v1/user/login', {
      email: 'sessions-end@example.hu',
      password: 'Voltpark2026',
    });
    const other = laptop.json().data as { token: string; accessToken: string };
    const me = (headers: Record<string, string>) =>
      t.app.inject({ url: '/api/v1/user/loggedin-user', headers });
    expect((await me(basic(phone.user.id, other.token))).statusCode).toBe(200);

    const phoneLanguageOnly = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update',
      headers: {
        ...basic(phone.user.id, phone.token),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form({ phone: '+36301234567', lang: 'en' }),
    });
    expect(phoneLanguageOnly.statusCode).toBe(200);
    expect((await me(basic(phone.user.id, other.token))).statusCode).toBe(200);

    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update',
      headers: {
        ...basic(phone.user.id, phone.token),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form({
        phone: '+36301234567',
        password: 'Changed2026',
        password2: 'Changed2026',
        oldPassword: 'Voltpark2026',
      }),
    });
    expect(change.statusCode).toBe(200);
    expect((await me(basic(phone.user.id, other.token))).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${other.accessToken}` })).statusCode).toBe(401);
    expect((await me(basic(phone.user.id, phone.token))).statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${phone.accessToken}` })).statusCode).toBe(200);
  });

  it('changes the password only with the right old password, and deletes the account', async () => {
    const s = await activeUser('profile@example.hu');
    const headers = {
      ...basic(s.user.id, s.token),
      'content-type': 'application/x-www-form-urlencoded',
    };
    const noOld = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update',
      headers,
      payload: form({ phone: '+36301234567', password: 'Changed2026', password2: 'Changed2026' }),
    });
    expect(noOld.json().messages).toContainEqual(expect.objectContaining({ field: 'oldPassword' }));
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/update',
      headers,
      payload: form({
        phone: '+36301234567',
        password: 'Changed2026',
        password2: 'Changed2026',
        oldPassword: 'Voltpark2026',
        lang: 'en',
      }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.preferedLanguage).toBe('en');

    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/delete',
      headers: basic(s.user.id, s.token),
    });
    expect(del.statusCode).toBe(200);
    expect(
      (await post('/api/v1/user/login', { email: 'profile@example.hu', password: 'Changed2026' }))
        .statusCode,
    ).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, s.user.id));
    expect(row).toMatchObject({
      phone: null,
      passwordHash: null,
      email: `deleted-${s.user.id}@deleted.invalid`,
    });
  });
});

describe('captcha and mailbox', () => {
  it('serves a captcha picture with no text in it, and drops the old one on refresh', async () => {
    const first = (await post('/api/security/generate', {})).json().data as string;
    const img = await t.app.inject({ url: `/api/security/image?id=${first}` });
    expect(img.headers['content-type']).toContain('image/svg+xml');
    expect(img.body).toContain('<path');
    expect(img.body).not.toContain('<text');
    const second = (await post('/api/security/generate', { code: first })).json().data as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: `/api/security/image?id=${first}` })).statusCode).toBe(404);
  });

  it('gives a first captcha to a request with no body at all', async () => {
    for (const headers of [{}, { 'content-type': 'application/x-www-form-urlencoded' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/security/generate', headers });
      expect(res.statusCode).toBe(200);
      const id = res.json().data as string;
      expect((await t.app.inject({ url: `/api/security/image?id=${id}` })).statusCode).toBe(200);
    }
  });

  it('shows sent mails on the sandbox mailbox page', async () => {
    await registerUser('mailbox@example.hu', 'Voltpark2026', '10.0.0.9');
    const list = await t.app.inject({ url: '/sandbox/mailbox?lang=en' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('mailbox@example.hu');
    expect(list.body).toContain('SANDBOX');
  });
});
