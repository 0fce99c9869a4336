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
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
