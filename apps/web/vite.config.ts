import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = 'http://localhost:8080';

/** Chunks of the route page groups are named after their group (index, egame, promo, ...). */
function chunkName(facade: string | null | undefined, fallback: string): string {
  const group = facade?.match(/src\/app\/pages\/(\w+)\.ts$/)?.[1];
  return group ?? fallback;
}

/**
 * The spec keeps the legacy address /register.html. A server's single-page fallback usually skips
 * paths that look like files, so the build ships the shell under that name too.
 */
function legacyHtmlAliases(): Plugin {
  return {
    name: 'legacy-html-aliases',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? 'dist';
      copyFileSync(join(dir, 'index.html'), join(dir, 'register.html'));
    },
  };
}

export default defineConfig({
  plugins: [react(), legacyHtmlAliases()],
  resolve: {
    alias: { zod: fileURLToPath(new URL('./tooling/zod-inert.js', import.meta.url)) },
  },
  server: {
    proxy: { '/wps': api, '/lgw': api, '/flags': api, '/docs': api },
  },
  preview: {
    proxy: { '/wps': api, '/lgw': api, '/flags': api, '/docs': api },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // Every browser we support has modulepreload; the polyfill would only add weight.
    modulePreload: { polyfill: false },
    // Read by scripts/first-load-size.mjs to measure what the home route loads.
    manifest: true,
    rolldownOptions: {
      // Calls on the (inert) zod object are pure: unused contract schemas disappear entirely.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        chunkFileNames: (chunk) => `assets/${chunkName(chunk.facadeModuleId, '[name]')}-[hash].js`,
      },
    },
  },
});
