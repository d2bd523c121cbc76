import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const lib = (p: string) => fileURLToPath(new URL(`../../libs/${p}`, import.meta.url));

/** Once the bundle is written: a .br and a .gz beside each asset, which the API serves (serveFrontEnds). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'symposium-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // scripts/ is plain JS outside this project's types: loaded by URL, its one function typed here
      const script = new URL('../../scripts/compress-assets.js', import.meta.url).href;
      const { compressDir } = (await import(script)) as { compressDir: (dir: string) => Promise<unknown> };
      await compressDir(outDir);
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
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
    rollupOptions: {
      treeshake: {
        // The conflict-of-interest helpers of libs/domain (public-suffix and mail-provider lists) run only in
        // the API: their packages' top-level tables stay out of the bundle unless something here uses them.
        // libs/ui and libs/domain have no import-time side effects: a module reached only through their
        // barrels (index.ts) belongs to the lazy screens that use it, not to the entry chunk.
        moduleSideEffects: (id: string) =>
          !/node_modules\/(tldts|tldts-core|email-providers)\//.test(id) &&
          !/\/libs\/(ui|domain)\/src\//.test(id),
      },
    },
    manifest: true,
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
});
