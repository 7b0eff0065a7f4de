// The house edge of every lottery play type and option at the seeded odds of each prize mode: the
// full table goes to docs/lottery-house-edge.md, and one summary per game and mode is returned.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lottery } from '@platform/games';

/** Writes docs/lottery-house-edge.md and returns each game's range of house edges per prize mode. */
export function houseEdges() {
  const summaries: { mode: string; game: string; options: number; min: number; max: number }[] = [];
  const lines = [
    '# Lottery house edge at the seeded odds',
    '',
    'Written by `npm run bench` (bench/house-edge.ts) from `packages/games`: exact expected return of one',
    '注 (stake included in the prize) for every play type and option, per prize mode.',
    '',
  ];
  for (const mode of lottery.prizeModes) {
    const rows = lottery.houseEdgeTable(mode);
    lines.push(
      `## Mode ${mode}`,
      '',
      '| play type | name | option | cost | prize | return | house edge |',
      '|---|---|---|---|---|---|---|',
    );
    for (const r of rows) {
      lines.push(
        `| ${r.playType} | ${r.name} | ${r.option} | ${r.cost} | ${r.prize} | ${(r.returnRate * 100).toFixed(3)}% | ${(r.houseEdge * 100).toFixed(3)}% |`,
      );
    }
    lines.push('');
    for (const game of lottery.gameCodes) {
      const ofGame = rows.filter((r) => lottery.findPlayType(r.playType)?.game === game);
      if (ofGame.length === 0) continue;
      const edges = ofGame.map((r) => r.houseEdge);
      summaries.push({ mode, game, options: ofGame.length, min: Math.min(...edges), max: Math.max(...edges) });
    }
  }
  writeFileSync(join(import.meta.dirname, '../docs/lottery-house-edge.md'), `${lines.join('\n')}\n`);
  return summaries;
}
