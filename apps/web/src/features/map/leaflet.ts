/**
 * The parts of Leaflet the map uses, imported from its ES module build so the bundler can
 * leave out what the map never touches (the package's main file is a UMD bundle).
 */
export { control, createMap, divIcon, layerGroup, marker, tileLayer } from './leafletEsm';
export type {
  DivIcon,
  LayerGroup,
  LeafletKeyboardEvent,
  Map as LeafletMapInstance,
  Marker,
} from 'leaflet';
