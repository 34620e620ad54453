import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { tileUrlPattern } from '../chromium';
import { postgresSkipReason } from './postgres';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');

export type Lang = 'hu' | 'en';
/** translation: the web app's catalog; messages: the server's message catalog (contract). */
export type Namespace = 'translation' | 'messages';

const catalogFiles: Record<Namespace, string> = {
  translation: path.join(repo, 'apps/web/src/locales'),
  messages: path.join(repo, 'packages/contract/locales'),
};
const catalogs = new Map<string, Record<string, string>>();

const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;

/** The web app's catalog of a language is every area file under locales/<lang>/, merged. */
function readAreaFiles(lang: Lang): Record<string, string> {
  const dir = path.join(catalogFiles.translation, lang);
  return Object.assign(
    {},
    ...fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => readJson(path.join(dir, f))),
  ) as Record<string, string>;
}

/** A catalog of the app (flat keys), read from the source: tests find things by their real text. */
export function catalog(lang: Lang, ns: Namespace = 'translation'): Record<string, string> {
  const key = `${ns}/${lang}`;
  let c = catalogs.get(key);
  if (!c) {
    c =
      ns === 'translation'
        ? readAreaFiles(lang)
        : readJson(path.join(catalogFiles[ns], `${lang}.json`));
    catalogs.set(key, c);
  }
  return c;
}

/** A catalog text, `{{var}}` placeholders filled in. A missing key throws: a missing string is a bug. */
export function t(
  lang: Lang,
  key: string,
  vars: Record<string, string | number> = {},
  ns: Namespace = 'translation',
): string {
  const text = catalog(lang, ns)[key];
  if (text === undefined) throw new Error(`missing ${lang} ${ns} catalog key "${key}"`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(vars[k] ?? `{{${k}}}`));
}

/** Escapes a text for use inside a RegExp. */
export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Exact, whole-string match of a catalog text, for accessible names. */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${escapeRe(text)}\\s*$`);
}

/** Lower-case, accents removed: "Gödöllő" → "godollo". */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

// ---------------------------------------------------------------------------------------------
// Seed data looked up through the API, so tests never hard-code database ids.

export interface LocationItem {
  id: number;
  name: string;
  fullAddress: string;
  city: string;
  lat: number;
  lng: number;
  hasCharger?: boolean;
  hasPoi?: boolean;
  hasParking?: boolean;
}

export interface LocationDetail extends LocationItem {
  chargers: { id: number; name: string }[];
  parkingLotId: number | null;
}

async function data<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url, { headers: { 'X-Lang': 'hu' } });
  expect(res.status(), `GET ${url}`).toBe(200);
  const body = (await res.json()) as { result: boolean; data: T };
  return body.data;
}

export async function locations(request: APIRequestContext): Promise<LocationItem[]> {
  return data<LocationItem[]>(request, '/api/v1/location/locations');
}

export async function locationByName(request: APIRequestContext, name: string) {
  const found = (await locations(request)).find((l) => l.name === name);
  if (!found) throw new Error(`the demo seed has no location named "${name}"`);
  return found;
}

export async function locationDetail(request: APIRequestContext, id: number) {
  return data<LocationDetail>(request, `/api/v1/location/location?id=${id}`);
}

export interface NewsPost {
  id: number;
  title: string;
  publicationId: string;
}

export async function newsPosts(request: APIRequestContext) {
  return data<NewsPost[]>(request, '/api/v1/news');
}

// ---------------------------------------------------------------------------------------------
// Page helpers

export async function waitForClusters(page: Page) {
  await expect(page.getByTestId('map')).toHaveAttribute('data-clusters-ready', 'true', {
    timeout: 20_000,
  });
}

/**
 * Axe (WCAG 2.0/2.1 A and AA) on the page as it is now. Serious and critical violations fail the
 * test; the rest are printed so they can be fixed too.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // The OpenStreetMap attribution and tiles belong to Leaflet; tiles are offline here anyway.
    .exclude('.leaflet-tile-pane')
    .analyze();
  // One line per distinct problem (e.g. one colour pair), with how many elements have it.
  const describe = (v: (typeof results.violations)[number]) => {
    const groups = new Map<string, { count: number; target: string }>();
    for (const n of v.nodes) {
      const why = (n.failureSummary ?? '')
        .replace(/^Fix (any|all) of the following:\s*/i, '')
        .replace(/\s+/g, ' ');
      const g = groups.get(why);
      if (g) g.count += 1;
      else groups.set(why, { count: 1, target: n.target.join(' ') });
    }
    const lines = [...groups.entries()]
      .slice(0, 8)
      .map(([why, g]) => `      ${g.count}× e.g. ${g.target}\n        ${why}`);
    return `[${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.nodes.length}×)\n${lines.join('\n')}`;
  };
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const rest = results.violations.filter((v) => !serious.includes(v));
  if (rest.length > 0) {
    console.log(
      `axe, ${screen}: ${rest.length} minor/moderate\n  ${rest.map(describe).join('\n  ')}`,
    );
  }
  expect(serious.map(describe), `axe found serious or critical violations on ${screen}`).toEqual(
    [],
  );
}

// ---------------------------------------------------------------------------------------------
// The test object every spec uses.

/** Options a project sets (playwright.config.ts). */
export interface E2EOptions {
  /** The server's PostgreSQL database in the `postgres` project; null on the PGlite server. */
  databaseUrl: string | null;
}

interface Fixtures extends E2EOptions {
  /** Uncaught exceptions of the page, collected for the whole test. */
  pageErrors: string[];
  /** Tile requests that were aborted (the tile servers are "offline" in every test). */
  tileRequests: { count: number };
  /** News posts and the front-page advert count as already seen, so no overlay covers the screen. */
  quiet: boolean;
}

export const test = base.extend<Fixtures>({
  quiet: [true, { option: true }],
  databaseUrl: [null, { option: true }],
  tileRequests: async ({ context }, use) => {
    const counter = { count: 0 };
    // The tile servers are unreachable in every test: the network must never matter.
    await context.route(tileUrlPattern, (route) => {
      counter.count += 1;
      return route.abort('internetdisconnected');
    });
    await use(counter);
  },
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
    await use(errors);
  },
  page: async ({ page, quiet, request, tileRequests: _tiles }, use) => {
    if (quiet) {
      const ids = (await newsPosts(request)).map((p) => p.publicationId);
      await page.addInitScript(
        ({ ids, now }) => {
          if (sessionStorage.getItem('e2e-quiet') === 'done') return;
          sessionStorage.setItem('e2e-quiet', 'done');
          localStorage.setItem('shownNews', JSON.stringify(ids));
          localStorage.setItem('adClosedAt', String(now));
        },
        { ids, now: Date.now() },
      );
    }
    await use(page);
  },
});

export { expect };

/**
 * For a test tagged @postgres: the server's PostgreSQL database, for the operator CLIs and psql
 * it runs beside the server. Without one (PostgreSQL does not answer) the test is skipped with
 * the reason (decision 0029).
 */
export function needsPostgres(databaseUrl: string | null): string {
  test.skip(!databaseUrl, postgresSkipReason() || 'needs the PostgreSQL server (decision 0029)');
  return databaseUrl!;
}

/**
 * The project's server on http://localhost:<port>: SimplePay's emulator sends the browser back to
 * PUBLIC_URL (http://localhost:<port>), so payment flows run on that origin.
 */
export const onLocalhost = {
  baseURL: async (
    { baseURL }: { baseURL: string | undefined },
    use: (url: string) => Promise<void>,
  ) => use(baseURL!.replace('127.0.0.1', 'localhost')),
};
