import { describe, expect, it } from 'vitest';
import { type Fraction, sameFraction } from '../fair/fraction.ts';
import { carnivalNights, jungleGems, savannaSun, slotConfigs } from './configs.ts';
import { compileSlot } from './engine.ts';
import { computeRtp, enumerateRtp, type SlotRtp } from './rtp.ts';
import { simulateRtp } from './simulate.ts';
import { toySlot } from './toy-slot.ts';

const parts = ['base', 'scatter', 'freeSpins', 'total', 'freeSpinTrigger', 'freeSpinsAwardedPerSpin', 'freeSpinsPerPaidSpin'] as const;

function expectSameRtp(a: SlotRtp, b: SlotRtp): void {
  for (const part of parts) expect(sameFraction(a[part], b[part]), part).toBe(true);
}

const ratio = (f: Fraction) => `${f.num}/${f.den}`;

describe('computeRtp', () => {
  it('agrees exactly with evaluating every stop combination of the toy slot', () => {
    const exact = computeRtp(toySlot);
    expectSameRtp(exact, enumerateRtp(toySlot));
    expect(exact.total.value).toBeGreaterThan(0);
  });

  it('agrees with enumeration when a single symbol pays, so no line can be skipped early', () => {
    const generous = { ...toySlot, symbols: toySlot.symbols.map((s) => (s.id === 'A' ? { ...s, pays: { 1: 1, ...s.pays } } : s)) };
    expect(compileSlot(generous).openers).toBeNull();
    expect(compileSlot(toySlot).openers).not.toBeNull();
    expectSameRtp(computeRtp(generous), enumerateRtp(generous));
  });

  it('gives each configuration its documented exact return, between 94% and 97% and all different', () => {
    const jungle = computeRtp(jungleGems);
    expect(ratio(jungle.total)).toBe('24403039418883/25405680670216'); // 96.0535%
    expect(ratio(jungle.base)).toBe('2115543/2621608'); // 80.6964%
    expect(ratio(jungle.scatter)).toBe('23733/1310804'); // 1.8106%
    expect(ratio(jungle.freeSpins)).toBe('1720792624995/12702840335108'); // 13.5465%
    const carnival = computeRtp(carnivalNights);
    expect(ratio(carnival.total)).toBe('100812187682341/105764757780000'); // 95.3174%
    const savanna = computeRtp(savannaSun);
    expect(ratio(savanna.total)).toBe('19523327/20623650'); // 94.6648%
    const totals = slotConfigs.map((c) => computeRtp(c).total.value);
    for (const total of totals) {
      expect(total).toBeGreaterThan(0.94);
      expect(total).toBeLessThan(0.97);
    }
    expect(new Set(totals.map((t) => t.toFixed(3))).size).toBe(3);
  });

  it('adds up: total = base + scatter + free spins, free spins = a/(1-a) × multiplier × (base + scatter)', () => {
    for (const config of slotConfigs) {
      const r = computeRtp(config);
      expect(r.total.value).toBeCloseTo(r.base.value + r.scatter.value + r.freeSpins.value, 14);
      const a = r.freeSpinsAwardedPerSpin.value;
      expect(r.freeSpins.value).toBeCloseTo((a / (1 - a)) * config.freeSpins.multiplier * (r.base.value + r.scatter.value), 14);
    }
  });

  // Each full enumeration evaluates 31-45 million spins (about 10 s); run with SLOT_FULL_ENUMERATION=1.
  it.runIf(process.env.SLOT_FULL_ENUMERATION)(
    'agrees exactly with full enumeration of every configuration',
    () => {
      for (const config of slotConfigs) expectSameRtp(computeRtp(config), enumerateRtp(config));
    },
    120_000,
  );
});

describe('simulateRtp', () => {
  it('is deterministic for a seed', () => {
    expect(simulateRtp(toySlot, 5000, 'seed-1')).toEqual(simulateRtp(toySlot, 5000, 'seed-1'));
    expect(simulateRtp(toySlot, 5000, 'seed-1')).not.toEqual(simulateRtp(toySlot, 5000, 'seed-2'));
  });

  it('agrees with the exact toy RTP, free-spin retriggers included, within 4 standard errors', () => {
    const exact = computeRtp(toySlot);
    const sim = simulateRtp(toySlot, 200_000, 'toy-check');
    expect(Math.abs(sim.total - exact.total.value)).toBeLessThan(4 * sim.standardError);
    // Free spins per round (a retriggering branching process) have a standard deviation near 2: 0.025 is ~5 standard errors.
    expect(Math.abs(sim.freeSpins / sim.spins - exact.freeSpinsPerPaidSpin.value)).toBeLessThan(0.025);
  });

  it('agrees with the exact RTP of every configuration over 300 000 spins', () => {
    for (const config of slotConfigs) {
      const exact = computeRtp(config);
      const sim = simulateRtp(config, 300_000, `check-${config.id}`);
      expect(Math.abs(sim.total - exact.total.value), config.id).toBeLessThan(4 * sim.standardError);
      expect(Math.abs(sim.freeSpinTriggers / sim.spins - exact.freeSpinTrigger.value), config.id).toBeLessThan(0.001);
    }
  });
});
