import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoamingCharge } from '@voltpark/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRoutes, callApi } from '@/shared/api';
import { useLang } from '@/shared/i18n/useLang';
import { parseId, useRouteQuery } from '@/shared/lib/useRouteQuery';
import { PaymentReturnNotice, useBackRedirect } from '@/shared/payment';
import { useSession } from '@/shared/session';
import { PageFrame } from '@/shared/ui';
import { isLive, roamingPhase } from './roamingStatus';
import { RoamingChargeStatus } from './RoamingChargeStatus';
import { RoamingSignIn } from './RoamingSignIn';
import { parseAgain, RoamingStartForm, startRefusal, type StartTarget } from './RoamingStartForm';
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
    /** The partner site, when the location is one (even if its point was not found). */
    siteId: site && loc ? loc.id : null,
    failed: detail.isError || (!!loc && !target),
  };
}

/**
 * The request the driver has followed live on this page for this start link (started here, or
 * live when the page opened): its outcome stays shown; one that had already ended belongs to the
 * history.
 */
function useFollowedCharge(c: RoamingCharge | null | undefined, link: string): number | null {
  const [followed, setFollowed] = useState<{ link: string; requestId: number } | null>(null);
  // Set while rendering (React's "adjusting state when a prop changes"), not in an effect.
  if (c && isLive(c.status) && (followed?.requestId !== c.requestId || followed.link !== link))
    setFollowed({ link, requestId: c.requestId });
  return followed?.link === link ? followed.requestId : null;
}

/** The way back to the partner site's panel on the map, or to the map without a site. */
function BackToSite({ siteId }: { siteId: number | null }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={siteId === null ? '/' : `/map?showLocation=${siteId}&tab=charger`}
      variant="outline"
      data-testid="roaming-back-to-site"
    >
      {t(siteId === null ? 'roamingCharge.toMap' : 'roamingCharge.backToSite')}
    </Button>
  );
}

/**
 * After a card hold that did not go through (declined, cancelled on SimplePay's page, too late):
 * back to the point's start form with the same method and hold (decision 0056). The new start
 * is a new request; the live-request unique index makes a double tap one.
 */
function PayAgain({ c }: { c: RoamingCharge }) {
  const { t } = useTranslation();
  const q = new URLSearchParams({ location: String(c.siteId), evse: c.evseUid });
  if (c.connectorId !== null) q.set('connector', c.connectorId);
  q.set('method', c.paymentMethod);
  q.set('amount', String(c.holdAmount));
  return (
    <Button component={Link} to={`/roaming-charge?${q}`} data-testid="roaming-pay-again">
      {t('roamingCharge.payAgain')}
    </Button>
  );
}

/**
 * /roaming-charge (decision 0043): the driver's charge at a roaming partner's charger. With
 * `?location=&evse=&connector=` from a partner site's panel it offers the start; a live charge
 * shows instead (its changes pushed over /ws, decision 0056), and stays reachable after a
 * reload and from the top bar. A charge that had ended before is not shown above a new start
 * (it is in the history); a busy point, a refusal or an unknown point offers the way back to
 * the site's panel (or the map).
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
  const followed = useFollowedCharge(
    current.data,
    [query.location, query.evse, query.connector].join('|'),
  );
  // Back from SimplePay's page (a one-off card hold, decision 0050): the server checks the
  // redirect and, for a cancel or a failure, settles the payment at once; then the charge is read.
  const redirect = useBackRedirect();
  const returned = redirect.state === 'verified';
  useEffect(() => {
    if (returned) void client.invalidateQueries({ queryKey: ROAMING_CURRENT_KEY });
  }, [returned, client]);

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
  // On a start link, only the charge followed here (or a live one) shows above the form.
  const shown = c && (live || !wantsStart || c.requestId === followed) ? c : null;
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
          // A start link from "pay again" (or a payment that failed here) keeps its method and hold.
          key={`${query.method ?? ''}|${query.amount ?? ''}|${shown?.requestId ?? ''}`}
          again={
            parseAgain(query.method, query.amount) ??
            (shown?.paymentProblem
              ? { method: shown.paymentMethod, amount: shown.holdAmount }
              : null)
          }
        />
      );
  }
  // Back to the site: from any start that is not running (busy, refused, not found), and
  // after the partner refused or did not answer.
  let backSite: number | null | undefined;
  if (!live && wantsStart && !start.pending) backSite = start.siteId;
  else if (shown && roamingPhase(shown.status).holdReleased) backSite = shown.siteId;

  return (
    <PageFrame title={t('route.roamingCharge')}>
      <Stack gap="md">
        <PaymentReturnNotice redirect={redirect} />
        {current.isPending ? (
          <Group justify="center">
            <Loader aria-label={t('common.loading')} />
          </Group>
        ) : (
          shown && (
            <RoamingChargeStatus
              charge={shown}
              onStop={() => stop(shown.requestId)}
              stopError={stopError}
            />
          )
        )}
        {shown?.paymentProblem && !wantsStart && <PayAgain c={shown} />}
        {startPart}
        {backSite !== undefined && <BackToSite siteId={backSite} />}
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
