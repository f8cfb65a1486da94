import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { LANDING_ICONS, USED_ICONS } from './src/lib/icons/used-icons.js';

const require = createRequire(import.meta.url);

/**
 * `virtual:icon-paths/landing` and `virtual:icon-paths/rest`: the SVG paths of the icons the app
 * uses (src/lib/icons/used-icons.ts), imported one module per icon and size, so the bundle holds
 * those and not Blueprint's complete sets.
 */
function blueprintIconPaths(): Plugin {
  const sets: Record<string, readonly string[]> = {
    'virtual:icon-paths/landing': LANDING_ICONS,
    'virtual:icon-paths/rest': USED_ICONS.filter((name) => !LANDING_ICONS.includes(name)),
  };
  return {
    name: 'blueprint-icon-paths',
    resolveId: (id) => (id in sets ? `\0${id}` : undefined),
    load(id) {
      const names = id.startsWith('\0') ? sets[id.slice(1)] : undefined;
      if (!names) return undefined;
      const file = (name: string, size: number) =>
        JSON.stringify(require.resolve(`@blueprintjs/icons/lib/esm/generated/${size}px/paths/${name}.js`));
      const imports = names.map(
        (name, i) => `import s${i} from ${file(name, 16)};\nimport l${i} from ${file(name, 20)};`,
      );
      const entries = names.map((name, i) => `${JSON.stringify(name)}: [s${i}, l${i}]`);
      return `${imports.join('\n')}\nexport default {\n${entries.join(',\n')}\n};\n`;
    },
  };
}

export default defineConfig({
  plugins: [react(), blueprintIconPaths()],
  // One React for the app and every library; two copies break hooks at run time.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by the prerender (scripts/prerender.mjs) to list each public page's chunks, which the
    // server preloads with the page.
    manifest: true,
    chunkSizeWarningLimit: 1200,
    // Every browser the build targets loads the modules without it; only Safari before 17 and
    // Firefox before 115 lack <link rel="modulepreload">, and there the chunks load on import
    // instead of ahead of it. The polyfill cost every visitor 1.2 KB before the landing page paints.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The landing page's visit module (src/public/landing/visit.ts) is an entry of its own: the
      // page runs it after its paint, and the app only when the visitor reaches for the page.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        visit: fileURLToPath(new URL('src/public/landing/visit.ts', import.meta.url)),
      },
      output: {
        // The typed client and the route heads it reads (one small module per resource) travel as
        // one chunk. Left to itself, the bundler splits the router, the theme and the API helper
        // out of the entry as well, and the landing page loads 1.6 KB more before its first paint.
        codeSplitting: {
          groups: [
            {
              name: 'api-client',
              test: /shared\/src\/(client\/|contract\/access|contract\/endpoints|contract\/route|contract\/[a-z-]+\/endpoints)/,
            },
          ],
        },
      },
    },
  },
  // The server's render (`vite build --ssr`, dist/server/) carries its libraries rather than
  // importing them from node_modules: it runs wherever the built app is, a copy of it included, with
  // React's production build.
  ssr: { noExternal: true },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 5000}` },
  },
});
