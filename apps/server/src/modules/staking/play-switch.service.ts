import { appendAudit } from '../../platform/audit.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { restrictionOf, setRestrictionFlag } from './staking.repository.ts';

/** The switches of a member's account an operator turns off and on (decisions 0027 and 0048). */
export type AccountFlag = 'login' | 'deposit' | 'withdraw' | 'play';

export interface AccountFlags {
  canLogin: boolean;
  canDeposit: boolean;
  canWithdraw: boolean;
  canPlay: boolean;
  /** The reason of the last change ('' while every switch is on). */
  reason: string;
}

const flagKeys = { login: 'canLogin', deposit: 'canDeposit', withdraw: 'canWithdraw', play: 'canPlay' } as const;
const allOn: AccountFlags = { canLogin: true, canDeposit: true, canWithdraw: true, canPlay: true, reason: '' };
const anyOff = (f: Omit<AccountFlags, 'reason'>) => !(f.canLogin && f.canDeposit && f.canWithdraw && f.canPlay);

/**
 * Turns one switch of a member's account off or on, with a reason; the change and its reason are one
 * audit line (`member.<flag>`), written in the same transaction. Off: `play` has the stake gate refuse
 * every stake (APP_ERR_STAKE_PLAY_BLOCKED); `deposit` and `withdraw` have those routes refuse new
 * requests; `login` has login refuse the member (the caller ends the member's sessions in `then`, in
 * the same transaction). Each takes effect with the transaction's commit.
 */
export async function switchFlag(
  db: Db,
  operator: string,
  member: { id: number; merchantId: number },
  flag: AccountFlag,
  on: boolean,
  reason: string,
  then?: (tx: Db) => Promise<void>,
): Promise<AccountFlags> {
  return inTransaction(db, async (tx) => {
    // The row locked first (when there is one), so the audit line's `before` is the value this change replaced.
    const old = await restrictionOf(tx, member.id, true);
    const before = old ? old[flagKeys[flag]] : true;
    const row = await setRestrictionFlag(tx, member.id, flag, on, reason);
    await appendAudit(tx, {
      operator,
      action: `member.${flag}`,
      merchantId: member.merchantId,
      target: `member:${member.id}`,
      reason,
      details: { [flagKeys[flag]]: on, before },
    });
    await then?.(tx);
    return { canLogin: row.canLogin, canDeposit: row.canDeposit, canWithdraw: row.canWithdraw, canPlay: row.canPlay, reason: row.reason };
  });
}

/**
 * An operator's switch of a member's play (decision 0027): off, the stake gate refuses every stake of
 * the member on every path (APP_ERR_STAKE_PLAY_BLOCKED) while deposits, withdrawals and sign-in go on.
 */
export async function switchPlay(
  db: Db,
  operator: string,
  member: { id: number; merchantId: number },
  canPlay: boolean,
  reason: string,
): Promise<{ canPlay: boolean; reason: string }> {
  const flags = await switchFlag(db, operator, member, 'play', canPlay, reason);
  return { canPlay: flags.canPlay, reason };
}

/** Every switch of the member's account, and the last reason while one is off. */
export async function accountFlagsOf(db: Db, memberId: number): Promise<AccountFlags> {
  const row = await restrictionOf(db, memberId);
  if (!row) return allOn;
  const flags = { canLogin: row.canLogin, canDeposit: row.canDeposit, canWithdraw: row.canWithdraw, canPlay: row.canPlay };
  return { ...flags, reason: anyOff(flags) ? row.reason : '' };
}

/** Whether the member may play, and why not when not. */
export async function playSwitchOf(db: Db, memberId: number): Promise<{ canPlay: boolean; reason: string }> {
  const row = await restrictionOf(db, memberId);
  return { canPlay: row?.canPlay ?? true, reason: row?.canPlay === false ? row.reason : '' };
}

const refusals = {
  login: 'APP_ERR_AUTH_LOGIN_BLOCKED',
  deposit: 'APP_ERR_PAYMENT_DEPOSIT_BLOCKED',
  withdraw: 'APP_ERR_PAYMENT_WITHDRAW_BLOCKED',
} as const;

/** Refuses a login, deposit or withdrawal an operator switched off on the member's account (403, translated). */
export async function refuseSwitchedOff(db: Db, memberId: number, flag: keyof typeof refusals): Promise<void> {
  const row = await restrictionOf(db, memberId);
  if (!row) return;
  const on = flag === 'login' ? row.canLogin : flag === 'deposit' ? row.canDeposit : row.canWithdraw;
  if (!on) throw new AppError(refusals[flag]);
}
