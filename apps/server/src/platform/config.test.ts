import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs without the stake gate only in development mode, as the bench reference', () => {
    expect(loadConfig({ BENCH_WITHOUT_STAKE_GATE: '1' }).benchWithoutStakeGate).toBe(true);
    expect(loadConfig({}).benchWithoutStakeGate).toBe(false);
    expect(() => loadConfig({ BENCH_WITHOUT_STAKE_GATE: '1', APP_MODE: 'demo' })).toThrow(/refused outside/);
    expect(() => loadConfig({ BENCH_WITHOUT_STAKE_GATE: '1', NODE_ENV: 'production' })).toThrow(/refused outside/);
  });

  it('runs without the ledger feed’s consumers only in development mode, as the bench reference', () => {
    expect(loadConfig({ BENCH_WITHOUT_FEED: '1' }).benchWithoutFeed).toBe(true);
    expect(loadConfig({}).benchWithoutFeed).toBe(false);
    expect(() => loadConfig({ BENCH_WITHOUT_FEED: '1', APP_MODE: 'demo' })).toThrow(/refused outside/);
    expect(() => loadConfig({ BENCH_WITHOUT_FEED: '1', NODE_ENV: 'production' })).toThrow(/refused outside/);
  });
});
