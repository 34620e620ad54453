import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { CAPTCHA_CHECK_MS, CAPTCHA_VALID_MS, useCaptcha } from './captcha';

function json(body: unknown) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('useCaptcha (SPEC §4 Captcha)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('fetches a code, notices the expiry on a 15 s check after 14 minutes, and refreshes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let n = 0;
    const fetchMock = vi.fn(async () =>
      json({ result: true, data: `code-${++n}`, messages: [], useAlert: false }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useCaptcha());
    await vi.waitFor(() => expect(result.current.code).toBe('code-1'));
    expect(result.current.imageUrl).toBe('/api/security/image?id=code-1');
    expect(result.current.expired).toBe(false);

    act(() => {
      vi.advanceTimersByTime(CAPTCHA_VALID_MS - CAPTCHA_CHECK_MS);
    });
    expect(result.current.expired).toBe(false);
    act(() => {
      vi.advanceTimersByTime(CAPTCHA_CHECK_MS);
    });
    expect(result.current.expired).toBe(true);

    await act(() => result.current.refresh());
    expect(result.current.code).toBe('code-2');
    expect(result.current.expired).toBe(false);
    // The refresh sends the old code id so the server drops it.
    const init = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect(String(init.body)).toBe('code=code-1');
  });
});
