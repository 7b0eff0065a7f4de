export { carnivalNights, jungleGems, replaySlotRound, savannaSun, slotConfigById, slotConfigs, twentyLines } from './configs.ts';
export type { CompiledSlot, LineWin, SlotConfig, SlotReplay, SlotRound, SlotSymbol, SpinOutcome, SymbolKind } from './engine.ts';
export {
  assertBetPerLine,
  assertStops,
  compileSlot,
  countScatters,
  drawStops,
  evaluate,
  fillWindow,
  playSlot,
  replaySlot,
  scoreLine,
  scoreLines,
  slotReplayOf,
  verifySlot,
} from './engine.ts';
export type { SlotRtp } from './rtp.ts';
export { computeRtp, enumerateRtp } from './rtp.ts';
export type { SimulatedRtp } from './simulate.ts';
export { SIMULATION_CLIENT_SEED, simulateRtp } from './simulate.ts';
