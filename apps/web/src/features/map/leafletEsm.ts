export {
  control,
  map as createMap,
  divIcon,
  layerGroup,
  marker,
  tileLayer,
} from 'leaflet/dist/leaflet-src.esm.js';
