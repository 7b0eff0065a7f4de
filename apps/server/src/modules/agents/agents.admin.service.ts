import {
  type AdminAgent,
  type AdminAgentListQuery,
  type AdminAgentPage,
  type AdminAgentProfile,
  type AgentContract,
  agentTypes,
  type ContractKind,
  type OfferContractBody,
  type PrizeGroupBody,
  prizeGroups,
  rebateBpOf,
  type TeamPage,
  type TeamQuery,
} from '@platform/contract';
import { appendAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { accountsOf, type MemberRow, memberByAccount } from '../members/members.service.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { countTeam, findAgentsPage, findPrizeGroup, findUplineIds } from './agents.repository.ts';
import { assignPrizeGroup, teamPageBelow } from './agents.service.ts';
import { contractsAround, grantTopContract, views } from './contracts.service.ts';

// What operators do with agents (the admin API and the back office's Agents screen). The guard has
// already checked the merchant is in the operator's scope; members are looked up in that merchant only.

async function memberOfMerchant(db: Db, code: string, account: string): Promise<{ merchant: Merchant; member: MemberRow }> {
  const merchant = await merchantByCode(db, code.toUpperCase());
  if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
  const member = await memberByAccount(db, merchant.id, account);
  if (!member) throw new AppError('APP_ERR_NOT_FOUND', [{ field: 'account', message: 'error.not_found' }]);
  return { merchant, member };
}

type AgentFigures = Omit<AdminAgent, 'upline' | 'rebateBp' | 'prizeGroup'> & { prizeGroup: number | null; uplineId: number | null };

function agentView(row: AgentFigures, names: Map<number, string>): AdminAgent {
  const prizeGroup = row.prizeGroup ?? prizeGroups.min;
  const { uplineId, ...rest } = row;
  return { ...rest, prizeGroup, rebateBp: rebateBpOf(prizeGroup), upline: (uplineId && names.get(uplineId)) || '' };
}

/** A merchant's agents (all, or those whose account contains the text), with team counts. */
export async function adminAgents(db: Db, code: string, q: AdminAgentListQuery): Promise<AdminAgentPage> {
  const merchant = await merchantByCode(db, code.toUpperCase());
  if (!merchant) throw new AppError('APP_ERR_MERCHANT_UNKNOWN');
  const { rows, total } = await findAgentsPage(db, {
    merchantId: merchant.id,
    types: agentTypes,
    search: q.account || undefined,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  });
  const names = await accountsOf(
    db,
    rows.flatMap((r) => (r.uplineId ? [r.uplineId] : [])),
  );
  return {
    content: rows.map((r) =>
      agentView(
        {
          account: r.account,
          isAgent: r.type,
          prizeGroup: r.prizeGroup,
          uplineId: r.uplineId,
          teamSize: r.teamSize,
          directCount: r.directCount,
          createdAt: r.createdAt.getTime(),
          lastLoginAt: r.lastLoginAt?.getTime() ?? null,
        },
        names,
      ),
    ),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalElements: total,
    totalPages: Math.ceil(total / q.pageSize),
  };
}

/** One member of the merchant with its team counts and the line above it (top first). */
export async function adminAgentProfile(db: Db, code: string, account: string): Promise<AdminAgentProfile> {
  const { member } = await memberOfMerchant(db, code, account);
  const [prizeGroup, counts, uplineIds] = await Promise.all([
    findPrizeGroup(db, member.id),
    countTeam(db, member.id),
    findUplineIds(db, member.id),
  ]);
  const names = await accountsOf(db, uplineIds);
  return {
    ...agentView(
      {
        account: member.account,
        isAgent: member.type,
        prizeGroup: prizeGroup ?? null,
        uplineId: member.uplineId,
        teamSize: counts.team,
        directCount: counts.direct,
        createdAt: member.createdAt.getTime(),
        lastLoginAt: member.lastLoginAt?.getTime() ?? null,
      },
      names,
    ),
    uplinePath: uplineIds.map((id) => names.get(id) ?? ''),
  };
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
