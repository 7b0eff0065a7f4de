// Pure game mathematics, shared by the server (settlement) and the site (bet slips, verification).
// Each family is its own namespace so names such as `payout` never collide across families.
export * as fair from './fair/index.ts';
export * as lottery from './lottery/index.ts';
export * as slots from './slots/index.ts';
