import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const lib = (p: string) => fileURLToPath(new URL(`../../libs/${p}`, import.meta.url));

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@symposium/domain': lib('domain/src/index.ts'), '@symposium/ui': lib('ui/src/index.ts') },
    dedupe: [
      'react',
      'react-dom',
      '@mui/material',
      '@emotion/react',
      'react-router',
      '@tanstack/react-query',
    ],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    // The conflict-of-interest helpers of libs/domain (public-suffix and mail-provider lists) run only in
    // the API: their packages' top-level tables stay out of the bundle unless something here uses them.
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !/node_modules\/(tldts|tldts-core|email-providers)\//.test(id),
      },
    },
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
});
