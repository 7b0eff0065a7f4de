import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The module boundary rule lives in biome.json (noRestrictedImports per folder: a module never imports
// another module's *.repository.ts or *.tables.ts; decision 0017, "Module boundaries"). `npm run lint`
// checks it with everything else; this test runs the same rule so `npm test` holds it too.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const biome = join(root, 'node_modules/.bin/biome');

function lintBoundaries(cwd: string, paths: string[], configPath?: string) {
  const args = [
    'lint',
    '--only=style/noRestrictedImports',
    '--max-diagnostics=50',
    ...(configPath ? [`--config-path=${configPath}`] : []),
    ...paths,
  ];
  const run = spawnSync(biome, args, { cwd, encoding: 'utf8' });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

describe('module boundaries', () => {
  const probe = mkdtempSync(join(tmpdir(), 'boundaries-'));
  afterAll(() => rmSync(probe, { recursive: true, force: true }));

  it('no module imports another module’s repository or tables, and platform imports none', () => {
    const { ok, output } = lintBoundaries(root, ['apps/server/src']);
    expect(ok, output).toBe(true);
  });

  it('refuses a service or repository reaching into another module, and allows its own files, tests and foreign keys', () => {
    const file = (path: string, text: string) => {
      mkdirSync(dirname(join(probe, path)), { recursive: true });
      writeFileSync(join(probe, path), text);
    };
    cpSync(join(root, 'biome.json'), join(probe, 'biome.json'));
    const modules = 'apps/server/src/modules';
    file(`${modules}/games/games.tables.ts`, 'export const gameVendors = 1;\n');
    file(`${modules}/games/games.repository.ts`, 'export const listVendors = 1;\n');
    file(`${modules}/games/games.service.ts`, 'export const vendorsOf = 1;\n');
    file(`${modules}/catalog/catalog.repository.ts`, 'export const findGames = 1;\n');
    // Violations: another module's tables (also as a type) and repository, and platform reaching into a module.
    file(`${modules}/catalog/bad-tables.ts`, "import { gameVendors } from '../games/games.tables.ts';\nexport const a = gameVendors;\n");
    file(
      `${modules}/catalog/bad-type.ts`,
      "import type { gameVendors } from '../games/games.tables.ts';\nexport type A = typeof gameVendors;\n",
    );
    file(
      `${modules}/catalog/bad-repository.ts`,
      "import { listVendors } from '../games/games.repository.ts';\nexport const a = listVendors;\n",
    );
    file(
      'apps/server/src/platform/bad.ts',
      "import { listVendors } from '../modules/games/games.repository.ts';\nexport const a = listVendors;\n",
    );
    // Allowed: the module's own repository, another module's service, a foreign key, a test.
    file(
      `${modules}/catalog/catalog.service.ts`,
      "import { findGames } from './catalog.repository.ts';\nimport { vendorsOf } from '../games/games.service.ts';\nexport const a = [findGames, vendorsOf];\n",
    );
    file(
      `${modules}/catalog/catalog.tables.ts`,
      "import { gameVendors } from '../games/games.tables.ts';\nexport const a = gameVendors;\n",
    );
    file(
      `${modules}/catalog/catalog.test.ts`,
      "import { listVendors } from '../games/games.repository.ts';\nexport const a = listVendors;\n",
    );

    const { ok, output } = lintBoundaries(probe, ['apps'], join(probe, 'biome.json'));
    expect(ok).toBe(false);
    const flagged = [...output.matchAll(/^(\S+\.ts):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map((m) => m[1]).sort();
    expect(flagged).toEqual([
      'apps/server/src/modules/catalog/bad-repository.ts',
      'apps/server/src/modules/catalog/bad-tables.ts',
      'apps/server/src/modules/catalog/bad-type.ts',
      'apps/server/src/platform/bad.ts',
    ]);
  });
});
