import type {
  AnyRoute,
  Message,
  RouteBodyInput,
  RouteParamsInput,
  RouteQueryInput,
  RouteResponse,
} from '@voltpark/contract';

/**
 * The transport half of the API client: URL building, encoding and envelope parsing. It has no
 * UI side effects, so the map worker can use it too (see client.ts for notices and the overlay).
 */

export type RouteLike = Pick<AnyRoute, 'method' | 'path' | 'bodyType'>;

export interface CallOptions<R extends AnyRoute> {
  params?: RouteParamsInput<R>;
  query?: RouteQueryInput<R>;
  body?: RouteBodyInput<R>;
  signal?: AbortSignal;
}

/** The `data` of a route's envelope. */
export type RouteData<R extends AnyRoute> =
  RouteResponse<R> extends { data: infer D } ? D : RouteResponse<R>;

export interface EnvelopeLike {
  result: boolean;
  data: unknown;
  extraData?: unknown;
  message?: Message;
  messages: Message[];
  useAlert: boolean;
}

export class ApiError extends Error {
  constructor(
    message: string,
    /** 0 when there was no response at all (network failure, offline). */
    readonly status: number,
    readonly envelope: EnvelopeLike | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get network(): boolean {
    return this.status === 0;
  }
  get notFound(): boolean {
    return this.status === 404;
  }
}

type Scalar = string | number | boolean | null | undefined;

function appendValue(sp: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const v of value) appendValue(sp, key, v);
    return;
  }
  sp.append(key, String(value as Scalar));
}

export function toSearchParams(values: object | undefined): URLSearchParams {
  const sp = new URLSearchParams();
  if (values) for (const [k, v] of Object.entries(values)) appendValue(sp, k, v);
  return sp;
}

/** `/api/v1/news/:id` + {id: 5} → `/api/v1/news/5`; every `:name` must be given. */
export function buildPath(path: string, params: object | undefined): string {
  const p = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const v = p[name];
    if (v === undefined || v === null || v === '')
      throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(v as Scalar));
  });
}

export function buildUrl(route: RouteLike, params?: object, query?: object): string {
  const qs = toSearchParams(query).toString();
  return buildPath(route.path, params) + (qs ? `?${qs}` : '');
}

/** Supplies the Authorization header value once logged in (set by the session; none in the worker). */
let authProvider: () => string | null = () => null;
export function setAuthProvider(fn: () => string | null): void {
  authProvider = fn;
}

/** The Authorization a call made now is sent with (null when logged out). */
export function currentAuthorization(): string | null {
  return authProvider();
}

export function buildInit(route: RouteLike, lang: string, body?: unknown, signal?: AbortSignal) {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Lang': lang };
  const auth = authProvider();
  if (auth) headers.Authorization = auth;
  const init: RequestInit = { method: route.method, headers, signal, credentials: 'same-origin' };
  if (body !== undefined && route.method !== 'GET') {
    if (route.bodyType === 'form') {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      init.body = toSearchParams(body as object).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
  }
  return init;
}

export function isEnvelope(v: unknown): v is EnvelopeLike {
  return typeof v === 'object' && v !== null && 'result' in v && 'messages' in v && 'useAlert' in v;
}

/** Performs the call and returns the envelope; throws ApiError on no response or a non-2xx answer. */
export async function request(
  route: RouteLike,
  lang: string,
  opts: { params?: object; query?: object; body?: unknown; signal?: AbortSignal } = {},
): Promise<EnvelopeLike> {
  const url = buildUrl(route, opts.params, opts.query);
  let res: Response;
  try {
    res = await fetch(url, buildInit(route, lang, opts.body, opts.signal));
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError('network', 0, null);
  }
  const json: unknown = await res.json().catch(() => null);
  const env = isEnvelope(json) ? json : null;
  if (!res.ok) throw new ApiError(env?.messages[0]?.text ?? `HTTP ${res.status}`, res.status, env);
  if (!env) throw new ApiError('bad response', res.status, null);
  return env;
}
