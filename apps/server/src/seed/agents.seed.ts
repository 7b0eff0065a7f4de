import type { ContractTerms } from '@platform/contract';
import { assignPrizeGroup } from '../modules/agents/agents.service.ts';
import { grantTopContract } from '../modules/agents/contracts.service.ts';
import { memberByAccount } from '../modules/members/members.service.ts';
import type { Db } from '../platform/db.ts';
import { demoAccounts } from './members.seed.ts';

const dailySalary: ContractTerms = {
  kind: 'daily',
  tiers: [
    { turnover: 1000, activeMembers: 1, ratioBp: 50 },
    { turnover: 10_000, activeMembers: 3, ratioBp: 100 },
    { turnover: 100_000, activeMembers: 10, ratioBp: 150 },
  ],
};
const dividend: ContractTerms = {
  kind: 'dividend',
  period: 'H',
  basis: 'loss',
  carryOver: 'previous',
  tiers: [
    { threshold: 1000, activeMembers: 1, ratioBp: 1000 },
    { threshold: 50_000, activeMembers: 5, ratioBp: 2000 },
  ],
};

/**
 * The demo agent's side, through the agents' own services: its prize group and the platform's
 * daily-salary and dividend contracts in force, so it can open accounts and offer contracts below it.
 */
export async function seedDemoAgents(db: Db, merchantId: number): Promise<void> {
  const agent = await memberByAccount(db, merchantId, demoAccounts.agent.account);
  if (!agent) return;
  await assignPrizeGroup(db, agent, 1950);
  await grantTopContract(db, agent, dailySalary);
  await grantTopContract(db, agent, dividend);
}
