// Bundles the server into dist/: workspace packages (TypeScript source) inlined, npm packages left as imports.
import { build } from 'esbuild';

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@platform/contract': '../../packages/contract/src/index.ts', '@platform/games': '../../packages/games/src/index.ts' },
  logLevel: 'warning',
});
