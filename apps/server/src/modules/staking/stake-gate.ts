import type { ErrorCode } from '@platform/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { maxBetOf, refuseOverMaxBet } from '../promotions/max-bet.service.ts';
import { gateRefusal } from './gate-refusal.ts';
import { groupGateCtes, noGateCte, playBlocked, reserveStake } from './staking.repository.ts';

/**
 * The one stake gate. The ledger calls it for every movement that stakes a member's money (a bet,
 * from any game or the lottery; a transfer into a vendor wallet), inside the statement or the
 * transaction that debits the stake, after the member's accounts are locked: it decides whether the
 * member may stake this amount now, and reserves what each policy counts. Check and reserve are one
 * step, so concurrent or group-written stakes can never pass a limit together.
 *
 * Policies, in order (the first refusal wins):
 * 1. play switched off on the account by an operator: APP_ERR_STAKE_PLAY_BLOCKED;
 * 2. a stake above the max bet of a bonus still wagering (promotions, decision 0025): APP_ERR_STAKE_MAX_BET;
 * 3. the member's own cool-off or self-exclusion: APP_ERR_STAKE_EXCLUDED;
 * 4. the member's loss limits (day, week, month): APP_ERR_STAKE_LOSS_LIMIT (reserves the stake as lost);
 * 5. the member's wager limits (day, week, month): APP_ERR_STAKE_WAGER_LIMIT (reserves the stake).
 * 3-5 are one UPDATE of the member's `stake_limits` row (responsible gaming writes its limits there);
 * a limit's refusal says which limit, what is left and when it resets (gate-refusal.ts).
 * A new policy is added in both forms below: `passGate` (one stake, in a transaction) and
 * `groupGateSql` (many stakes, in the ledger's group statement).
 */
export interface Stake {
  merchantId: number;
  memberId: number;
  /** Minor units, positive. */
  amount: number;
}

/** The codes the gate refuses with: whoever relays a wallet's answer passes them on as they are. */
const gateCodes: ReadonlySet<string> = new Set<ErrorCode>([
  'APP_ERR_STAKE_PLAY_BLOCKED',
  'APP_ERR_STAKE_MAX_BET',
  'APP_ERR_STAKE_EXCLUDED',
  'APP_ERR_STAKE_LOSS_LIMIT',
  'APP_ERR_STAKE_WAGER_LIMIT',
]);

export function isGateRefusal(code: unknown): code is ErrorCode {
  return typeof code === 'string' && gateCodes.has(code);
}

let removedForBench = false;

/**
 * The bench's reference only: this process stakes without the gate, so that `npm run bench` can set
 * the gate's cost beside the same server without it. The configuration refuses it outside
 * development mode (BENCH_WITHOUT_STAKE_GATE), and main.ts calls this before the first stake.
 */
export function removeGateForBench(): void {
  removedForBench = true;
}

/** One stake, in the transaction that debits it (the member's accounts already locked). */
export async function passGate(tx: Db, stake: Stake): Promise<void> {
  if (removedForBench) return;
  if (await playBlocked(tx, stake.memberId)) throw new AppError('APP_ERR_STAKE_PLAY_BLOCKED');
  await refuseOverMaxBet(tx, stake.memberId, stake.amount);
  const reserved = await reserveStake(tx, stake.merchantId, stake.memberId, stake.amount);
  if (reserved !== 'free' && reserved !== 'reserved') throw await gateRefusal(tx, stake, reserved);
}

/** Movement types whose member debit is a stake. */
export const stakeTypes: readonly string[] = ['bet'];

/**
 * The gate inside the ledger's group statement (see postPairs): CTEs that read `mb_in` (the items),
 * `mb_lock` (their accounts, locked) and `mb_seen` (items whose key is used), and give `sg_refused(i,
 * code)`, the stakes refused. Only stakes that would otherwise move (new key, affordable) are judged
 * and reserved; a limit's row is locked after the accounts, the order `passGate` follows too.
 */
const groupGate: SQL = groupGateCtes(stakeTypes, maxBetOf);
const noGate: SQL = noGateCte();

export function groupGateSql(): SQL {
  return removedForBench ? noGate : groupGate;
}
