import { randomInt } from 'node:crypto';
import {
  type AgentProfile,
  agentTypes,
  type DownlineType,
  maxPromoLinks,
  memberTypes,
  type OpenAccountBody,
  type OpenedAccount,
  type PrizeGroupBody,
  type PromoLink,
  type PromoLinkBody,
  prizeGroups,
  rebateBpOf,
  type TeamPage,
  type TeamQuery,
  validateRegisterField,
} from '@platform/contract';
import { type Db, inTransaction } from '../../platform/db.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { fail, fieldError, ruleOf } from '../auth/account-rules.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { accountsOf, createMember, type MemberRow, memberByAccount, memberById } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import {
  countPromoLinks,
  countPromoRegistration,
  countTeam,
  findChain,
  findDepthBelow,
  findHighestDownlineGroup,
  findPrizeGroup,
  findPromoLinkByCode,
  findPromoLinks,
  findTeamPage,
  insertPromoLink,
  lockPrizeGroup,
  setPromoLinkEnabled,
  upsertPrizeGroup,
} from './agents.repository.ts';
import type { PromoLinkRow } from './agents.tables.ts';

// The agent's tree: who is in its team, prize groups (a downline never above its upline), opening
// downline accounts and promo links. Every call on another member first proves the member is in the
// caller's team through the closure, and answers the same 'not in your team' whether the account
// exists elsewhere or not, so nothing outside the team can be probed.

const DAY_MS = 86_400_000;
const typeOf = (t: DownlineType) => (t === 'agent' ? memberTypes.agent : memberTypes.player);
const isAgent = (member: Pick<MemberRow, 'type'>) => agentTypes.includes(member.type);

/** The caller as an agent: only agent accounts (isAgent 1, 2, 41, 42) use the agent centre. */
export function requireAgent(member: MemberRow): MemberRow {
  if (!isAgent(member)) throw new AppError('APP_ERR_AUTH_NOT_AGENT');
  return member;
}

/** A member without a prize group row plays at the lowest group. */
export async function prizeGroupOf(db: Db, memberId: number): Promise<number> {
  return (await findPrizeGroup(db, memberId)) ?? prizeGroups.min;
}

/**
 * A member of the agent's team by account (the agent itself excluded unless `self`): unknown
 * accounts, other merchants' and other teams' members all answer APP_ERR_AGENT_NOT_IN_TEAM.
 */
export async function teamMember(
  db: Db,
  agent: MemberRow,
  account: string,
  opts: { self?: boolean } = {},
): Promise<MemberRow & { depth: number }> {
  const member = await memberByAccount(db, agent.merchantId, account);
  const depth = member ? await findDepthBelow(db, agent.id, member.id) : undefined;
  if (!member || depth === undefined || (depth === 0 && !opts.self)) {
    throw new AppError('APP_ERR_AGENT_NOT_IN_TEAM', [{ field: 'account', message: 'error.agent_not_in_team' }]);
  }
  return { ...member, depth };
}

/** Whether `memberId` is below `agentId` (or is it): the one team check other modules use. */
export async function isInTeam(db: Db, agentId: number, memberId: number): Promise<boolean> {
  return (await findDepthBelow(db, agentId, memberId)) !== undefined;
}

export async function agentProfile(db: Db, caller: MemberRow): Promise<AgentProfile> {
  const agent = requireAgent(caller);
  const [prizeGroup, counts, upline] = await Promise.all([
    prizeGroupOf(db, agent.id),
    countTeam(db, agent.id),
    agent.uplineId ? memberById(db, agent.uplineId) : undefined,
  ]);
  return {
    account: agent.account,
    isAgent: agent.type,
    prizeGroup,
    rebateBp: rebateBpOf(prizeGroup),
    upline: upline?.account ?? '',
    teamSize: counts.team,
    directCount: counts.direct,
  };
}

/** One level of the tree browser (or a search of the whole team), with the breadcrumb to it. */
export function teamPage(db: Db, caller: MemberRow, q: TeamQuery): Promise<TeamPage> {
  return teamPageBelow(db, requireAgent(caller), q);
}

/** The tree browser from any member down (operators look at any agent's tree with it). */
export async function teamPageBelow(db: Db, agent: MemberRow, q: TeamQuery): Promise<TeamPage> {
  const parent = q.parent ? await teamMember(db, agent, q.parent, { self: true }) : { ...agent, depth: 0 };
  const search = q.account || undefined;
  const [{ rows, total }, chain] = await Promise.all([
    findTeamPage(db, { agentId: agent.id, parentId: parent.id, search, pageNo: q.pageNo, pageSize: q.pageSize }),
    findChain(db, agent.id, parent.id),
  ]);
  const names = await accountsOf(db, [...chain, ...rows.flatMap((r) => (r.uplineId ? [r.uplineId] : []))]);
  return {
    content: rows.map((r) => {
      const prizeGroup = r.prizeGroup ?? prizeGroups.min;
      return {
        account: r.account,
        isAgent: r.type,
        prizeGroup,
        rebateBp: rebateBpOf(prizeGroup),
        level: r.level,
        upline: (r.uplineId && names.get(r.uplineId)) || '',
        teamSize: r.teamSize,
        createdAt: r.createdAt.getTime(),
        lastLoginAt: r.lastLoginAt?.getTime() ?? null,
      };
    }),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totalElements: total,
    totalPages: Math.ceil(total / q.pageSize),
    breadcrumb: search ? [agent.account] : chain.map((id) => names.get(id) ?? ''),
  };
}

function groupAboveOwn(field: string): never {
  throw new AppError('APP_ERR_AGENT_PRIZE_GROUP_TOO_HIGH', [{ field, message: 'error.agent_prize_group_too_high' }]);
}

/** A password for an account someone else opened: random (never a fixed default), to be changed at first login. */
function initialPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const digits = '23456789';
  const pick = (set: string, n: number) => Array.from({ length: n }, () => set[randomInt(set.length)]).join('');
  return `${pick(letters, 6)}${pick(digits, 4)}`;
}

/**
 * Opens a downline account (a player or an agent) directly under the agent, at a prize group no
 * higher than the agent's own. The account name follows the merchant's username rule; the member
 * is created with its prize group in one transaction and must change the password at first login.
 */
export async function openAccount(
  db: Db,
  hasher: PasswordHasher,
  merchant: Merchant,
  caller: MemberRow,
  body: OpenAccountBody,
): Promise<OpenedAccount> {
  const agent = requireAgent(caller);
  const rule = ruleOf(merchant, 'username');
  const problem = rule && validateRegisterField(rule, body.account, { required: true });
  if (problem) fail([fieldError('account', problem)]);
  const password = initialPassword();
  const passwordHash = await hasher.hash(password);
  const now = new Date();
  const member = await inTransaction(db, async (tx) => {
    const own = (await lockPrizeGroup(tx, agent.id)) ?? prizeGroups.min;
    if (body.prizeGroup > own) groupAboveOwn('prizeGroup');
    const created = await createMember(tx, {
      merchantId: agent.merchantId,
      account: body.account,
      nickname: body.account,
      type: typeOf(body.type),
      uplineId: agent.id,
      language: agent.language,
      passwordHash,
      passwordChangedAt: now,
      mustChangePassword: true,
      registerUrl: 'agent',
      createdAt: now,
    });
    await upsertPrizeGroup(tx, created.id, body.prizeGroup, now);
    return created;
  });
  return { account: member.account, isAgent: member.type, prizeGroup: body.prizeGroup, initialPassword: password };
}

/**
 * Sets a direct downline's prize group: never above the agent's own, never below the highest of
 * the downline's own direct downlines (they would then be above their upline). The agent's row is
 * locked first, so a concurrent change of the agent's own group cannot slip under it.
 */
export async function setPrizeGroup(db: Db, caller: MemberRow, body: PrizeGroupBody): Promise<{ account: string; prizeGroup: number }> {
  const agent = requireAgent(caller);
  const target = await teamMember(db, agent, body.account);
  if (target.depth !== 1) throw new AppError('APP_ERR_AGENT_NOT_DIRECT', [{ field: 'account', message: 'error.agent_not_direct' }]);
  await assignPrizeGroup(db, target, body.prizeGroup);
  return { account: target.account, prizeGroup: body.prizeGroup };
}

/**
 * An operator's (or the demo seed's) setting of any member's prize group, with the same bounds: not
 * above its upline's, not below its direct downlines'.
 */
export async function assignPrizeGroup(db: Db, member: MemberRow, prizeGroup: number, audit?: (tx: Db) => Promise<void>): Promise<void> {
  await inTransaction(db, async (tx) => {
    const ceiling = member.uplineId ? ((await lockPrizeGroup(tx, member.uplineId)) ?? prizeGroups.min) : prizeGroups.max;
    if (prizeGroup > ceiling) groupAboveOwn('prizeGroup');
    await lockPrizeGroup(tx, member.id);
    const below = await findHighestDownlineGroup(tx, member.id);
    if (below !== undefined && prizeGroup < below) {
      throw new AppError('APP_ERR_AGENT_PRIZE_GROUP_BELOW_TEAM', [{ field: 'prizeGroup', message: 'error.agent_prize_group_below_team' }]);
    }
    await upsertPrizeGroup(tx, member.id, prizeGroup, new Date());
    await audit?.(tx);
  });
}

// Promo links

const linkValid = (link: PromoLinkRow, now: Date) => link.enabled && (link.expiresAt === null || link.expiresAt > now);

function promoLinkView(link: PromoLinkRow, now: Date): PromoLink {
  return {
    id: link.id,
    code: link.code,
    isAgent: link.memberType,
    prizeGroup: link.prizeGroup,
    rebateBp: rebateBpOf(link.prizeGroup),
    expiresAt: link.expiresAt?.getTime() ?? null,
    registrations: link.registrations,
    enabled: link.enabled,
    valid: linkValid(link, now),
    createdAt: link.createdAt.getTime(),
  };
}

const promoCode = () => Array.from({ length: 8 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[randomInt(32)]).join('');

export async function createPromoLink(db: Db, caller: MemberRow, body: PromoLinkBody, now = new Date()): Promise<PromoLink> {
  const agent = requireAgent(caller);
  if (body.prizeGroup > (await prizeGroupOf(db, agent.id))) groupAboveOwn('prizeGroup');
  if ((await countPromoLinks(db, agent.id)) >= maxPromoLinks) throw new AppError('APP_ERR_AGENT_PROMO_LINK_LIMIT');
  for (let attempt = 0; ; attempt++) {
    try {
      const link = await insertPromoLink(db, {
        merchantId: agent.merchantId,
        agentId: agent.id,
        code: promoCode(),
        memberType: typeOf(body.type),
        prizeGroup: body.prizeGroup,
        expiresAt: body.validDays ? new Date(now.getTime() + body.validDays * DAY_MS) : null,
        createdAt: now,
      });
      return promoLinkView(link, now);
    } catch (err) {
      // 32^8 codes: a clash is rare; a few retries make it vanishing.
      if (uniqueViolation(err) === undefined || attempt >= 3) throw err;
    }
  }
}

export async function promoLinks(db: Db, caller: MemberRow, now = new Date()): Promise<PromoLink[]> {
  const agent = requireAgent(caller);
  return (await findPromoLinks(db, agent.id)).map((l) => promoLinkView(l, now));
}

export async function switchPromoLink(db: Db, caller: MemberRow, id: number, enabled: boolean, now = new Date()): Promise<PromoLink> {
  const agent = requireAgent(caller);
  const link = await setPromoLinkEnabled(db, agent.id, id, enabled);
  if (!link) throw new AppError('APP_ERR_AGENT_PROMO_LINK_UNKNOWN');
  return promoLinkView(link, now);
}

/** A registration's promo link: the link of the code when it is one and still valid (undefined otherwise). */
export async function promoLinkFor(db: Db, merchantId: number, code: string, now = new Date()): Promise<PromoLinkRow | undefined> {
  const link = await findPromoLinkByCode(db, merchantId, code);
  return link && linkValid(link, now) ? link : undefined;
}

/**
 * Inside the registration's transaction: counts the registration on the link and gives the new
 * member the link's prize group. A link switched off or expired since it was read refuses the code.
 */
export async function joinThroughLink(tx: Db, link: PromoLinkRow, memberId: number, now = new Date()): Promise<void> {
  if (!(await countPromoRegistration(tx, link.id, now))) throw new AppError('APP_ERR_AUTH_INVITATION_CODE_INVALID');
  // The owner's group may have been lowered since the link was made: never above the upline.
  await upsertPrizeGroup(tx, memberId, Math.min(link.prizeGroup, await prizeGroupOf(tx, link.agentId)), now);
}
