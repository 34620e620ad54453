import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { inlineScriptHashes } from './csp.js';
import { apiNotFound } from './error-handler.js';

const isApiPath = (url: string) =>
  url.startsWith('/api/') || url === '/api' || url.startsWith('/ocpp') || url.startsWith('/ws');

/** Where the page of a route may carry data of its own (apps/web/index.html). */
export const PAGE_DATA_MARK = '<!--vp-page-data-->';

export interface WebAppOptions {
  /** HTML for the pages of `/` and `/map`: the map's first view (decision 0010); never waits. */
  mapPageData?: () => string;
  /** The page's Content-Security-Policy for its inline scripts' hashes (core/csp.ts). */
  pagePolicy?: (scriptHashes: string[]) => string;
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
  // The policy follows the shell's inline scripts; worked out again only when the shell changes.
  let policyOf = { html: '', policy: '' };
  const pagePolicy = (html: string) => {
    if (policyOf.html !== html) {
      policyOf = { html, policy: options.pagePolicy?.(inlineScriptHashes(html)) ?? '' };
    }
    return policyOf.policy;
  };
  // The app shell, read per request (2 KB): a rebuilt app is served without a restart.
  const sendPage = async (data: string, reply: FastifyReply) => {
    const html = await readBuiltFile(indexFile);
    if (html === null) return missingFile(reply, NOT_BUILT);
    const policy = pagePolicy(html);
    if (policy) reply.header('Content-Security-Policy', policy);
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(data ? html.replace(PAGE_DATA_MARK, () => data) : html);
  };
  // Registered with or without a build: one made later is served without a restart.
  for (const url of MAP_PAGES) {
    app.get(url, (_req, reply) => sendPage(options.mapPageData?.() ?? '', reply));
  }
  // The service worker caches this one (with its headers) for every later navigation.
  app.get('/index.html', (_req, reply) => sendPage('', reply));
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
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0] ?? '';
    if (isApiPath(url) || req.method !== 'GET') return apiNotFound(req, reply);
    // A file the build does not have (an old script after a new build, or none yet): a 404, not
    // the app shell with a 200 in place of a script.
    if (FILE_NAME.test(url)) return missingFile(reply);
    return sendPage('', reply);
  });
}

/** The last path segment looks like a file (`sw.js`, `app-1a2b.css`), not a route (`19.0402`). */
const FILE_NAME = /\/[^/]*\.[A-Za-z][A-Za-z0-9]{0,15}$/;

async function readBuiltFile(file: string): Promise<string | null> {
  try {
    return await fs.promises.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

const NOT_BUILT = 'The web app is not built. Run `npm start` (it builds apps/web first).';

const missingFile = (reply: FastifyReply, text = 'Not found') =>
  reply
    .status(404)
    .header('Cache-Control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(text);
