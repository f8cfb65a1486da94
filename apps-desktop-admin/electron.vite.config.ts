import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

/**
 * Main and preload bundle everything but Electron and Node's own modules: the workspace packages
 * (@msp/shared) are TypeScript sources, and the packaged app ships no node_modules, so nothing is
 * left for the default `externalizeDeps` to find at run time.
 */
export default defineConfig({
  main: {
    build: {
      externalizeDeps: false,
      rollupOptions: { output: { format: 'es', entryFileNames: '[name].js' } },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      // A sandboxed preload is a classic script: CommonJS, `require('electron')` only.
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    plugins: [
      react(),
      // electron-vite makes asset URLs relative (base './') for file:// loading. This renderer is
      // served from its own origin and its routes are paths (/admin/submissions): a reload there
      // must still find /assets, so the base goes back to '/' after electron-vite's preset.
      { name: 'msp:absolute-base', config: () => ({ base: '/' }) },
    ],
    // One copy of each library that holds React context: the admin module and this host must share
    // them, or the admin's routes find no router and its queries no client.
    resolve: {
      dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', '@tanstack/react-query', 'jotai'],
    },
    build: { chunkSizeWarningLimit: 1200 },
  },
});
