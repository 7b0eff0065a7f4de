import { type ContractTerms, memberTypes, toMinor } from '@platform/contract';
import { assignPrizeGroup } from '../modules/agents/agents.service.ts';
import { ledgerFigures } from '../modules/agents/bills.service.ts';
import { actOnContract, grantTopContract, offerContract } from '../modules/agents/contracts.service.ts';
import { dailySalaryJob } from '../modules/agents/settlement.jobs.ts';
import { loadAuthConfig } from '../modules/auth/auth.config.ts';
import { PasswordHasher } from '../modules/auth/passwords.ts';
import { createMember, memberByAccount } from '../modules/members/members.service.ts';
import type { Merchant } from '../modules/merchants/merchants.service.ts';
import { houseAccount, memberAccount, post } from '../modules/wallet/ledger.service.ts';
import { appendAudit } from '../platform/audit.ts';
import type { Db } from '../platform/db.ts';
import { runDuePeriods } from '../platform/jobs.ts';
import { periodAt } from '../platform/periods.ts';
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

/**
 * A demo line with play and one settled day, on the merchants listed: a sub-agent under the demo
 * agent (same demo password) holding the demo agent's daily-salary and dividend offers, signed;
 * three funded players, two below the sub-agent, who bet and win in whole units of the currency;
 * then the day's daily salary settled by its period job (the platform pays the demo agent, which
 * pays the sub-agent its bill). The period is the seeding day itself, so a fresh start shows a bill,
 * its commission log and income at once; play later that day is not in it (demo data only).
 * Brazil's demo agent keeps its seeded team as it is (the tests and journeys count it).
 */
const demoTeams: Record<string, { stakes: Record<string, [stake: number, win: number][]> }> = {
  UEMOA: {
    stakes: {
      demoteam1: [
        [2000, 1500],
        [2000, 0],
        [2000, 1500],
        [2000, 0],
        [2000, 1500],
        [2000, 1500],
      ],
      demoteam2: [
        [1500, 2000],
        [1500, 0],
        [1500, 2000],
        [1500, 0],
      ],
      demoteam3: [
        [3000, 0],
        [3000, 4500],
        [3000, 0],
      ],
    },
  },
};

const subAgentSalary: ContractTerms = {
  kind: 'daily',
  tiers: [
    { turnover: 1000, activeMembers: 1, ratioBp: 40 },
    { turnover: 10_000, activeMembers: 2, ratioBp: 80 },
  ],
};
const subAgentDividend: ContractTerms = { ...dividend, tiers: [{ threshold: 1000, activeMembers: 1, ratioBp: 800 }] } as ContractTerms;

export async function seedDemoAgentPlay(db: Db, merchant: Merchant, now: Date): Promise<void> {
  const team = demoTeams[merchant.code];
  const agent = await memberByAccount(db, merchant.id, demoAccounts.agent.account);
  if (!team || !agent) return;
  const hasher = new PasswordHasher(loadAuthConfig().passwordHash);
  const language = merchant.langList[0] ?? 'EN';
  const sub = await createMember(db, {
    merchantId: merchant.id,
    account: 'demosubagent',
    nickname: 'Demo Sub-agent',
    type: memberTypes.agent,
    uplineId: agent.id,
    language,
    passwordHash: await hasher.hash(demoAccounts.agent.password),
    passwordChangedAt: now,
    createdAt: now,
  });
  await assignPrizeGroup(db, sub, 1900);
  for (const terms of [subAgentSalary, subAgentDividend]) {
    const offered = await offerContract(db, agent, { account: sub.account, terms }, now);
    await actOnContract(db, sub, offered.id, 'sign', now);
  }
  const games = await houseAccount(db, merchant.id, 'games', merchant.currency);
  for (const [account, plays] of Object.entries(team.stakes)) {
    const player = await createMember(db, {
      merchantId: merchant.id,
      account,
      nickname: account,
      type: memberTypes.player,
      uplineId: account === 'demoteam3' ? agent.id : sub.id,
      language,
      createdAt: now,
    });
    const main = await memberAccount(db, merchant.id, player.id, 'main', merchant.currency);
    const funds = toMinor(50_000, merchant.currency);
    const funded = await post(db, {
      merchantId: merchant.id,
      type: 'adjustment',
      idempotencyKey: `seed:demo-team-funds:${player.id}`,
      reference: { reason: 'demo funds' },
      postings: [
        { accountId: main, amount: funds },
        { accountId: await houseAccount(db, merchant.id, 'adjustments', merchant.currency, player.id), amount: -funds },
      ],
    });
    await appendAudit(db, {
      operator: 'seed',
      action: 'ledger.adjust',
      merchantId: merchant.id,
      target: `member:${player.id}`,
      reason: 'demo funds',
      details: { amount: funds, transactionId: funded.transactionId },
    });
    for (const [stake, win] of plays) {
      for (const [type, amount] of [
        ['bet', toMinor(stake, merchant.currency)],
        ['win', toMinor(win, merchant.currency)],
      ] as const) {
        if (amount === 0) continue;
        await post(db, {
          merchantId: merchant.id,
          type,
          reference: { category: 'SLOT' },
          postings: [
            { accountId: type === 'bet' ? main : games, amount: -amount },
            { accountId: type === 'bet' ? games : main, amount },
          ],
        });
      }
    }
  }
  // The seeding day's salary, by the job itself (so the period is marked done for every node); read
  // from the ledger, as the statistics consumer has not run inside the seed's transaction.
  const today = periodAt('day', merchant.timeZone, now);
  for (const o of await runDuePeriods(db, dailySalaryJob(merchant, ledgerFigures), today.end)) {
    if (o.outcome === 'failed') throw new Error(`demo settlement failed: ${o.error}`);
  }
}
