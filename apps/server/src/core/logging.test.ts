import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createActiveUser } from '../test/users.js';
import { scrubLogLine } from './logger.js';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(() => t.close());

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the server log', () => {
  it('shows the calls but none of the secrets in their URLs and bodies', async () => {
    const user = await createActiveUser(t.database.db, 'log@example.hu');
    await t.app.inject({
      url: '/api/v1/charger/start-charging-card?charger-id=1&card-id=2&cardSecret=Kartya7781',
      headers: user.headers,
    });
    await t.app.inject({ url: '/api/v1/user/activate?token=ActivationTok3n' });
    await t.app.inject({ url: `/api/v1/user/loggedin-user?access_token=${user.accessToken}` });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: form,
      payload: 'email=log%40example.hu&password=Jelszo998877',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: form,
      payload: 'grant_type=refresh_token&refresh_token=Refresh5566&client_id=x',
    });
    await t.app.inject({ url: '/charging?r=eyJwYXlsb2FkIjoxfQ&s=c2lnbmF0dXJl' });

    const log = lines.join('');
    expect(log).toContain(
      '/api/v1/charger/start-charging-card?charger-id=1&card-id=2&cardSecret=[hidden]',
    );
    expect(log).toContain('/api/v1/user/activate?token=[hidden]');
    for (const secret of [
      'Kartya7781',
      'ActivationTok3n',
      user.accessToken,
      user.token,
      'Jelszo998877',
      'Refresh5566',
      'eyJwYXlsb2FkIjoxfQ',
      'c2lnbmF0dXJl',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('scrubs secrets wherever a line carries them: bodies, error messages, credentials', () => {
    const line = JSON.stringify({
      msg: 'request failed',
      body: {
        email: 'a@b.hu',
        password: 'pw1',
        cardSecret: 'cs2',
        nested: { refresh_token: 'rt3' },
      },
      err: {
        message: 'fetch https://x.hu/pay?orderRef=9&signature=sg4 failed',
        stack: 'Error: Bearer abcdefgh12345 refused\n    at f',
      },
      headers: { authorization: 'Basic dXNlcjp0b2tlbg==' },
    });
    const scrubbed = scrubLogLine(line);
    // A guest's e-mailed charge link opens the charge's session: its token is a secret too.
    expect(scrubLogLine('{"req":{"url":"/charge-history?access=tok123&lang=en"}}')).toBe(
      '{"req":{"url":"/charge-history?access=[hidden]&lang=en"}}',
    );
    expect(JSON.parse(scrubbed)).toEqual({
      msg: 'request failed',
      body: {
        email: 'a@b.hu',
        password: '[hidden]',
        cardSecret: '[hidden]',
        nested: { refresh_token: '[hidden]' },
      },
      err: {
        message: 'fetch https://x.hu/pay?orderRef=9&signature=[hidden] failed',
        stack: 'Error: Bearer [hidden] refused\n    at f',
      },
      headers: { authorization: '[hidden]' },
    });
  });
});
