// The shapes shared by bench/harness.mjs, scripts/bench.mjs and the figures written in TypeScript.

/** One round of one side: its throughput (or other value) and its p99 in ms when it has one. */
export interface Measure {
  value: number;
  p99?: number;
}

export interface Range {
  median: number;
  min: number;
  max: number;
}

/** Both sides of alternating rounds, summarised (harness.mjs alternate). */
export interface Comparison {
  figure: Range & { rounds: number[]; p99?: Range };
  reference: Range & { rounds: number[]; p99?: Range };
  ratio: Range;
  [extra: string]: unknown;
}

/** The pgbench reference (harness.mjs pgbenchReference). */
export interface Reference {
  name: string;
  round(seconds: number): Promise<Measure>;
}

export interface DatabaseFigureOptions {
  seconds: number;
  rounds: number;
  connections: number;
  reference: Reference;
  onRound?: (round: number, figure: Measure, reference: Measure) => void;
}
