import type { ContractTerms } from '@platform/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables.ts';
import { merchants } from '../merchants/merchants.tables.ts';

/**
 * The closure of members.upline_id: one row per (ancestor, descendant) pair, the member itself at
 * depth 0. "My team" is the rows of one ancestor (the primary key's prefix), "my direct downlines"
 * those at depth 1, "my uplines" the rows of one descendant. A trigger on members (migration
 * 0021_agents) writes the rows in the statement that inserts a member or changes its upline, so the
 * closure can never disagree with upline_id, whoever writes the member.
 */
export const memberTree = pgTable(
  'member_tree',
  {
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => members.id),
    descendantId: integer('descendant_id')
      .notNull()
      .references(() => members.id),
    depth: integer('depth').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.descendantId] }), index('member_tree_descendant_idx').on(t.descendantId, t.depth)],
);

/**
 * A member's prize group (the odds it plays at and the rebate it earns: 20 units = 1 rebate point;
 * agents-rules.ts). A member without a row is at the lowest group (no rebate). A downline's group
 * never exceeds its upline's: the agents service checks it on every write.
 */
export const agentLevels = pgTable('agent_levels', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  prizeGroup: integer('prize_group').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An agent's promotion link: a code the register page takes, which registers an agent or a player
 * under the link's owner at the link's prize group, until it expires or is switched off. The counter
 * moves in the registration's transaction.
 */
export const promoLinks = pgTable(
  'promo_links',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => members.id),
    code: text('code').notNull(),
    /** The member type of who registers through it (the spec's isAgent: 0 player, 1 agent). */
    memberType: smallint('member_type').notNull(),
    prizeGroup: integer('prize_group').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    registrations: integer('registrations').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_links_merchant_code_uq').on(t.merchantId, sql`lower(${t.code})`),
    index('promo_links_agent_idx').on(t.agentId),
  ],
);

export type PromoLinkRow = typeof promoLinks.$inferSelect;

/**
 * A salary or dividend contract between an upline (null: the platform, through an operator) and a
 * member. At most one in force and one awaiting signature per member and kind, held by partial
 * unique indexes, so two concurrent offers cannot both stand.
 */
export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** daily, hourly, realtime, dividend. */
    kind: text('kind').notNull(),
    uplineId: integer('upline_id').references(() => members.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** offered, active, rejected, withdrawn, terminated. */
    status: text('status').notNull(),
    terms: jsonb('terms').$type<ContractTerms>().notNull(),
    /** The highest ratio of the terms (basis points): what "a lower ratio" compares. */
    topRatioBp: integer('top_ratio_bp').notNull(),
    /** The contract in force this offer changes (it ends when this one is signed). */
    replacesId: integer('replaces_id'),
    /** The party that asked to end the contract; the other one's confirmation ends it. */
    terminationRequestedBy: integer('termination_requested_by'),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agent_contracts_active_uq').on(t.memberId, t.kind).where(sql`${t.status} = 'active'`),
    uniqueIndex('agent_contracts_offered_uq').on(t.memberId, t.kind).where(sql`${t.status} = 'offered'`),
    index('agent_contracts_upline_idx').on(t.uplineId, t.kind),
  ],
);

/** What happened to a contract and who did it: the record everyone affected reads (never a silent change). */
export const agentContractEvents = pgTable(
  'agent_contract_events',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    /** The member who acted; null for the platform (an operator, or an automatic termination). */
    actorId: integer('actor_id'),
    event: text('event').notNull(),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('agent_contract_events_contract_idx').on(t.contractId)],
);

export type AgentContractRow = typeof agentContracts.$inferSelect;
export type AgentContractEventRow = typeof agentContractEvents.$inferSelect;

/**
 * A bill: what one agent earned under one contract for one period (daily salary, dividend), with the
 * team figures, the tier and the ratio it came from, and how much of it has been paid. One per
 * contract and period (unique): the settlement of a period cannot bill twice. The payer is the
 * contract's upline (null: the platform); `paid` grows until it reaches `amount`, each installment a
 * ledger movement keyed by the contract, the period and what was paid before it.
 */
export const agentBills = pgTable(
  'agent_bills',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** daily or dividend. */
    kind: text('kind').notNull(),
    /** The period's key (2026-11-24, 2026-W48, 2026-11-H2, 2026-11). */
    period: text('period').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => agentContracts.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    payerId: integer('payer_id').references(() => members.id),
    /** Minor units of the merchant's currency from here on. */
    teamTurnover: bigint('team_turnover', { mode: 'number' }).notNull(),
    teamLoss: bigint('team_loss', { mode: 'number' }).notNull(),
    activeMembers: integer('active_members').notNull(),
    carriedIn: bigint('carried_in', { mode: 'number' }).notNull().default(0),
    carriedOut: bigint('carried_out', { mode: 'number' }).notNull().default(0),
    tier: smallint('tier'),
    ratioBp: integer('ratio_bp').notNull(),
    base: bigint('base', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    downlineAmount: bigint('downline_amount', { mode: 'number' }).notNull().default(0),
    downlinePaid: bigint('downline_paid', { mode: 'number' }).notNull().default(0),
    /** paid, partly_paid, insufficient_balance, below_threshold. */
    status: text('status').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('agent_bills_contract_period_uq').on(t.contractId, t.period),
    index('agent_bills_member_idx').on(t.memberId, t.periodEnd),
    index('agent_bills_period_idx').on(t.merchantId, t.kind, t.period),
    index('agent_bills_unpaid_idx').on(t.payerId).where(sql`${t.paid} < ${t.amount}`),
  ],
);

/**
 * One team member's share of a bill: the turnover and loss it brought in the period and the part of
 * the bill's amount they make. A bill's lines add up to its amount exactly (largest remainders).
 */
export const agentCommissionLines = pgTable(
  'agent_commission_lines',
  {
    billId: integer('bill_id')
      .notNull()
      .references(() => agentBills.id),
    memberId: integer('member_id').notNull(),
    /** Levels below the bill's agent (0: the agent itself). */
    level: integer('level').notNull(),
    /** The direct downline under contract whose team the member is in, if any. */
    viaId: integer('via_id'),
    turnover: bigint('turnover', { mode: 'number' }).notNull(),
    loss: bigint('loss', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.billId, t.memberId] })],
);

export type AgentBillRow = typeof agentBills.$inferSelect;
export type AgentCommissionLineRow = typeof agentCommissionLines.$inferSelect;
