import {
  type AgentContract,
  type AgentProfile,
  agentPaths,
  type BillKind,
  type BillPage,
  type BillStatus,
  type CommissionPage,
  type ContractKind,
  type ContractTerms,
  contractPaths,
  type DownlineType,
  type Income,
  type OpenedAccount,
  type PromoLink,
  settlementPaths,
  type TeamOverview,
  type TeamPage,
  type TeamProfitPage,
} from '@platform/contract';
import { apiGetAt, apiSend } from '../../api/client.ts';
import type { PeriodQuery } from '../member/money-api.ts';

/** The agent centre's calls (packages/contract agents.ts): the server refuses every one of them to a non-agent. */

export const agentProfile = () => apiGetAt<AgentProfile>(agentPaths.profile);

export const teamOverview = (q: PeriodQuery) => apiGetAt<TeamOverview>(agentPaths.overview, { query: { ...q } });

export const teamProfit = (q: PeriodQuery & { account?: string; pageNo: number; pageSize: number }) =>
  apiGetAt<TeamProfitPage>(agentPaths.profit, { query: { ...q } });

export const teamPage = (q: { parent?: string; account?: string; pageNo: number; pageSize: number }) =>
  apiGetAt<TeamPage>(agentPaths.team, { query: q });

export const openAccount = (body: { type: DownlineType; account: string; prizeGroup: number }) =>
  apiSend<OpenedAccount>(agentPaths.openAccount, body);

export const setPrizeGroup = (body: { account: string; prizeGroup: number }) =>
  apiSend<{ account: string; prizeGroup: number }>(agentPaths.prizeGroup, body, { method: 'PUT' });

export const promoLinks = () => apiGetAt<PromoLink[]>(agentPaths.promoLinks);

export const createPromoLink = (body: { type: DownlineType; prizeGroup: number; validDays?: number }) =>
  apiSend<PromoLink>(agentPaths.promoLinks, body);

export const switchPromoLink = (id: number, enabled: boolean) =>
  apiSend<PromoLink>(agentPaths.promoLink, { enabled }, { method: 'PUT', params: { id } });

export const contracts = (side: 'mine' | 'team', kind?: ContractKind) =>
  apiGetAt<AgentContract[]>(contractPaths.contracts, { query: { side, kind } });

export const offerContract = (body: { account: string; terms: ContractTerms }) => apiSend<AgentContract>(contractPaths.contracts, body);

export type ContractAction = 'sign' | 'reject' | 'withdraw' | 'terminate';
export const actOnContract = (id: number, action: ContractAction) =>
  apiSend<AgentContract>(contractPaths.contractAction, undefined, { params: { id, action } });

/** The address a promo link hands out: the registration page with the link's code as referral code. */
export const promoLinkUrl = (origin: string, code: string) => `${origin}/register?referralCode=${encodeURIComponent(code)}`;

// Settlement: bills of salary and dividend periods, the commission lines each adds up from, income.

export const bills = (q: PeriodQuery & { kind?: BillKind; status?: BillStatus; side: 'mine' | 'team'; pageNo: number; pageSize: number }) =>
  apiGetAt<BillPage>(settlementPaths.bills, { query: { ...q } });

export const commissions = (q: { billId: number; pageNo: number; pageSize: number }) =>
  apiGetAt<CommissionPage>(settlementPaths.commissions, { query: q });

export const income = (q: PeriodQuery) => apiGetAt<Income>(settlementPaths.income, { query: { ...q } });
