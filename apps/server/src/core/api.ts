import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  AnyRoute,
  Lang,
  RouteBody,
  RouteParams,
  RouteQuery,
  RouteResponse,
} from '@voltpark/contract';
import { requestLang } from './lang.js';
import { ApiError } from './errors.js';
import type { AuthUser } from '../modules/auth/sessions.js';

export interface HandlerContext<R extends AnyRoute> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  lang: Lang;
  /** The caller: always set on `auth: 'user'` routes (401 otherwise), maybe on `optional` ones. */
  user: R['auth'] extends 'user' ? AuthUser : AuthUser | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** JSON routes return their envelope; raw routes (redirect, file) answer through `reply`. */
export type Handler<R extends AnyRoute> = (
  ctx: HandlerContext<R>,
) => Promise<R['raw'] extends string ? FastifyReply : RouteResponse<R> | FastifyReply>;

export const routeKey = (r: Pick<AnyRoute, 'method' | 'path'>) => `${r.method} ${r.path}`;

/**
 * Serves one contract route: the contract's zod schemas validate params, query and body at the
 * edge (errors become translated field messages) and the response schema checks what we send.
 */
export function serve<R extends AnyRoute>(app: FastifyInstance, route: R, handler: Handler<R>) {
  app.servedRoutes.add(routeKey(route));
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.raw ? {} : { response: { 200: route.response } }),
    },
    // A form POST with nothing to send (a first captcha has no old code) comes without a body:
    // it is an empty form, checked by the schema like any other.
    ...(route.body
      ? {
          preValidation: async (req: FastifyRequest) => {
            if (req.body === undefined || req.body === null) req.body = {};
          },
        }
      : {}),
    handler: async (req, reply) => {
      let user = route.auth === 'none' ? null : await req.server.authenticate(req);
      if (user?.chargeId != null && !route.chargeLink) {
        // A guest's charge link opens its charge only; elsewhere it is no login at all.
        if (route.auth === 'user')
          throw new ApiError(403, 'charge.link.scope', { responseCode: 'CHARGE_LINK_SCOPE' });
        user = null;
      }
      if (route.auth === 'user' && !user) {
        throw new ApiError(401, 'error.unauthorized', { responseCode: 'UNAUTHORIZED' });
      }
      return handler({
        params: req.params as RouteParams<R>,
        query: req.query as RouteQuery<R>,
        body: req.body as RouteBody<R>,
        lang: requestLang(req),
        user: user as HandlerContext<R>['user'],
        req,
        reply,
      });
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /path` of every contract route this server serves. */
    servedRoutes: Set<string>;
    /** The user behind the request's credentials, or null (resolved once per request). */
    authenticate(req: FastifyRequest): Promise<AuthUser | null>;
  }
}
