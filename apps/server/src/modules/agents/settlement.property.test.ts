import { type ContractTerms, toMinor } from '@platform/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember } from '../../../test/funds.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { type Database, type Db, queryRows } from '../../platform/db.ts';
import { runDuePeriods } from '../../platform/jobs.ts';
import { type Period, periodAt } from '../../platform/periods.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { createMember, type MemberRow } from '../members/members.service.ts';
import { insertMerchant } from '../merchants/merchants.repository.ts';
import { type Merchant, merchantByCode } from '../merchants/merchants.service.ts';
import { checkLedger, houseAccount, memberAccount, post } from '../wallet/ledger.service.ts';
import { ledgerFigures, recomputePeriod } from './bills.service.ts';
import { actOnContract, grantTopContract, offerContract } from './contracts.service.ts';
import { dailySalaryJob, dividendJob } from './settlement.jobs.ts';
import { apportion, dividendOutcome, share } from './settlement.rules.ts';

// For random trees, contracts and bets: every bill equals the tier formula worked out here from the
// generated tree (not from the closure table), the platform pays exactly the sum of what every agent
// keeps (the differences), commission lines add up to their bill, a period's job run again pays
// nothing, and the recomputation gives the same bills. The jobs read the ledger's figures here: the
// statistics' catch-up waits on every open transaction of the server, which a shared test server has
// plenty of (settlement.test.ts settles from the statistics and compares them with the ledger).

let database: Database;
let db: Db;
const bases: Record<string, Merchant> = {};
let runs = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoData(db, new Date());
  for (const code of ['BRAZIL', 'UEMOA']) bases[code] = (await merchantByCode(db, code)) as Merchant;
});
afterAll(() => database.close());

/** Tiers going up (thresholds and ratios strictly, members never down), every ratio at most `cap`. */
const tiersArb = (cap: number) =>
  fc
    .array(
      fc.record({
        step: fc.integer({ min: 1, max: 400 }),
        members: fc.integer({ min: 0, max: 2 }),
        ratio: fc.integer({ min: 1, max: 60 }),
      }),
      {
        minLength: 1,
        maxLength: 3,
      },
    )
    .map((steps) => {
      let threshold = 0;
      let members = 0;
      let ratio = 0;
      return steps.map((s) => {
        threshold += s.step;
        members += s.members;
        ratio += s.ratio;
        return { threshold, activeMembers: members, ratioBp: Math.min(ratio, cap) };
      });
    })
    .filter((tiers) => tiers.every((t, i) => i === 0 || t.ratioBp > (tiers[i - 1]?.ratioBp ?? 0)));

const caseArb = fc.record({
  base: fc.constantFrom('BRAZIL', 'UEMOA'),
  /** parents[i] is the upline of member i + 1 (member 0 is the top); agents[i] says whether member i is an agent. */
  parents: fc.array(fc.nat(), { minLength: 1, maxLength: 9 }),
  agents: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
  /** Whether each agent below the top takes the contracts its upline offers. */
  signs: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
  salary: tiersArb(300),
  dividend: tiersArb(3000),
  basis: fc.constantFrom('loss' as const, 'turnover' as const),
  bets: fc.array(fc.record({ stake: fc.integer({ min: 0, max: 200_000 }), win: fc.integer({ min: 0, max: 160_000 }) }), {
    minLength: 10,
    maxLength: 10,
  }),
  /** How much lower each downline's ratios are than its upline's (basis points). */
  cut: fc.integer({ min: 0, max: 20 }),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

const salaryTerms = (tiers: { threshold: number; activeMembers: number; ratioBp: number }[]): ContractTerms => ({
  kind: 'daily',
  tiers: tiers.map((t) => ({ turnover: t.threshold, activeMembers: t.activeMembers, ratioBp: t.ratioBp })),
});
const dividendTerms = (
  tiers: { threshold: number; activeMembers: number; ratioBp: number }[],
  basis: 'loss' | 'turnover',
): ContractTerms => ({
  kind: 'dividend',
  period: 'D',
  basis,
  carryOver: 'none',
  tiers,
});
/** The same tiers `cut` basis points lower (never below 1, still strictly increasing). */
const lower = (tiers: { threshold: number; activeMembers: number; ratioBp: number }[], cut: number) =>
  tiers.map((t, i) => ({ ...t, ratioBp: Math.max(i + 1, t.ratioBp - cut) }));

async function runCase(c: Case): Promise<void> {
  const run = ++runs;
  const { id: _id, ...base } = bases[c.base] as Merchant;
  const merchant = await insertMerchant(db, { ...base, code: `PROP${run}`, domains: [] });
  const scale = (major: number) => toMinor(major, merchant.currency);
  const n = c.parents.length + 1;
  const parent = (i: number) => (i === 0 ? -1 : (c.parents[i - 1] as number) % i);
  const isAgent = (i: number) => i === 0 || (c.agents[i] ?? false);
  // A player's downlines hang from the nearest agent above it instead (players have no team).
  const upline = (i: number): number => {
    let p = parent(i);
    while (p > 0 && !isAgent(p)) p = parent(p);
    return p;
  };
  const members: MemberRow[] = [];
  for (let i = 0; i < n; i++) {
    members.push(
      await createMember(db, {
        merchantId: merchant.id,
        account: `p${run}m${i}`,
        language: 'EN',
        type: isAgent(i) ? 1 : 0,
        uplineId: i === 0 ? null : (members[upline(i)] as MemberRow).id,
      }),
    );
    // Enough for any upline to pay its downlines: the partial payments are the other test's.
    await fundMember(db, merchant, (members[i] as MemberRow).id, scale(10_000_000));
  }
  // Contracts top-down: the top from the platform, each agent from its upline when the upline holds one and it signs.
  const salaryOf = new Map<number, ContractTerms>();
  const dividendOf = new Map<number, ContractTerms>();
  await grantTopContract(db, members[0] as MemberRow, salaryTerms(c.salary));
  await grantTopContract(db, members[0] as MemberRow, dividendTerms(c.dividend, c.basis));
  salaryOf.set(0, salaryTerms(c.salary));
  dividendOf.set(0, dividendTerms(c.dividend, c.basis));
  const depthOf = (i: number): number => (i === 0 ? 0 : 1 + depthOf(upline(i)));
  for (let i = 1; i < n; i++) {
    const u = upline(i);
    if (!isAgent(i) || !c.signs[i] || !salaryOf.has(u)) continue;
    const cut = c.cut * depthOf(i);
    const s = salaryTerms(lower(c.salary, cut));
    const d = dividendTerms(lower(c.dividend, cut), c.basis);
    for (const terms of [s, d]) {
      const offered = await offerContract(db, members[u] as MemberRow, { account: (members[i] as MemberRow).account, terms });
      await actOnContract(db, members[i] as MemberRow, offered.id, 'sign');
    }
    salaryOf.set(i, s);
    dividendOf.set(i, d);
  }
  // Bets at noon of a day after today (the new merchant's jobs start there).
  const day: Period = periodAt('day', merchant.timeZone, new Date(Date.now() + 2 * 86_400_000));
  const at = new Date(day.start.getTime() + 12 * 3_600_000).toISOString();
  const figures = c.bets.slice(0, n).map((b) => ({ stake: scale(b.stake / 100), win: b.stake === 0 ? 0 : scale(b.win / 100) }));
  for (let i = 0; i < n; i++) {
    const f = figures[i] as { stake: number; win: number };
    const m = members[i] as MemberRow;
    const main = await memberAccount(db, merchant.id, m.id, 'main', merchant.currency);
    const games = await houseAccount(db, merchant.id, 'games', merchant.currency, m.id);
    for (const [type, amount] of [
      ['bet', f.stake],
      ['win', f.win],
    ] as const) {
      if (amount === 0) continue;
      const { transactionId } = await post(db, {
        merchantId: merchant.id,
        type,
        postings: [
          { accountId: type === 'bet' ? main : games, amount: -amount },
          { accountId: type === 'bet' ? games : main, amount },
        ],
        reference: { category: 'SLOT' },
      });
      await db.execute(sql`update ledger_transactions set created_at = ${at}::timestamptz where id = ${transactionId}`);
    }
  }

  // The oracle: each holder's team from the generated tree, the tier formula on its sums.
  const inTeam = (h: number, i: number): boolean => i === h || (i !== 0 && upline(i) !== -1 && inTeam(h, upline(i)));
  const team = (h: number) => {
    let turnover = 0;
    let loss = 0;
    let active = 0;
    for (let i = 0; i < n; i++) {
      if (!inTeam(h, i)) continue;
      const f = figures[i] as { stake: number; win: number };
      turnover += f.stake;
      loss += f.stake - f.win;
      if (f.stake > 0) active++;
    }
    return { turnover, loss, active };
  };
  const expectedSalary = (h: number) => {
    const terms = salaryOf.get(h) as Extract<ContractTerms, { kind: 'daily' }>;
    const t = team(h);
    let ratio = 0;
    for (const tier of terms.tiers) if (t.turnover >= scale(tier.turnover) && t.active >= tier.activeMembers) ratio = tier.ratioBp;
    return ratio === 0 ? 0 : Math.floor((t.turnover * ratio) / 10_000);
  };
  const expectedDividend = (h: number) => {
    const terms = dividendOf.get(h) as Extract<ContractTerms, { kind: 'dividend' }>;
    const t = team(h);
    if (t.loss <= 0) return 0;
    let ratio = 0;
    for (const tier of terms.tiers)
      if ((c.basis === 'loss' ? t.loss : t.turnover) >= scale(tier.threshold) && t.active >= tier.activeMembers) ratio = tier.ratioBp;
    return ratio === 0 ? 0 : Math.floor((t.loss * ratio) / 10_000);
  };

  const clock = new Date(day.end.getTime() + 15 * 60_000);
  const settle = async () => {
    for (const job of [dailySalaryJob(merchant, ledgerFigures), dividendJob(merchant, ledgerFigures)]) {
      for (const o of await runDuePeriods(db, job, clock)) if (o.outcome === 'failed') throw new Error(o.error);
    }
  };
  await settle();
  const count = async () =>
    Number(
      (await queryRows<{ n: string }>(db, sql`select count(*) as n from ledger_transactions where merchant_id = ${merchant.id}`))[0]?.n,
    );
  const movements = await count();

  for (const [kind, type, expected, holders] of [
    ['daily', 'salary', expectedSalary, salaryOf],
    ['dividend', 'dividend', expectedDividend, dividendOf],
  ] as const) {
    const bills = await queryRows<{ member_id: number; amount: string; paid: string; lines: string; payer_id: number | null }>(
      db,
      sql`select b.member_id, b.amount, b.paid, b.payer_id, (select coalesce(sum(l.amount), 0) from agent_commission_lines l where l.bill_id = b.id) as lines
            from agent_bills b where b.merchant_id = ${merchant.id} and b.kind = ${kind} and b.period = ${day.key}`,
    );
    expect(bills.length).toBe(holders.size);
    const index = new Map(members.map((m, i) => [m.id, i]));
    let platform = 0;
    for (const b of bills) {
      const i = index.get(Number(b.member_id)) as number;
      expect(Number(b.amount)).toBe(expected(i));
      expect(Number(b.lines)).toBe(Number(b.amount));
      expect(Number(b.paid)).toBe(Number(b.amount));
      if (b.payer_id === null) platform += Number(b.amount);
    }
    // What each agent keeps (its ledger net) adds up to what the platform paid, and is its amount less its downlines'.
    const nets = await queryRows<{ member_id: number; net: string }>(
      db,
      sql`select a.member_id, sum(e.amount) as net from ledger_entries e
            join ledger_transactions t on t.id = e.transaction_id
            join ledger_accounts a on a.id = e.account_id
           where t.merchant_id = ${merchant.id} and t.type = ${type} and a.member_id is not null
           group by a.member_id`,
    );
    expect(nets.reduce((s, r) => s + Number(r.net), 0)).toBe(platform);
    const [house] = await queryRows<{ paid: string | null }>(
      db,
      sql`select -sum(e.amount) as paid from ledger_entries e
            join ledger_transactions t on t.id = e.transaction_id
            join ledger_accounts a on a.id = e.account_id
           where t.merchant_id = ${merchant.id} and t.type = ${type} and a.member_id is null`,
    );
    expect(Number(house?.paid ?? 0)).toBe(platform);
    for (const r of nets) {
      const i = index.get(Number(r.member_id)) as number;
      const downlines = [...holders.keys()].filter((j) => j !== 0 && upline(j) === i).reduce((s, j) => s + expected(j), 0);
      expect(Number(r.net)).toBe(expected(i) - downlines);
    }
    const recomputed = await recomputePeriod(db, merchant, { kind, period: day.key });
    expect(recomputed.same).toBe(true);
  }

  // The period again (another node, a restart): nothing moves.
  await settle();
  expect(await count()).toBe(movements);
}

describe('settlement for random trees and bets', () => {
  it('pays the tier formulas, the platform exactly the sum of the differences, and each period once', { timeout: 240_000 }, async () => {
    await fc.assert(fc.asyncProperty(caseArb, runCase), { numRuns: 20 });
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('the arithmetic of a bill', () => {
  it('splits any amount over any weights into parts that add up to it', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000_000 }),
        fc.array(fc.integer({ min: -50_000, max: 1_000_000 }), { minLength: 1, maxLength: 30 }),
        (amount, weights) => {
          const total = weights.reduce((s, w) => s + w, 0);
          fc.pre(total > 0);
          const parts = apportion(amount, weights);
          expect(parts.reduce((s, p) => s + p, 0)).toBe(amount);
          parts.forEach((p, i) => {
            expect(Math.abs(p - (amount * (weights[i] as number)) / total)).toBeLessThan(1);
          });
        },
      ),
    );
  });

  it('rounds down, and carries a team win on by the contract’s strategy', () => {
    expect(share(999, 150)).toBe(14);
    expect(share(2 ** 53, 10_000)).toBe(2 ** 53);
    const terms = (carryOver: 'none' | 'permanent' | 'previous'): Extract<ContractTerms, { kind: 'dividend' }> => ({
      kind: 'dividend',
      period: 'D',
      basis: 'loss',
      carryOver,
      tiers: [{ threshold: 1, activeMembers: 0, ratioBp: 1000 }],
    });
    const team = (loss: number) => ({ turnover: 100_000, loss, active: 1 });
    // A win of 500.00 carried in: permanent offsets until used up, previous only one period, none never.
    expect(dividendOutcome(terms('permanent'), team(30_000), 50_000, 'BRL')).toMatchObject({ base: 0, amount: 0, carriedOut: 20_000 });
    expect(dividendOutcome(terms('permanent'), team(70_000), 20_000, 'BRL')).toMatchObject({ base: 50_000, amount: 5_000, carriedOut: 0 });
    expect(dividendOutcome(terms('previous'), team(-10_000), 50_000, 'BRL')).toMatchObject({ base: 0, carriedOut: 10_000 });
    expect(dividendOutcome(terms('previous'), team(70_000), 10_000, 'BRL')).toMatchObject({ base: 60_000, amount: 6_000, carriedOut: 0 });
    expect(dividendOutcome(terms('none'), team(70_000), 50_000, 'BRL')).toMatchObject({ carriedIn: 0, base: 70_000, amount: 7_000 });
  });
});
