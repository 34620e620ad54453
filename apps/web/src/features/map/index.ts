export { MapScreen, type MapOutletContext } from './MapScreen';
export { readMode, writeMode, MAP_MODES, type MapMode } from './mode';
export { startMapData } from './useClusterClient';
