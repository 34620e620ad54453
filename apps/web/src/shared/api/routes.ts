import type { AnyRoute, apiRoutes as contractRoutes } from '@voltpark/contract';
import { apiRoutes as wireRoutes } from 'virtual:voltpark-api-routes';

/**
 * A contract route as the browser holds it: the wire facts at run time, the full route type
 * (params, query, body, response) at compile time. See build/contractRoutes.ts.
 */
export type RouteRef<R extends AnyRoute> = Pick<R, 'method' | 'path' | 'bodyType' | 'raw'> & {
  /** Compile-time only: the contract route this stands for. */
  readonly __route?: R;
};

type ContractRoutes = typeof contractRoutes;
export const apiRoutes = wireRoutes as unknown as {
  readonly [K in keyof ContractRoutes]: RouteRef<ContractRoutes[K]>;
};
