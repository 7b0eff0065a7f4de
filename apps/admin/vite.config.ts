import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:8080';

/**
 * The back office: its own bundle, served by the platform's server under /admin (pages) beside the
 * admin API under /admin/v1 (platform/admin-site.ts), so the base is /admin/.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  // The contract's schemas are built on the player site's inert zod (apps/web/tooling): the browser
  // reads the contract's paths and types, the server validates.
  resolve: { alias: { zod: fileURLToPath(new URL('../web/tooling/zod-inert.js', import.meta.url)) } },
  server: { proxy: { '/admin/v1': api, '/admin-live': { target: api, ws: true } } },
  build: {
    outDir: 'dist',
    target: 'es2022',
    modulePreload: { polyfill: false },
    // Read by the first-load measure (e2e): what /admin loads before the first screen.
    manifest: true,
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
});
