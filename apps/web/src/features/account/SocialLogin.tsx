import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Divider, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRoutes, callApi, callApiEnvelope, type EnvelopeLike } from '@/shared/api';
import { useLang } from '@/shared/i18n/useLang';
import { getPlatform } from '@/shared/lib/platform';
import { loadScript } from './loadScript';
import { appleAuthorizeUrl, facebookSdk, GOOGLE_SDK, rememberAppleState } from './providers';

interface Props {
  /** Starts the session exactly like the e-mail log-in (storage, language, onboarding). */
  onSession: (env: EnvelopeLike) => Promise<void>;
  onError: (err: unknown) => void;
}

type Load = 'loading' | 'ready' | 'failed';

/** Loads a provider's SDK on demand and runs `setup` once it is there. */
function useSdk(src: string, setup: () => boolean): Load {
  const [state, setState] = useState<Load>('loading');
  const setupRef = useRef(setup);
  useEffect(() => {
    setupRef.current = setup;
  });
  useEffect(() => {
    let live = true;
    loadScript(src).then(
      () => live && setState(setupRef.current() ? 'ready' : 'failed'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [src]);
  return state;
}

function LoadFailed({ provider }: { provider: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" role="status" data-testid="social-load-failed">
      {t('social.loadFailed', { provider })}
    </Alert>
  );
}

function GoogleButton({
  clientId,
  onIdToken,
}: {
  clientId: string;
  onIdToken: (t: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const box = useRef<HTMLDivElement>(null);
  const state = useSdk(GOOGLE_SDK, () => {
    const id = window.google?.accounts?.id;
    if (!id || !box.current) return false;
    id.initialize({
      client_id: clientId,
      ux_mode: 'popup',
      callback: ({ credential }) => credential && onIdToken(credential),
    });
    id.renderButton(box.current, {
      type: 'standard',
      theme: 'outline',
      size: 'large',
      text: 'signin_with',
      locale: lang,
      width: 280,
    });
    return true;
  });
  if (state === 'failed') return <LoadFailed provider="Google" />;
  return (
    <Box mih={44} data-testid="google-login">
      {state === 'loading' && (
        <Text size="sm" c="dimmed">
          {t('social.googleLoading')}
        </Text>
      )}
      <div ref={box} />
    </Box>
  );
}

function FacebookButton({ appId, onAuth }: { appId: string; onAuth: (a: FacebookLogin) => void }) {
  const { t } = useTranslation();
  // The SDK's language is fixed once loaded; a later switch keeps the first one.
  const [lang] = useState(useLang());
  const state = useSdk(facebookSdk(lang), () => {
    if (!window.FB) return false;
    window.FB.init({ appId, version: 'v21.0', xfbml: false, cookie: false });
    return true;
  });
  if (state === 'failed') return <LoadFailed provider="Facebook" />;
  return (
    <Button
      variant="outline"
      className="vp-touch"
      loading={state === 'loading'}
      // FB.login opens a pop-up, so it must run straight in the click (pop-up blockers).
      onClick={() =>
        window.FB?.login(
          ({ authResponse }) =>
            authResponse &&
            onAuth({
              accessToken: authResponse.accessToken,
              userId: authResponse.userID,
              signedRequest: authResponse.signedRequest,
            }),
          { scope: 'email' },
        )
      }
    >
      {t('social.facebook')}
    </Button>
  );
}

/** getRandomValues, unlike randomUUID, also exists outside secure contexts. */
function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SPEC §8: Apple's web sign-in came back unverified (apple-return → /login?social=failed). */
export function AppleLoginFailed() {
  // The server's message catalog holds the SPEC key; it loads only on this failure path.
  const { t } = useTranslation(['translation', 'messages']);
  return (
    <Alert color="red" role="alert" data-testid="apple-failed">
      {t('messages:login.appleLoginFailed')}
    </Alert>
  );
}

interface FacebookLogin {
  accessToken: string;
  userId: string;
  signedRequest?: string;
}

/**
 * SPEC §2 Login: the social log-ins the operator configured (settings.socialLogin). The native
 * app shells get none: Google and Facebook refuse sign-in inside embedded web views.
 */
export function SocialLogin({ onSession, onError }: Props) {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: ['user-settings'],
    queryFn: () => callApi(apiRoutes.userSettings, { busy: false, quiet: true }),
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
  const [appleState] = useState(randomState);
  const ids = getPlatform() === 'web' ? settings.data?.socialLogin : undefined;
  if (!ids || (!ids.google && !ids.apple && !ids.facebook)) return null;

  const run = (call: () => Promise<EnvelopeLike>) => call().then(onSession).catch(onError);

  return (
    <Stack component="section" gap="sm" aria-label={t('social.groupLabel')}>
      <Divider label={t('social.or')} labelPosition="center" />
      {ids.google && (
        <GoogleButton
          clientId={ids.google}
          onIdToken={(idToken) =>
            void run(() =>
              callApiEnvelope(apiRoutes.googleLogin, { body: { idToken }, inlineErrors: true }),
            )
          }
        />
      )}
      {ids.apple && (
        <Button
          component="a"
          href={appleAuthorizeUrl(ids.apple, window.location.origin, appleState)}
          onClick={() => rememberAppleState(appleState)}
          variant="outline"
          color="dark"
          className="vp-touch"
        >
          {t('social.apple')}
        </Button>
      )}
      {ids.facebook && (
        <FacebookButton
          appId={ids.facebook}
          onAuth={(body) =>
            void run(() => callApiEnvelope(apiRoutes.facebookLogin, { body, inlineErrors: true }))
          }
        />
      )}
    </Stack>
  );
}
