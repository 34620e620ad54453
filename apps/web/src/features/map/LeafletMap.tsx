import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  control,
  createMap,
  layerGroup,
  tileLayer,
  type LayerGroup,
  type LeafletMapInstance,
  type Marker,
} from './leaflet';
import 'leaflet/dist/leaflet.css';
import { useTranslation } from 'react-i18next';
import type { BBox, ClusterItem } from './cluster';
import type { ClusterClient } from './clusterClient';
import { markFirstClusters } from '@/shared/lib/startup';
import { adoptFirstView, removeFirstView } from './firstView';
import { createMarker } from './markers';
import type { MapMode } from './mode';

export interface MapView {
  bbox: BBox;
  center: { lat: number; lng: number };
  zoom: number;
}

interface Props {
  client: ClusterClient;
  mode: MapMode;
  initialCenter: { lat: number; lng: number };
  initialZoom: number;
  onSelectLocation: (id: number, lat: number, lng: number) => void;
  onView?: (view: MapView) => void;
  onMap?: (map: LeafletMapInstance | null) => void;
}

const TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

function viewOf(map: LeafletMapInstance): MapView {
  const b = map.getBounds();
  const c = map.getCenter();
  return {
    bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
    center: { lat: c.lat, lng: c.lng },
    zoom: map.getZoom(),
  };
}

/**
 * Leaflet with OpenStreetMap tiles and the clustered DOM markers of the visible bounds. Marker
 * work is imperative (no React element per marker) so panning stays smooth at 50,000 locations.
 */
export function LeafletMap({
  client,
  mode,
  initialCenter,
  initialZoom,
  onSelectLocation,
  onView,
  onMap,
}: Props) {
  const { t, i18n } = useTranslation();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const mapElRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<LeafletMapInstance | null>(null);
  const layerRef = useRef<LayerGroup | null>(null);
  const markersRef = useRef(new Map<string, Marker>());
  const seqRef = useRef(0);
  const firstDoneRef = useRef(false);
  const refreshRef = useRef<() => void>(() => {});
  // Latest callbacks without re-creating the map.
  const cbRef = useRef({ onSelectLocation, onView, t, mode });
  useEffect(() => {
    cbRef.current = { onSelectLocation, onView, t, mode };
  });

  // The page's first view (decision 0010) moves under the map's buttons before the first paint.
  useLayoutEffect(() => {
    if (wrapperRef.current) adoptFirstView(wrapperRef.current);
    return removeFirstView;
  }, []);

  // Create the map once.
  useEffect(() => {
    const el = mapElRef.current;
    if (!el) return;
    const map = createMap(el, {
      center: [initialCenter.lat, initialCenter.lng],
      zoom: initialZoom,
      zoomControl: false,
      maxZoom: 19,
      worldCopyJump: true,
    });
    const tiles = tileLayer(TILE_URL, {
      subdomains: 'abc',
      maxZoom: 19,
      attribution: ATTRIBUTION,
      // A failed tile (offline) stays blank instead of showing a broken image.
      errorTileUrl: 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==',
      crossOrigin: true,
    });
    tiles.addTo(map);
    control
      .zoom({
        position: 'topright',
        zoomInTitle: cbRef.current.t('map.zoomIn'),
        zoomOutTitle: cbRef.current.t('map.zoomOut'),
      })
      .addTo(map);
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    const layer = layerGroup().addTo(map);
    // Start-up figures for bench/map (where the time to the first clusters goes).
    performance.mark('voltpark:map-created');
    mapRef.current = map;
    layerRef.current = layer;
    onMap?.(map);
    const markers = markersRef.current;
    // Answers that arrive after this map was removed (navigation, Strict Mode) are dropped.
    let alive = true;

    const activate = (item: ClusterItem) => {
      if (item.kind === 'cluster') {
        void client.expansionZoom(item, map.getZoom()).then((z) => {
          if (!alive) return;
          map.setView([item.lat, item.lng], Math.min(Math.max(z, map.getZoom() + 1), 19));
        });
      } else {
        cbRef.current.onSelectLocation(item.id, item.lat, item.lng);
      }
    };

    // A single marker's name arrives from map-labels shortly after the marker itself.
    const labelOf = (item: ClusterItem) =>
      item.kind === 'cluster'
        ? cbRef.current.t('map.clusterLabel', { count: item.count })
        : (item.name ?? cbRef.current.t('map.marker.loadingName'));
    const stopLabels = client.onLabels((items) => {
      for (const l of items)
        markers.get(`p${l.id}`)?.getElement()?.setAttribute('aria-label', l.name);
    });

    const render = (items: ClusterItem[], relabel: boolean) => {
      // The map's own answer replaces the first view (also when it has no markers here).
      removeFirstView();
      const next = new Set(items.map((i) => i.key));
      for (const [key, m] of markers) {
        if (!next.has(key) || relabel) {
          layer.removeLayer(m);
          markers.delete(key);
        }
      }
      for (const item of items) {
        if (markers.has(item.key)) continue;
        const m = createMarker(item, labelOf(item), activate, cbRef.current.mode);
        markers.set(item.key, m);
        layer.addLayer(m);
      }
      if (!firstDoneRef.current && items.length > 0) {
        firstDoneRef.current = true;
        markFirstClusters();
        wrapperRef.current?.setAttribute('data-clusters-ready', 'true');
      }
    };

    let relabelNext = false;
    const refresh = () => {
      if (!alive) return;
      const seq = ++seqRef.current;
      const view = viewOf(map);
      cbRef.current.onView?.(view);
      void client.clusters(view.bbox, view.zoom).then((items) => {
        if (!firstDoneRef.current) performance.mark('voltpark:clusters-answer');
        if (!alive || !items || seq !== seqRef.current) return;
        render(items, relabelNext);
        relabelNext = false;
      });
    };
    refreshRef.current = () => {
      relabelNext = true;
      refresh();
    };

    map.on('moveend', refresh);
    // The first view is drawn for the default view only: a moved map drops it.
    map.once('movestart', removeFirstView);
    void client.ready.then(refresh, () => {});

    return () => {
      alive = false;
      stopLabels();
      map.off('moveend', refresh);
      markers.clear();
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
      onMap?.(null);
    };
    // The map is created once; later centre changes go through onMap's handle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client]);

  // Mode change: the worker switches index, then the visible markers are recomputed.
  const firstModeRef = useRef(mode);
  useEffect(() => {
    if (mode !== firstModeRef.current) removeFirstView();
    client.setMode(mode);
    refreshRef.current();
  }, [client, mode]);

  // Language change: marker names stay, cluster labels and zoom buttons are re-translated.
  useEffect(() => {
    refreshRef.current();
    const root = mapElRef.current;
    for (const [cls, key] of [
      ['.leaflet-control-zoom-in', 'map.zoomIn'],
      ['.leaflet-control-zoom-out', 'map.zoomOut'],
    ] as const) {
      const el = root?.querySelector(cls);
      el?.setAttribute('title', t(key));
      el?.setAttribute('aria-label', t(key));
    }
  }, [i18n.language, t]);

  return (
    <div
      ref={wrapperRef}
      className="vp-map"
      data-testid="map"
      role="region"
      aria-label={t('map.regionLabel')}
    >
      <div ref={mapElRef} className="vp-map__leaflet" />
    </div>
  );
}
