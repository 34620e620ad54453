import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { divIcon, marker, type LeafletMapInstance, type Marker } from './leaflet';
import { Link, Outlet, useMatch, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifyNetworkError, showMessages } from '@/shared/api';
import { isLoggedIn } from '@/shared/session';
import { DEFAULT_CENTER, getPosition, ZOOM } from '@/shared/lib/geo';
import { IconList, IconLocate, IconExpand, IconShrink } from '@/shared/ui/icons';
import { removeFirstView } from './firstView';
import { LeafletMap, type MapView } from './LeafletMap';
import { ModeToggle } from './ModeToggle';
import { parseCoord } from './initialView';
import { readMode, writeMode, type MapMode } from './mode';
import { getClusterClient, useClusterState } from './useClusterClient';

const LocationList = lazy(() =>
  import('./LocationList').then((m) => ({ default: m.LocationList })),
);

const LocationPanel = lazy(() =>
  Promise.all([import('../locations'), import('@/shared/query')]).then(([m, q]) => ({
    default: q.withQuery(m.LocationPanel),
  })),
);

export interface MapOutletContext {
  openLocation: (id: number, tab?: string) => void;
}

/**
 * The full-screen map of /, /map, /map/:lat/:lng and /map/:lat/:lng/:findroute (SPEC §2 Map).
 * The home buttons (index) or the shrink button (map) lie over it; the location panel slides in.
 */
export function MapScreen() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const isHome = useMatch('/') !== null;
  const [search, setSearch] = useSearchParams();
  const [mode, setMode] = useState<MapMode>(readMode);
  const [client] = useState(() => getClusterClient(i18n.language, readMode()));
  const state = useClusterState(client);
  const mapRef = useRef<LeafletMapInstance | null>(null);
  const ownMarkerRef = useRef<Marker | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const [view, setView] = useState<MapView | null>(null);
  const clickedRef = useRef<number | null>(null);
  const navigate = useNavigate();

  const lat = parseCoord(params.lat, 90);
  const lng = parseCoord(params.lng, 180);
  const target = lat !== null && lng !== null ? { lat, lng } : null;
  const findRoute = params.findroute !== undefined && target !== null;

  const showLocation = Number(search.get('showLocation') ?? search.get('locationId'));
  const panelId = Number.isInteger(showLocation) && showLocation > 0 ? showLocation : null;
  const tab = search.get('tab');

  useEffect(() => {
    if (state.status !== 'error') return;
    removeFirstView();
    if (state.network) notifyNetworkError();
  }, [state]);
  useEffect(() => {
    client.ready.catch((e: { messages: Parameters<typeof showMessages>[0]; useAlert: boolean }) => {
      if (e.useAlert) showMessages(e.messages);
    });
  }, [client]);

  // /map/:lat/:lng centres the map there.
  useEffect(() => {
    if (target && mapRef.current) mapRef.current.setView([target.lat, target.lng], ZOOM.location);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target?.lat, target?.lng]);

  const openLocation = useCallback(
    (id: number, tabName?: string) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('showLocation', String(id));
          if (tabName) next.set('tab', tabName);
          else next.delete('tab');
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setSearch],
  );

  const closeLocation = useCallback(() => {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('showLocation');
        next.delete('locationId');
        next.delete('tab');
        return next;
      },
      { preventScrollReset: true },
    );
  }, [setSearch]);

  const onSelectLocation = useCallback(
    (id: number, la: number, ln: number) => {
      clickedRef.current = id;
      mapRef.current?.setView([la, ln], Math.max(mapRef.current.getZoom(), ZOOM.marker));
      if (!isLoggedIn()) {
        openLocation(id);
        return;
      }
      // SPEC §2 Map: the marker of the place where the driver is charging opens the charge.
      void import('../charging/activeCharge')
        .then((m) => m.activeChargeAt(id))
        .catch(() => null)
        .then((charge) => {
          if (charge) void navigate('/charge-history');
          else openLocation(id);
        });
    },
    [openLocation, navigate],
  );

  // showLocation command: centre on the location (zoom 17) once its details are known.
  const onPanelLoaded = useCallback((loc: { id: number; lat: number; lng: number }) => {
    if (clickedRef.current === loc.id) return;
    clickedRef.current = loc.id;
    mapRef.current?.setView([loc.lat, loc.lng], ZOOM.location);
  }, []);

  const changeMode = (m: MapMode) => {
    setMode(m);
    writeMode(m);
  };

  const locate = async () => {
    const pos = await getPosition();
    const map = mapRef.current;
    // SPEC §8: a failed position falls back quietly; the map stays where it is.
    if (!pos || !map) return;
    map.setView([pos.lat, pos.lng], ZOOM.ownPosition);
    ownMarkerRef.current?.remove();
    ownMarkerRef.current = marker([pos.lat, pos.lng], {
      icon: divIcon({ className: 'vp-own-position', iconSize: [20, 20] }),
      interactive: false,
      keyboard: false,
    }).addTo(map);
  };

  const center = target ?? DEFAULT_CENTER;
  const zoom = target ? ZOOM.location : ZOOM.default;

  return (
    <div className="vp-map-screen">
      <h1 className="vp-visually-hidden">{t(isHome ? 'route.home' : 'route.map')}</h1>

      {/* Controls come first in the DOM: keyboard users reach them before the map's markers. */}
      <div className="vp-map-top">
        <ModeToggle value={mode} onChange={changeMode} />
      </div>

      <div className="vp-map-left">
        <button
          type="button"
          className="vp-btn vp-btn--white vp-map-control"
          onClick={() => {
            if (!listOpen && mapRef.current) setView(viewFromMap(mapRef.current));
            setListOpen((o) => !o);
          }}
          aria-expanded={listOpen}
          aria-controls="map-location-list"
        >
          <IconList />
          {t('map.list.toggle')}
        </button>
        {listOpen && (
          <Suspense fallback={null}>
            <LocationList
              id="map-location-list"
              client={client}
              view={view}
              mode={mode}
              onOpen={(id) => openLocation(id)}
              onClose={() => setListOpen(false)}
            />
          </Suspense>
        )}
      </div>

      <div className="vp-map-controls">
        <button
          type="button"
          className="vp-btn vp-btn--white vp-btn--icon vp-map-control"
          onClick={() => void locate()}
          aria-label={t('map.locate')}
          title={t('map.locate')}
        >
          <IconLocate />
        </button>
        {isHome ? (
          <Link
            to="/map"
            className="vp-btn vp-btn--white vp-btn--icon vp-map-control"
            aria-label={t('map.expand')}
            title={t('map.expand')}
          >
            <IconExpand />
          </Link>
        ) : (
          <Link
            to="/"
            className="vp-btn vp-btn--white vp-btn--icon vp-map-control"
            aria-label={t('map.shrink')}
            title={t('map.shrink')}
          >
            <IconShrink />
          </Link>
        )}
      </div>

      {findRoute && target && (
        <div className="vp-map-route">
          <a
            href={`https://www.google.com/maps/dir/?api=1&destination=${target.lat},${target.lng}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('map.planRoute')}
            <span className="vp-visually-hidden"> ({t('common.newTab')})</span>
          </a>
        </div>
      )}

      <Outlet context={{ openLocation } satisfies MapOutletContext} />

      <LeafletMap
        client={client}
        mode={mode}
        initialCenter={center}
        initialZoom={zoom}
        onSelectLocation={onSelectLocation}
        onView={listOpen ? setView : undefined}
        onMap={(m) => {
          mapRef.current = m;
        }}
      />

      {state.status === 'loading' && (
        <div className="vp-map-status" role="status">
          {t('map.loading')}
        </div>
      )}
      {state.status === 'ready' && state.count === 0 && (
        <div className="vp-map-status" role="status">
          {t('map.noLocations')}
        </div>
      )}
      {state.status === 'error' && (
        <div className="vp-map-status vp-map-status--error" role="alert">
          {t('map.loadFailed')}
        </div>
      )}

      {panelId !== null && (
        <Suspense fallback={null}>
          <LocationPanel
            locationId={panelId}
            tab={tab}
            variant="map"
            onClose={closeLocation}
            onLoaded={onPanelLoaded}
          />
        </Suspense>
      )}
    </div>
  );
}

function viewFromMap(map: LeafletMapInstance): MapView {
  const b = map.getBounds();
  const c = map.getCenter();
  return {
    bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
    center: { lat: c.lat, lng: c.lng },
    zoom: map.getZoom(),
  };
}
