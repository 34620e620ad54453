import { useState } from 'react';
import { Button, Paper, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useOutletContext } from 'react-router';
import { apiRoutes, callApi, notify } from '@/shared/api';
import { getPosition } from '@/shared/lib/geo';
import { isAppPlatform } from '@/shared/lib/platform';
import { IconBolt, IconNearest, IconParking, IconQr } from '@/shared/ui';
import type { MapOutletContext } from '../map';

/** Deep link the native shells open their QR reader with. */
export const QR_APP_LINK = 'voltpark://qr-reader';

/** Home (SPEC §2): nearest available charger, charger search, parking search, QR start in the app. */
export function HomeActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { openLocation } = useOutletContext<MapOutletContext>();
  const [finding, setFinding] = useState(false);

  const nearest = async () => {
    setFinding(true);
    try {
      const pos = await getPosition();
      if (!pos) {
        // SPEC §8: location unavailable → alert, then the list fallback.
        notify(t('home.errorNoLocation'), 'warn');
        void navigate('/charger-search/charger');
        return;
      }
      const id = await callApi(apiRoutes.closestLocation, {
        query: { latitude: pos.lat, longitude: pos.lng, product: 'charger' },
      });
      if (id == null) {
        notify(t('home.errorNoCharger'), 'warn');
        return;
      }
      openLocation(id, 'charger');
    } catch {
      /* the client already showed the notice */
    } finally {
      setFinding(false);
    }
  };

  return (
    <div className="vp-home">
      <Paper className="vp-home__card" shadow="md" radius="lg" p="sm">
        <nav aria-label={t('home.actions')}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Button
              leftSection={<IconNearest />}
              onClick={() => void nearest()}
              loading={finding}
              size="md"
            >
              {t('home.nearest')}
            </Button>
            <Button
              component={Link}
              to="/charger-search/charger"
              leftSection={<IconBolt />}
              variant="light"
              size="md"
            >
              {t('home.chargerSearch')}
            </Button>
            <Button
              component={Link}
              to="/parking-search"
              leftSection={<IconParking />}
              variant="light"
              size="md"
            >
              {t('home.parkingSearch')}
            </Button>
            {isAppPlatform() && (
              <Button
                component="a"
                href={QR_APP_LINK}
                leftSection={<IconQr />}
                variant="light"
                size="md"
              >
                {t('home.qrStart')}
              </Button>
            )}
          </SimpleGrid>
        </nav>
      </Paper>
    </div>
  );
}
