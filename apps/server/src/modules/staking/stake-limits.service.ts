/**
 * What other modules may do with the stake gate's limits row: responsible gaming writes the limits
 * and exclusions the gate enforces, and reads what it counted.
 */
export { INDEFINITE, type StakeLimitsRow, stakeLimitsOf, writeExclusion, writeStakeLimits } from './staking.repository.ts';
