import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const lib = (p: string) => fileURLToPath(new URL(`../../libs/${p}`, import.meta.url));

export default defineConfig({
  base: '/chair/',
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
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
