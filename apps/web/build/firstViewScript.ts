import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type { drawFirstView as Draw, FirstViewSettings } from '../src/features/map/firstViewDraw';

/** Where index.html gets the inline first-view script (decision 0010). */
export const FIRST_VIEW_SCRIPT_MARK = '<!--vp-first-view-script-->';

const src = (file: string) =>
  fileURLToPath(new URL(`../src/features/map/${file}`, import.meta.url));

/**
 * The inline script that draws the server's first view while the app's scripts load: the
 * source text of drawFirstView (it uses only its parameters), called with FIRST_VIEW_SETTINGS.
 * Inline, so it costs no request and runs as soon as the page's stylesheet is there.
 */
export async function firstViewScriptTag(): Promise<string> {
  const options = {
    configFile: false as const,
    logLevel: 'silent' as const,
    resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  };
  const [{ module: draw }, { module: settings }] = await Promise.all([
    runnerImport<{ drawFirstView: typeof Draw }>(src('firstViewDraw.ts'), options),
    runnerImport<{ FIRST_VIEW_SETTINGS: FirstViewSettings }>(src('firstView.ts'), options),
  ]);
  const call = `(${draw.drawFirstView.toString()})(document, ${JSON.stringify(settings.FIRST_VIEW_SETTINGS)});`;
  // "</script" cannot occur in the function's text; guard anyway, the page depends on it.
  if (/<\/script/i.test(call)) throw new Error('first view script: "</script" in its text');
  return `<script>${call}</script>`;
}

export function firstViewScript(): Plugin {
  return {
    name: 'voltpark-first-view-script',
    async transformIndexHtml(html) {
      if (!html.includes(FIRST_VIEW_SCRIPT_MARK)) return html;
      const tag = await firstViewScriptTag();
      return html.replace(FIRST_VIEW_SCRIPT_MARK, () => tag);
    },
  };
}
