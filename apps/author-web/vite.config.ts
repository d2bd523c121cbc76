import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appConfig } from '../../vite.apps.ts';

// The build both front ends share (aliases, chunk groups, pre-compression) is in vite.apps.ts at the repo root.
export default defineConfig(
  appConfig({
    base: '/',
    plugins: [react()],
    // the author menu with the paper list, shown after sign-in
    home: new URL('src/features/home/author-home.tsx', import.meta.url),
  }),
);
