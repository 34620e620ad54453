import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRoutes, callApi } from '@/shared/api';

/** SPEC §4 Captcha: valid 14 minutes after it is fetched; checked every 15 s. */
export const CAPTCHA_VALID_MS = 14 * 60 * 1000;
export const CAPTCHA_CHECK_MS = 15 * 1000;

export function captchaExpired(fetchedAt: number | null, now: number): boolean {
  return fetchedAt !== null && now - fetchedAt >= CAPTCHA_VALID_MS;
}

export interface Captcha {
  code: string | null;
  imageUrl: string | null;
  expired: boolean;
  failed: boolean;
  refresh: () => Promise<void>;
}

/** The registration captcha: a code id, its picture, the expiry check and a refresh. */
export function useCaptcha(): Captcha {
  const [code, setCode] = useState<string | null>(null);
  const [fetchedAt, setFetchedAt] = useState<number | null>(null);
  const [expired, setExpired] = useState(false);
  const [failed, setFailed] = useState(false);
  const codeRef = useRef<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const next = await callApi(apiRoutes.captchaGenerate, {
        body: { code: codeRef.current ?? '' },
        busy: false,
      });
      codeRef.current = next;
      setCode(next);
      setFetchedAt(Date.now());
      setExpired(false);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (fetchedAt === null) return;
    const id = setInterval(() => {
      if (captchaExpired(fetchedAt, Date.now())) setExpired(true);
    }, CAPTCHA_CHECK_MS);
    return () => clearInterval(id);
  }, [fetchedAt]);

  return {
    code,
    imageUrl: code ? `/api/security/image?id=${encodeURIComponent(code)}` : null,
    expired,
    failed,
    refresh,
  };
}
