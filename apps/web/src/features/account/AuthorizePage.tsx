import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiRoutes, callApi } from '@/shared/api';
import { PageFrame } from '@/shared/ui';

type Phase = { kind: 'loading' } | { kind: 'consent'; name: string } | { kind: 'error' };

/** Sends the browser to the client's address (a seam for tests). */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/** SPEC §2 / §4 Authorize: loading, then the consent page or automatic authorization, or error. */
export function AuthorizePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const clientId = params.get('clientId') ?? params.get('client_id');
  const [phase, setPhase] = useState<Phase>(() =>
    clientId ? { kind: 'loading' } : { kind: 'error' },
  );
  const [sending, setSending] = useState(false);
  const started = useRef(false);

  const authorize = async () => {
    if (!clientId) return setPhase({ kind: 'error' });
    setSending(true);
    try {
      const state = params.get('state');
      const challenge = params.get('code_challenge') ?? params.get('codeChallenge');
      const method = params.get('code_challenge_method') ?? params.get('codeChallengeMethod');
      const redirect = params.get('redirect_uri') ?? params.get('redirectUri');
      const url = await callApi(apiRoutes.oauthAuthorize, {
        body: {
          clientId,
          ...(state !== null ? { state } : {}),
          ...(challenge ? { codeChallenge: challenge } : {}),
          ...(method ? { codeChallengeMethod: method as 'S256' } : {}),
          ...(redirect ? { redirectUri: redirect } : {}),
        },
        inlineErrors: true,
      });
      if (!url) throw new Error('no address');
      browser.assign(url);
    } catch {
      setSending(false);
      setPhase({ kind: 'error' });
    }
  };

  useEffect(() => {
    if (started.current || !clientId) return;
    started.current = true;
    callApi(apiRoutes.oauthClient, { params: { id: clientId }, inlineErrors: true }).then(
      (client) => {
        if (!client) return setPhase({ kind: 'error' });
        if (!client.showAuthorizePage) return void authorize();
        setPhase({ kind: 'consent', name: client.name });
      },
      () => setPhase({ kind: 'error' }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientId]);

  return (
    <PageFrame title={t('route.authorize')}>
      {phase.kind === 'loading' && (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
      {phase.kind === 'error' && (
        <Alert color="red" role="alert" data-testid="authorize-error">
          {t('authorize.somethingWentWrong')}
        </Alert>
      )}
      {phase.kind === 'consent' && (
        <Stack gap="md">
          <Text size="lg" data-testid="authorize-client">
            {t('authorize.continueTo', { name: phase.name })}
          </Text>
          <Group gap="md">
            <Button className="vp-touch" loading={sending} onClick={() => void authorize()}>
              {t('authorize.authorize')}
            </Button>
            {/* SPEC §2: both buttons call the same authorize action. */}
            <Button
              variant="outline"
              className="vp-touch"
              disabled={sending}
              onClick={() => void authorize()}
            >
              {t('authorize.unauthorize')}
            </Button>
          </Group>
        </Stack>
      )}
    </PageFrame>
  );
}
