import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLanguage, i18nReady } from './shared/i18n';
import { getPlatform } from './shared/lib/platform';
import { afterStart, isMapPath } from './shared/lib/startup';
import { startMapData } from './features/map';
import { App } from './app/App';
import { initSession } from './shared/session';

getPlatform();
// Stored credentials: the Basic header on every call, the user loaded (SPEC §4, §7).
initSession();

// On a map route, fetching and clustering the locations starts before the first render.
if (isMapPath(window.location.pathname)) startMapData(detectLanguage());

void i18nReady.then(() => {
  // Start-up figure for bench/map: the catalog is in, React renders next.
  performance.mark('voltpark:render-start');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// Offline app shell: register the service worker built by vite-plugin-pwa (production only).
// It waits a moment after load so it never competes with the map's first clusters.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  afterStart(
    () => {
      void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
    },
    { delayMs: 3000 },
  );
}
