import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { constants as zlib } from 'node:zlib';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { installErrorHandlers } from './core/error-handler.js';
import { closeIdleConnectionsWhileClosing } from './core/graceful-close.js';
import { buildOpenApiDocument } from './core/openapi.js';
import { appPageCsp } from './core/csp.js';
import { addSecurityHeaders } from './core/security-headers.js';
import { serveWebApp } from './core/web.js';
import { registerModules } from './modules/index.js';
import { loggerOptions, type LogStream } from './core/logger.js';
import { installAuthentication } from './modules/auth/authenticate.js';

export const APP_VERSION = '0.1.0';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Log lines go here instead of stdout (tests). */
  logStream?: LogStream;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  closeIdleConnectionsWhileClosing(app);
  app.decorate('servedRoutes', new Set<string>());
  installAuthentication(app, database.db);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandlers(app);
  addSecurityHeaders(app, config);

  await app.register(formbody);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  app.get('/healthz', async () => ({ status: 'ok', mode: config.mode, version: APP_VERSION }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  registerModules(app, { config, db: database.db });

  await app.register(swagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument(app.servedRoutes, APP_VERSION) as never },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The map page carries the first view made with the last map-points build; the map's own
  // map-points request keeps that fresh (a stale body starts a background rebuild).
  await serveWebApp(app, config.webDistDir, {
    mapPageData: () => app.firstView.element(),
    pagePolicy: (hashes) => appPageCsp(hashes, config.social),
  });
  return app;
}
