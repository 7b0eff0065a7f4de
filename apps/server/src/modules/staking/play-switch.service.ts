import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { restrictionOf, setRestriction } from './staking.repository.ts';

/**
 * An operator's switch of a member's play (decision 0027): off, the stake gate refuses every stake of
 * the member on every path (APP_ERR_STAKE_PLAY_BLOCKED) while deposits, withdrawals and sign-in go on.
 * The change and its reason are one audit line, written in the same transaction.
 */
export async function switchPlay(
  db: Db,
  operator: string,
  member: { id: number; merchantId: number },
  canPlay: boolean,
  reason: string,
): Promise<{ canPlay: boolean; reason: string }> {
  return inTransaction(db, async (tx) => {
    const before = await restrictionOf(tx, member.id);
    await setRestriction(tx, member.id, {
      canPlay,
      canDeposit: before?.canDeposit ?? true,
      canWithdraw: before?.canWithdraw ?? true,
      reason,
    });
    await appendAudit(tx, {
      operator,
      action: 'member.play',
      merchantId: member.merchantId,
      target: `member:${member.id}`,
      reason,
      details: { canPlay, before: before?.canPlay ?? true },
    });
    return { canPlay, reason };
  });
}

/** Whether the member may play, and why not when not. */
export async function playSwitchOf(db: Db, memberId: number): Promise<{ canPlay: boolean; reason: string }> {
  const row = await restrictionOf(db, memberId);
  return { canPlay: row?.canPlay ?? true, reason: row?.canPlay === false ? row.reason : '' };
}
