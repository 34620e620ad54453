import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route. `user` needs a logged-in (or casual) user; `optional` reads one if sent. */
export type RouteAuth = 'none' | 'optional' | 'user';

/** The issue of SPEC that serves the call; routes of later issues are declared but not yet served. */
export type RouteOwner =
  'foundation' | 'accounts' | 'payments' | 'charging' | 'parking' | 'loyalty' | 'billing';

/**
 * One call of SPEC §7. `path` is the exact wire path under `/api/` (Fastify style `:param`),
 * so both the server and the web client are typed from the same object.
 */
export interface RouteDef<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Res extends z.ZodType = z.ZodType,
  A extends RouteAuth = RouteAuth,
> {
  method: M;
  path: P;
  summary: string;
  tag: string;
  auth: A;
  owner: RouteOwner;
  params?: Params;
  query?: Query;
  body?: Body;
  /** `form` = application/x-www-form-urlencoded, the default for SPEC's form POSTs. */
  bodyType?: 'json' | 'form';
  /** Schema of the whole response body: `envelope(data)` for JSON calls (see envelope.ts). */
  response: Res;
  /** Responses that are not JSON envelopes: a redirect, an image or a file. */
  raw?: 'redirect' | 'image' | 'file';
  /**
   * A guest's charge-link session (scoped to one charge, from the e-mailed link) may call it.
   * Every other route treats such a session as no login (docs/decisions: guest charge link).
   */
  chargeLink?: boolean;
}

export function route<
  const M extends HttpMethod,
  const P extends string,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Res extends z.ZodType = z.ZodType,
  const A extends RouteAuth = RouteAuth,
>(def: RouteDef<M, P, Params, Query, Body, Res, A>): RouteDef<M, P, Params, Query, Body, Res, A> {
  return def;
}

export type AnyRoute = RouteDef<
  HttpMethod,
  string,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType
>;

// `params?:` makes R['params'] include undefined: drop it before inferring (not distributive).
type Defined<T> = Exclude<T, undefined>;
type Infer<T> = [Defined<T>] extends [never]
  ? undefined
  : Defined<T> extends z.ZodType
    ? z.infer<Defined<T>>
    : undefined;
export type RouteParams<R extends AnyRoute> = Infer<R['params']>;
export type RouteQuery<R extends AnyRoute> = Infer<R['query']>;
export type RouteBody<R extends AnyRoute> = Infer<R['body']>;
export type RouteResponse<R extends AnyRoute> = z.infer<R['response']>;
/** What a caller passes: input types (before zod coercion/defaults). */
type Input<T> = [Defined<T>] extends [never]
  ? undefined
  : Defined<T> extends z.ZodType
    ? z.input<Defined<T>>
    : undefined;
export type RouteQueryInput<R extends AnyRoute> = Input<R['query']>;
export type RouteBodyInput<R extends AnyRoute> = Input<R['body']>;
export type RouteParamsInput<R extends AnyRoute> = Input<R['params']>;
