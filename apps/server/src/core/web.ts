import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiNotFound } from './error-handler.js';

const isApiPath = (url: string) =>
  url.startsWith('/api/') || url === '/api' || url.startsWith('/ocpp') || url.startsWith('/ws');

/** Where the page of a route may carry data of its own (apps/web/index.html). */
export const PAGE_DATA_MARK = '<!--vp-page-data-->';

export interface WebAppOptions {
  /** HTML for the pages of `/` and `/map`: the map's first view (decision 0010); never waits. */
  mapPageData?: () => string;
}

/** The routes whose page opens the map at its default view. */
const MAP_PAGES = ['/', '/map'] as const;

/**
 * Serves the built web app (apps/web/dist) with a single-page fallback: any GET that is not
 * an API call and not a file gets index.html, so deep links like /charger/12 work.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  options: WebAppOptions = {},
) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  // The app shell, read per request (2 KB): a rebuilt app is served without a restart.
  const sendPage = async (data: string, reply: FastifyReply) => {
    const html = await fs.promises.readFile(indexFile, 'utf8');
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(data ? html.replace(PAGE_DATA_MARK, () => data) : html);
  };
  if (hasBuild) {
    for (const url of MAP_PAGES) {
      app.get(url, (_req, reply) => sendPage(options.mapPageData?.() ?? '', reply));
    }
    await app.register(fastifyStatic, {
      root: distDir,
      // `/` is a directory to @fastify/static: without an index it answers 403.
      index: 'index.html',
      wildcard: true,
      // Our own Cache-Control below, not the plugin's "public, max-age=0".
      cacheControl: false,
      // The build writes .br and .gz beside scripts and styles (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0] ?? '';
    if (isApiPath(url) || req.method !== 'GET') return apiNotFound(req, reply);
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm start` (it builds apps/web first).');
    }
    return sendPage('', reply);
  });
}
