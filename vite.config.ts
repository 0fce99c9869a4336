import { defineConfig, type AliasOptions } from 'vite';
import { linguiMacroPlugin } from './scripts/vite-lingui-macro';
import { areaOfCatalog } from './src/web/lib/i18n-areas';

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
      output: {
        // What the first page needs in one file: split into the entry and the chunks shared with
        // the lazy pages, it cost three requests and 2.4 KB more brotli (docs/decisions/0126-a-lighter-landing.md).
        // Message catalogs: one chunk per area and language, whatever the number of feature folders
        // (docs/decisions/0128-languages.md); the first page's English stays in `index`.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            {
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
