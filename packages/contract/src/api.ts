import type { AnyRoute } from './route.js';
import { categoryRoutes } from './categories.js';
import { chargerRoutes } from './chargers.js';
import { contentRoutes } from './content.js';
import { locationRoutes } from './locations.js';
import { newsRoutes } from './news.js';
import { parkingReadRoutes } from './parking.js';

/** Every call of SPEC §7, by name. The server registers these; the web client calls them. */
export const apiRoutes = {
  ...locationRoutes,
  ...categoryRoutes,
  ...chargerRoutes,
  ...parkingReadRoutes,
  ...newsRoutes,
  ...contentRoutes,
} satisfies Record<string, AnyRoute>;

export type ApiRouteName = keyof typeof apiRoutes;
