import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiMacroPlugin } from './scripts/vite-lingui-macro';
import { areaOfCatalog } from './src/web/lib/i18n-areas';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [linguiMacroPlugin(), react()],
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
