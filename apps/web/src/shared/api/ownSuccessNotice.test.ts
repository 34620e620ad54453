import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from './routes';
import { callApi } from './client';
import { showMessages } from './notify';
import type * as Notify from './notify';

vi.mock('./notify', async (original) => ({
  ...(await original<typeof Notify>()),
  showMessages: vi.fn(),
}));

const message = {
  severity: 'info',
  messageKey: 'registration.success',
  text: 'Sikeres regisztráció!',
};

function answerWithAlert() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ result: true, data: null, messages: [message], useAlert: true }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    ),
  );
}

describe('a success the screen tells itself', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(showMessages).mockClear();
  });

  it('is alerted as a notice by default', async () => {
    answerWithAlert();
    await callApi(apiRoutes.news, { busy: false });
    expect(showMessages).toHaveBeenCalledWith([message]);
  });

  it('is not alerted again with ownSuccessNotice (registration: once, on the log-in page)', async () => {
    answerWithAlert();
    await callApi(apiRoutes.news, { busy: false, ownSuccessNotice: true });
    expect(showMessages).not.toHaveBeenCalled();
  });
});
