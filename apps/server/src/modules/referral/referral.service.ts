import { randomInt } from 'node:crypto';
import { isModuleEnabled, moduleIds, type ReferralStatus, toAmount } from '@platform/contract';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { promoLinkFor } from '../agents/agents.service.ts';
import { affiliateOwner } from '../members/members.service.ts';
import { type Merchant, merchantById } from '../merchants/merchants.service.ts';
import { mayOffer } from '../promotions/market-rules.ts';
import { grantBonus } from '../promotions/wagering.service.ts';
import { dailyStatistics } from '../statistics/statistics.service.ts';
import { catchUp } from '../wallet/ledger.feed.ts';
import { publishBalances } from '../wallet/wallet.service.ts';
import {
  codeOfMember,
  enabledPrograms,
  friendsOf,
  insertCode,
  insertReferral,
  ownerOfCode,
  programOf,
  qualifiedUnpaid,
  type ReferralProgramRow,
  setRewardTransaction,
  takeReward,
  upsertProgram,
} from './referral.repository.ts';

// Invite friends (decision 0036): each member has an invite code; a friend registering with it is
// recorded under the member (not as an agent's downline: agents' promo links and affiliate codes
// are looked up first and keep their meaning). When the friend's deposits, read from the daily
// statistics the ledger feed keeps, reach the programme's minimum, the member is paid once: a
// conditional UPDATE takes the friend's row and the ledger movement is written under the key
// `bonus:referral:<friend>` in the same transaction. A job does it each minute; the referral page
// does it for the member's friends when opened. The friend gets nothing from it, so no market rule
// against pre-bet bonuses is met by the friend; for the referrer, where the market forbids bonuses
// (Brazil) the reward is cash without wagering.

const DAY = 86_400_000;
const WAGER_DAYS = 14;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Whether the merchant runs the programme: its referral switch on and a programme enabled. */
async function runningProgram(db: Db, merchant: Merchant): Promise<ReferralProgramRow | undefined> {
  if (!isModuleEnabled(merchant.whitelabel, moduleIds.referralPromo)) return undefined;
  const program = await programOf(db, merchant.id);
  return program?.enabled ? program : undefined;
}

export async function setProgram(
  db: Db,
  merchantId: number,
  p: { minDeposit: number; reward: number; wageringMultiple: number; enabled?: boolean },
): Promise<void> {
  for (const v of [p.minDeposit, p.reward, p.wageringMultiple]) {
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`a referral programme's figures are whole and not negative: ${v}`);
  }
  await upsertProgram(db, {
    merchantId,
    enabled: p.enabled ?? true,
    minDeposit: p.minDeposit,
    reward: p.reward,
    wageringMultiple: p.wageringMultiple,
  });
}

/** A member's invite code, made on first use: 9 characters, none an agent's code or link of the merchant. */
export async function inviteCodeOf(db: Db, merchantId: number, memberId: number): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const existing = await codeOfMember(db, memberId);
    if (existing) return existing;
    const code = Array.from({ length: 9 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if ((await promoLinkFor(db, merchantId, code)) || (await affiliateOwner(db, merchantId, code))) continue;
    if (await insertCode(db, merchantId, memberId, code)) return code;
  }
  throw new Error('no free invite code');
}

/** The member whose invite code this is (when the merchant runs the programme). */
export async function referrerOf(db: Db, merchant: Merchant, code: string): Promise<number | undefined> {
  if (!isModuleEnabled(merchant.whitelabel, moduleIds.referralPromo)) return undefined;
  return ownerOfCode(db, merchant.id, code);
}

/** Records a friend registered with a member's code (in the registration's transaction). */
export async function recordReferral(db: Db, merchantId: number, friendId: number, referrerId: number, now: Date): Promise<void> {
  if (friendId === referrerId) throw new AppError('APP_ERR_AUTH_INVITATION_CODE_INVALID');
  await insertReferral(db, { merchantId, friendId, referrerId, createdAt: now });
}

/**
 * Pays the referrers of friends whose deposits qualify (all of the merchant's, or one referrer's):
 * each friend in its own transaction, taken by a conditional UPDATE, so a friend pays once whoever
 * runs at the same time. Answers how many were paid.
 */
export async function payReferrals(db: Db, merchant: Merchant, only?: { referrerId: number }, now = new Date()): Promise<number> {
  const program = await runningProgram(db, merchant);
  if (!program || program.reward <= 0) return 0;
  const cashOnly = !mayOffer(merchant, 'first_deposit');
  const multiple = cashOnly ? 0 : program.wageringMultiple;
  let paid = 0;
  for (const q of await qualifiedUnpaid(db, merchant.id, program.minDeposit, only?.referrerId)) {
    const members = await inTransaction(db, async (tx) => {
      const taken = await takeReward(tx, q.friendId, program.reward, now);
      if (!taken) return [];
      const g = await grantBonus(tx, {
        merchant,
        memberId: taken.referrerId,
        grantKey: `referral:${q.friendId}`,
        title: 'referral',
        amount: program.reward,
        required: program.reward * multiple,
        contributions: { '*': 100 },
        maxBet: null,
        expiresAt: new Date(now.getTime() + WAGER_DAYS * DAY),
        reference: { referral: q.friendId },
      });
      await setRewardTransaction(tx, q.friendId, g.transactionId);
      return g.granted ? g.members : [];
    });
    if (members.length) {
      paid++;
      await publishBalances(db, members);
    }
  }
  return paid;
}

/** The job's work: every running programme's qualified friends paid, after the statistics caught up. */
export async function runReferralRewards(db: Db, now = new Date()): Promise<number> {
  await catchUp(db, dailyStatistics);
  let paid = 0;
  for (const program of await enabledPrograms(db)) {
    const merchant = await merchantById(db, program.merchantId);
    if (merchant) paid += await payReferrals(db, merchant, undefined, now);
  }
  return paid;
}

/** The referral page: the member's code and link, the programme, the friends (their rewards paid first). */
export async function referralStatus(db: Db, merchant: Merchant, memberId: number, now = new Date()): Promise<ReferralStatus> {
  const program = await runningProgram(db, merchant);
  if (!program) throw new AppError('APP_ERR_AUTH_FEATURE_DISABLED');
  await catchUp(db, dailyStatistics);
  await payReferrals(db, merchant, { referrerId: memberId }, now);
  const code = await inviteCodeOf(db, merchant.id, memberId);
  const friends = await friendsOf(db, memberId);
  const major = (minor: number) => toAmount(minor, merchant.currency);
  const cashOnly = !mayOffer(merchant, 'first_deposit');
  return {
    enabled: true,
    code,
    link: `/register?referralCode=${encodeURIComponent(code)}`,
    minDeposit: major(program.minDeposit),
    reward: major(program.reward),
    wageringMultiple: cashOnly ? 0 : program.wageringMultiple,
    friends: friends.map((f) => ({
      account: f.account,
      registeredAt: f.createdAt.getTime(),
      state: f.rewardedAt ? 'qualified' : f.deposits > 0 ? 'deposited' : 'registered',
      reward: f.reward === null ? null : major(f.reward),
      rewardedAt: f.rewardedAt?.getTime() ?? null,
    })),
    earned: major(friends.reduce((s, f) => s + (f.reward ?? 0), 0)),
  };
}
