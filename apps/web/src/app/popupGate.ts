/**
 * A pop-up may open only on the full-screen map routes (home, map), never over a location panel
 * (the showLocation/locationId query), and never on a route that forbids it; every other screen
 * is a flow in progress (charger, wizard, top-up, forms) or content the user chose to read.
 */
export function popupAllowedHere(
  meta: { fullscreen: boolean; noFullScreenAd: boolean } | null | undefined,
  search: string,
): boolean {
  if (!meta || !meta.fullscreen || meta.noFullScreenAd) return false;
  const q = new URLSearchParams(search);
  return !q.get('showLocation') && !q.get('locationId');
}
