import { z } from 'zod';
import { SocialLoginError, type SocialIdentity } from './identity.js';

export interface FacebookVerifierOptions {
  appId: string;
  appSecret: string;
  /** https://graph.facebook.com/v19.0 in production. */
  graphUrl: string;
  fetch?: typeof fetch;
}

const debugAnswer = z.object({
  data: z.object({ is_valid: z.boolean(), app_id: z.string(), user_id: z.string().optional() }),
});
const meAnswer = z.object({
  id: z.string(),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});

/**
 * A Facebook access token is checked with the Graph API's debug_token using our app's own
 * credentials: it must be valid and issued to our app. Then the profile is read with it.
 * Facebook only returns confirmed e-mail addresses, so a returned e-mail counts as verified.
 */
export function createFacebookVerifier(options: FacebookVerifierOptions) {
  const doFetch = options.fetch ?? fetch;
  const get = async (path: string, params: Record<string, string>) => {
    const url = new URL(`${options.graphUrl.replace(/\/$/, '')}/${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const res = await doFetch(url, { signal: AbortSignal.timeout(10_000) }).catch(
      (err: unknown) => {
        throw new SocialLoginError('facebook', 'Graph API unreachable', { cause: err });
      },
    );
    return { ok: res.ok, body: (await res.json().catch(() => null)) as unknown };
  };

  return async (accessToken: string): Promise<SocialIdentity> => {
    const debug = await get('debug_token', {
      input_token: accessToken,
      access_token: `${options.appId}|${options.appSecret}`,
    });
    const checked = debugAnswer.safeParse(debug.body);
    if (!debug.ok || !checked.success || !checked.data.data.is_valid) {
      throw new SocialLoginError('facebook', 'token is not valid');
    }
    if (checked.data.data.app_id !== options.appId) {
      throw new SocialLoginError('facebook', 'token was issued to another app');
    }
    const me = await get('me', {
      fields: 'id,email,first_name,last_name',
      access_token: accessToken,
    });
    const profile = meAnswer.safeParse(me.body);
    if (!me.ok || !profile.success || profile.data.id !== checked.data.data.user_id) {
      throw new SocialLoginError('facebook', 'profile does not match the token');
    }
    return {
      provider: 'facebook',
      subject: profile.data.id,
      email: profile.data.email?.toLowerCase() ?? null,
      emailVerified: Boolean(profile.data.email),
      firstName: profile.data.first_name ?? null,
      lastName: profile.data.last_name ?? null,
    };
  };
}
