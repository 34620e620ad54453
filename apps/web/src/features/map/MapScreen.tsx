import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { divIcon, marker, type LeafletMapInstance, type Marker } from './leaflet';
import { ActionIcon, Anchor, Button, Group, SegmentedControl, VisuallyHidden } from '@mantine/core';
import { Link, Outlet, useMatch, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifyNetworkError, showMessages } from '@/shared/api';
import { DEFAULT_CENTER, getPosition, ZOOM } from '@/shared/lib/geo';
import { IconList, IconLocate, IconExpand, IconShrink } from '@/shared/ui/icons';
import { LeafletMap, type MapView } from './LeafletMap';
import { LocationList } from './LocationList';
import { MAP_MODES, readMode, writeMode, type MapMode } from './mode';
import { getClusterClient, useClusterState } from './useClusterClient';

const LocationPanel = lazy(() =>
  Promise.all([import('../locations'), import('@/shared/query')]).then(([m, q]) => ({
    default: q.withQuery(m.LocationPanel),
  })),
);

export interface MapOutletContext {
  openLocation: (id: number, tab?: string) => void;
}

function parseCoord(v: string | undefined, max: number): number | null {
  if (v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
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

  const lat = parseCoord(params.lat, 90);
  const lng = parseCoord(params.lng, 180);
  const target = lat !== null && lng !== null ? { lat, lng } : null;
  const findRoute = params.findroute !== undefined && target !== null;

  const showLocation = Number(search.get('showLocation') ?? search.get('locationId'));
  const panelId = Number.isInteger(showLocation) && showLocation > 0 ? showLocation : null;
  const tab = search.get('tab');

  useEffect(() => {
    if (state.status !== 'error') return;
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
      openLocation(id);
    },
    [openLocation],
  );

  // showLocation command: centre on the location (zoom 17) once its details are known.
  const onPanelLoaded = useCallback((loc: { id: number; lat: number; lng: number }) => {
    if (clickedRef.current === loc.id) return;
    clickedRef.current = loc.id;
    mapRef.current?.setView([loc.lat, loc.lng], ZOOM.location);
  }, []);

  const changeMode = (value: string) => {
    const m = value as MapMode;
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
      <LeafletMap
        client={client}
        mode={mode}
        initialCenter={center}
        initialZoom={zoom}
        onSelectLocation={onSelectLocation}
        onView={listOpen ? setView : undefined}
        onMap={(m) => {
          mapRef.current = m;
          if (m) setView(null);
        }}
      />

      <div className="vp-map-top">
        <SegmentedControl
          aria-label={t('map.mode.label')}
          value={mode}
          onChange={changeMode}
          data={MAP_MODES.map((m) => ({ value: m, label: t(`map.mode.${m}`) }))}
          size="sm"
          radius="xl"
          className="vp-mode-toggle"
          color="brand"
        />
      </div>

      <div className="vp-map-controls">
        <Button
          leftSection={<IconList />}
          variant="white"
          color="dark"
          onClick={() => {
            if (!listOpen && mapRef.current) setView(viewFromMap(mapRef.current));
            setListOpen((o) => !o);
          }}
          aria-expanded={listOpen}
          aria-controls="map-location-list"
          className="vp-map-control"
        >
          {t('map.list.toggle')}
        </Button>
        <ActionIcon
          variant="white"
          color="dark"
          size={44}
          onClick={() => void locate()}
          aria-label={t('map.locate')}
          title={t('map.locate')}
          className="vp-map-control"
        >
          <IconLocate />
        </ActionIcon>
        {isHome ? (
          <ActionIcon
            component={Link}
            to="/map"
            variant="white"
            color="dark"
            size={44}
            aria-label={t('map.expand')}
            title={t('map.expand')}
            className="vp-map-control"
          >
            <IconExpand />
          </ActionIcon>
        ) : (
          <ActionIcon
            component={Link}
            to="/"
            variant="white"
            color="dark"
            size={44}
            aria-label={t('map.shrink')}
            title={t('map.shrink')}
            className="vp-map-control"
          >
            <IconShrink />
          </ActionIcon>
        )}
      </div>

      {findRoute && target && (
        <Group className="vp-map-route">
          <Anchor
            href={`https://www.google.com/maps/dir/?api=1&destination=${target.lat},${target.lng}`}
            target="_blank"
            rel="noopener noreferrer"
            className="vp-map-route__link"
          >
            {t('map.planRoute')}
            <VisuallyHidden> ({t('common.newTab')})</VisuallyHidden>
          </Anchor>
        </Group>
      )}

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

      {listOpen && (
        <LocationList
          id="map-location-list"
          client={client}
          view={view}
          mode={mode}
          onOpen={(id) => openLocation(id)}
          onClose={() => setListOpen(false)}
        />
      )}

      <Outlet context={{ openLocation } satisfies MapOutletContext} />

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
