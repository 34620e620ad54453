import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRoutes, callApi } from '@/shared/api';
import { useLang } from '@/shared/i18n/useLang';
import { parseId, useRouteQuery } from '@/shared/lib/useRouteQuery';
import { useSession } from '@/shared/session';
import { PageFrame } from '@/shared/ui';
import { isLive } from './roamingStatus';
import { RoamingChargeStatus } from './RoamingChargeStatus';
import { RoamingSignIn } from './RoamingSignIn';
import { RoamingStartForm, startRefusal, type StartTarget } from './RoamingStartForm';
import { ROAMING_CURRENT_KEY, useRoamingCharge } from './useRoamingCharge';

/** The partner site, EVSE and connector the start link named, from the location's detail. */
function useStartTarget(
  locationId: number | null,
  evseUid: string | null,
  connectorId: string | null,
) {
  const lang = useLang();
  const detail = useQuery({
    queryKey: ['roaming', 'site', locationId, lang],
    queryFn: ({ signal }) =>
      callApi(apiRoutes.locationChargerPoi, {
        params: { id: locationId! },
        signal,
        busy: false,
        inlineErrors: true,
      }),
    enabled: locationId !== null && evseUid !== null,
    retry: false,
  });
  const loc = detail.data?.location;
  const site = loc?.partnerSite;
  const evse = site?.evses.find((e) => e.uid.toLowerCase() === evseUid?.toLowerCase());
  const connector = evse?.connectors.find((c) => c.id === connectorId) ?? evse?.connectors[0];
  const target: StartTarget | null =
    loc && site && evse && connector
      ? { locationId: loc.id, siteName: loc.name, partnerName: site.partnerName, evse, connector }
      : null;
  return {
    pending: detail.isPending && detail.fetchStatus !== 'idle',
    target,
    failed: detail.isError || (!!loc && !target),
  };
}

/**
 * /roaming-charge (decision 0043): the driver's charge at a roaming partner's charger. With
 * `?location=&evse=&connector=` from a partner site's panel it offers the start; a live charge
 * shows instead (polled every 3 s), and stays reachable after a reload and from the top bar.
 */
export function RoamingChargePage() {
  const { t } = useTranslation(['translation', 'messages']);
  const session = useSession();
  const query = useRouteQuery();
  const client = useQueryClient();
  const guest = !!session.user?.casualUser;
  const current = useRoamingCharge(false, !guest);
  const start = useStartTarget(
    parseId(query.location),
    query.evse ?? null,
    query.connector ?? null,
  );
  const [stopError, setStopError] = useState<string | null>(null);

  if (guest)
    return (
      <PageFrame title={t('route.roamingCharge')}>
        <RoamingSignIn />
      </PageFrame>
    );

  async function stop(requestId: number) {
    setStopError(null);
    try {
      const c = await callApi(apiRoutes.roamingStop, { body: { requestId }, inlineErrors: true });
      client.setQueryData(ROAMING_CURRENT_KEY, c);
    } catch (e) {
      setStopError(startRefusal(e, t).text);
      void client.invalidateQueries({ queryKey: ROAMING_CURRENT_KEY });
    }
  }

  const c = current.data;
  const live = !!c && isLive(c.status);
  const wantsStart = query.location !== undefined && query.evse !== undefined;
  let startPart = null;
  if (!live && wantsStart) {
    if (start.pending)
      startPart = (
        <Group justify="center">
          <Loader aria-label={t('common.loading')} />
        </Group>
      );
    else if (!start.target || start.failed)
      startPart = (
        <Alert color="yellow" role="alert">
          {t('roamingCharge.targetNotFound')}
        </Alert>
      );
    else if (start.target.evse.status !== 'AVAILABLE')
      startPart = (
        <Alert color="yellow" role="alert">
          {t('roamingCharge.notAvailable', {
            status: t(`partner.status.${start.target.evse.status}`),
          })}
        </Alert>
      );
    else
      startPart = (
        <RoamingStartForm
          target={start.target}
          onStarted={() => void client.invalidateQueries({ queryKey: ['location'] })}
        />
      );
  }

  return (
    <PageFrame title={t('route.roamingCharge')}>
      <Stack gap="md">
        {current.isPending ? (
          <Group justify="center">
            <Loader aria-label={t('common.loading')} />
          </Group>
        ) : (
          c && (
            <RoamingChargeStatus
              charge={c}
              onStop={() => stop(c.requestId)}
              stopError={stopError}
            />
          )
        )}
        {startPart}
        {!current.isPending && !c && !wantsStart && (
          <>
            <Text>{t('roamingCharge.none')}</Text>
            <Button component={Link} to="/" variant="outline">
              {t('roamingCharge.toMap')}
            </Button>
          </>
        )}
        {c && !live && !wantsStart && (
          <Button component={Link} to="/charge-history" variant="outline">
            {t('roamingCharge.toHistory')}
          </Button>
        )}
      </Stack>
    </PageFrame>
  );
}
