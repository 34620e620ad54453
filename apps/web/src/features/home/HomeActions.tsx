import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useOutletContext } from 'react-router';
import { apiRoutes, callApi, notify } from '@/shared/api';
import { getPosition } from '@/shared/lib/geo';
import { isAppPlatform } from '@/shared/lib/platform';
import { IconBolt, IconNearest, IconParking, IconQr } from '@/shared/ui/icons';
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
      <div className="vp-home__card">
        <nav aria-label={t('home.actions')}>
          <div className="vp-home__grid">
            <button
              type="button"
              className="vp-btn"
              onClick={() => void nearest()}
              disabled={finding}
              aria-busy={finding}
            >
              <IconNearest />
              {t('home.nearest')}
            </button>
            <Link to="/charger-search/charger" className="vp-btn vp-btn--light">
              <IconBolt />
              {t('home.chargerSearch')}
            </Link>
            <Link to="/parking-search" className="vp-btn vp-btn--light">
              <IconParking />
              {t('home.parkingSearch')}
            </Link>
            {isAppPlatform() && (
              <a href={QR_APP_LINK} className="vp-btn vp-btn--light">
                <IconQr />
                {t('home.qrStart')}
              </a>
            )}
          </div>
        </nav>
      </div>
    </div>
  );
}
