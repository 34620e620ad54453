import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

export const API_ROUTES_ID = 'virtual:voltpark-api-routes';
const RESOLVED = `\0${API_ROUTES_ID}`;
const contractSrc = fileURLToPath(new URL('../../../packages/contract/src/', import.meta.url));

interface WireRoute {
  method: string;
  path: string;
  bodyType?: 'json' | 'form';
  raw?: string;
}

/**
 * The browser needs only the wire facts of each contract route (method, path, body type), not
 * its zod schemas. This virtual module reads @voltpark/contract at build time and exports
 * `apiRoutes` with just those facts, so zod stays out of the map route's initial JS.
 * Types still come from the contract itself (src/shared/api/routes.ts).
 */
export function contractRoutes(): Plugin {
  return {
    name: 'voltpark-contract-routes',
    resolveId(id) {
      return id === API_ROUTES_ID ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      for (const f of readdirSync(contractSrc))
        if (f.endsWith('.ts')) this.addWatchFile(contractSrc + f);
      const { module } = await runnerImport<{ apiRoutes: Record<string, WireRoute> }>(
        fileURLToPath(new URL('index.ts', `file://${contractSrc}`)),
        { configFile: false, logLevel: 'silent' },
      );
      const slim: Record<string, WireRoute> = {};
      for (const [name, r] of Object.entries(module.apiRoutes)) {
        slim[name] = { method: r.method, path: r.path };
        if (r.bodyType) slim[name].bodyType = r.bodyType;
        if (r.raw) slim[name].raw = r.raw;
      }
      return `export const apiRoutes = ${JSON.stringify(slim)};\n`;
    },
  };
}
