import { defineConfig, type AliasOptions } from 'vite';
import { linguiMacroPlugin } from './scripts/vite-lingui-macro.ts';
import { areaOfCatalog } from './src/web/lib/i18n-areas.ts';

/**
 * React's API from Preact's compatibility layer, for our code and for the libraries in node_modules
 * (React Router, TanStack Query, react-hook-form): react-dom alone weighed about 55 KB of the
 * landing's 90 KB budget (docs/decisions/0129-preact-compat.md). Exact names only, so that
 * `react-router` and `react-hook-form` stay themselves. The web unit tests use the same
 * (vitest.config.ts), so that they test what ships.
 */
export const reactToPreact: AliasOptions = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/**
 * The bundler's notes about libraries that are no fault of ours and change nothing in what ships
 * (docs/decisions/0150-a-quiet-first-start.md): a newcomer's first `npm start` printed 17 boxes of
 * them, which read like errors. `"use client"` marks a module for React Server Components, which
 * a single-page app does not have; React Router probes React 19's `use` and `useOptimistic`,
 * which preact/compat does not export, and falls back when they are undefined. Any other note,
 * ours or a library's, still prints.
 */
function isLibraryNoise(log: { code?: string; message: string; id?: string }): boolean {
  const fromLibrary = log.id?.includes('/node_modules/') ?? false;
  if (log.code === 'MODULE_LEVEL_DIRECTIVE') return fromLibrary && log.message.includes('"use client"');
  if (log.code === 'IMPORT_IS_UNDEFINED') {
    return (
      fromLibrary &&
      log.id!.includes('/react-router/') &&
      /Import `(use|useOptimistic)` will always be undefined/.test(log.message)
    );
  }
  return false;
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [linguiMacroPlugin()],
  resolve: { alias: reactToPreact },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    rolldownOptions: {
      // Babel for Lingui's macros is most of the build's time, knowingly (docs/decisions/0128-languages.md):
      // the bundler's timing report about it is not news, and read like a failure.
      checks: { bundlerTimings: false },
      onLog(level, log, handler) {
        if (!isLibraryNoise(log)) handler(level, log);
      },
      output: {
        // What the first page needs in one file: split into the entry and the chunks shared with
        // the lazy pages, it cost three requests and 2.4 KB more brotli (docs/decisions/0126-a-lighter-landing.md).
        // Message catalogs: one chunk per area and language, whatever the number of feature folders
        // (docs/decisions/0128-languages.md); the first page's English stays in `index`.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            {
              debugName: 'message catalogs',
              name: (id) => {
                const catalog = areaOfCatalog(id);
                return catalog ? `i18n-${catalog.area}-${catalog.locale}` : null;
              },
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
