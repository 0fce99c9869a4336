import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiMacroPlugin } from './scripts/vite-lingui-macro';

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
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
