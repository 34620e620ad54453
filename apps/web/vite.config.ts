import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import license from 'rollup-plugin-license';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { contractRoutes } from './build/contractRoutes';
import { firstViewScript } from './build/firstViewScript';

/** One licence entry of the /open-source page (public/… is not used: it is generated per build). */
interface LicenceEntry {
  name: string;
  version: string;
  license: string;
  licenseText: string | null;
  noticeText: string | null;
  homepage: string | null;
}

/**
 * rollup-plugin-license reports the packages that actually ended up in a bundle. The main
 * bundle and the map worker bundle are built separately, so both feed one shared map and the
 * main build emits `open-source-licenses.json`, which the /open-source page fetches.
 */
const bundled = new Map<string, LicenceEntry>();

function collectLicences(): Plugin {
  return license({
    thirdParty: (dependencies) => {
      for (const d of dependencies) {
        if (!d.name) continue;
        bundled.set(`${d.name}@${d.version ?? ''}`, {
          name: d.name,
          version: d.version ?? '',
          license: d.license ?? 'UNKNOWN',
          licenseText: d.licenseText,
          noticeText: d.noticeText,
          homepage: d.homepage,
        });
      }
    },
  }) as Plugin;
}

function emitLicences(): Plugin {
  return {
    name: 'voltpark-emit-licences',
    apply: 'build',
    enforce: 'post',
    generateBundle() {
      const list = [...bundled.values()].sort((a, b) => a.name.localeCompare(b.name));
      this.emitFile({
        type: 'asset',
        fileName: 'open-source-licenses.json',
        source: JSON.stringify(list),
      });
    },
  };
}

const apiTarget = process.env.VOLTPARK_API ?? 'http://localhost:8080';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
    contractRoutes(),
    firstViewScript(),
    collectLicences(),
    emitLicences(),
    // Brotli and gzip files beside the scripts and styles: the server sends them as they are
    // (@fastify/static preCompressed) instead of compressing on every first visit.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|css|svg|json|webmanifest)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Voltpark',
        short_name: 'Voltpark',
        description: 'Elektromos töltés és parkolás – EV charging and parking in Hungary',
        lang: 'hu',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0b6e4f',
        background_color: '#ffffff',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/pwa-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // The app shell: every built script, style, icon and the page itself.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json}'],
        navigateFallback: '/index.html',
        // Never answer API, health, websocket or sandbox pages from the cache.
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz/, /^\/readyz/, /^\/ws/, /^\/sandbox/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  worker: {
    format: 'es',
    plugins: () => [collectLicences()],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/healthz': { target: apiTarget, changeOrigin: true },
      '/sandbox': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
});
