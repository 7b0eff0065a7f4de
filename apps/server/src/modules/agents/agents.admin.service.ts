import type { AgentContract, ContractKind, OfferContractBody, PrizeGroupBody, TeamPage, TeamQuery } from '@platform/contract';
import { appendAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { type MemberRow, memberByAccount } from '../members/members.service.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { assignPrizeGroup, teamPageBelow } from './agents.service.ts';
import { contractsAround, grantTopContract, views } from './contracts.service.ts';

// What operators do with agents (the admin API: the back office does not exist yet). The guard has
// already checked the merchant is in the operator's scope; members are looked up in that merchant only.

async function memberOfMerchant(db: Db, code: string, account: string): Promise<{ merchant: Merchant; member: MemberRow }> {
  const merchant = await merchantByCode(db, code.toUpperCase());
  if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
  const member = await memberByAccount(db, merchant.id, account);
  if (!member) throw new AppError('APP_ERR_NOT_FOUND', [{ field: 'account', message: 'error.not_found' }]);
  return { merchant, member };
}

export async function adminTree(db: Db, code: string, q: TeamQuery & { root: string }): Promise<TeamPage> {
  const { member } = await memberOfMerchant(db, code, q.root);
  return teamPageBelow(db, member, q);
}

export async function adminContracts(
  db: Db,
  code: string,
  q: { account: string; kind?: ContractKind; side: 'mine' | 'team' },
): Promise<AgentContract[]> {
  const { member } = await memberOfMerchant(db, code, q.account);
  return contractsAround(db, member, q);
}

export async function adminGrantContract(db: Db, operator: string, code: string, body: OfferContractBody): Promise<AgentContract> {
  const { merchant, member } = await memberOfMerchant(db, code, body.account);
  // Below the top, contracts come from the direct upline, never from the platform.
  if (member.uplineId !== null) throw new AppError('APP_ERR_AGENT_NOT_DIRECT', [{ field: 'account', message: 'error.agent_not_direct' }]);
  const row = await grantTopContract(db, member, body.terms, {
    audit: (tx, contract) =>
      appendAudit(tx, {
        operator,
        action: 'agents.contract',
        merchantId: merchant.id,
        target: `member:${member.account}`,
        reason: '',
        details: { contract: contract.id, terms: body.terms },
      }),
  });
  return (await views(db, [row]))[0] as AgentContract;
}

export async function adminSetPrizeGroup(
  db: Db,
  operator: string,
  code: string,
  body: PrizeGroupBody,
): Promise<{ account: string; prizeGroup: number }> {
  const { merchant, member } = await memberOfMerchant(db, code, body.account);
  await assignPrizeGroup(db, member, body.prizeGroup, (tx) =>
    appendAudit(tx, {
      operator,
      action: 'agents.prize_group',
      merchantId: merchant.id,
      target: `member:${member.account}`,
      reason: '',
      details: { prizeGroup: body.prizeGroup },
    }),
  );
  return { account: member.account, prizeGroup: body.prizeGroup };
}
