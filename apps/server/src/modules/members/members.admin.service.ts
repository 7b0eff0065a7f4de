import { countLimitOf, type MemberProfile, type MemberRowView, type MemberSearchQuery } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { accountFlagsOf } from '../staking/play-switch.service.ts';
import { walletBalance } from '../wallet/wallet.service.ts';
import { searchMembers } from './members.repository.ts';
import type { MemberRow } from './members.tables.ts';

// The back office's view of players: the search and a player's profile with balances (decision 0027).

function rowView(m: MemberRow, merchantCode: string): MemberRowView {
  return {
    id: m.id,
    merchant: merchantCode,
    account: m.account,
    nickname: m.nickname,
    mobile: m.mobile,
    type: m.type,
    createdAt: m.createdAt.getTime(),
    lastLoginAt: m.lastLoginAt?.getTime() ?? null,
  };
}

/**
 * A page of the search within `merchants` (the operator's scope, or the one merchant named). An
 * operator sees full contact details: they act on the player's account, as support does.
 */
export async function memberSearch(db: Db, merchants: Merchant[], query: MemberSearchQuery) {
  const codes = new Map(merchants.map((m) => [m.id, m.code]));
  const cap = countLimitOf(query.page, query.pageSize);
  const { rows, total } = await searchMembers(
    db,
    { merchantIds: [...codes.keys()], q: query.q },
    { limit: query.pageSize, offset: query.page * query.pageSize, cap },
  );
  return { list: rows.map((m) => rowView(m, codes.get(m.merchantId) ?? '')), total, capped: total >= cap };
}

/** A player's profile, every wallet's balance in the merchant's currency, and the account's switches. */
export async function memberProfile(db: Db, merchant: Merchant, m: MemberRow): Promise<MemberProfile> {
  const [balance, flags] = await Promise.all([walletBalance(db, m, merchant.currency), accountFlagsOf(db, m.id)]);
  return {
    ...rowView(m, merchant.code),
    email: m.email,
    payeeName: m.payeeName,
    registerIp: m.registerIp,
    lastLoginIp: m.lastLoginIp,
    currency: merchant.currency,
    balance,
    canPlay: flags.canPlay,
    playOffReason: flags.canPlay ? '' : flags.reason,
    canLogin: flags.canLogin,
    canDeposit: flags.canDeposit,
    canWithdraw: flags.canWithdraw,
    restrictionReason: flags.reason,
    mustChangePassword: m.mustChangePassword,
  };
}
