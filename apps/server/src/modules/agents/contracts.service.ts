import type { AgentContract, ContractKind, ContractTerms, OfferContractBody } from '@platform/contract';
import { type Db, inTransaction } from '../../platform/db.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { accountsOf, type MemberRow } from '../members/members.service.ts';
import { requireAgent, teamMember } from './agents.service.ts';
import type { AgentContractRow } from './agents.tables.ts';
import { noticeContract } from './contract-notices.ts';
import {
  findContract,
  findContractEvents,
  findContractIn,
  findContracts,
  insertContract,
  insertContractEvents,
  lockContract,
  lockTeamContracts,
  moveContract,
} from './contracts.repository.ts';

// Contracts between an upline and its direct downline: offer, sign, reject, withdraw, terminate (both
// sides), changes (a new offer that replaces the contract in force once signed). Every change writes
// an event each party reads in the contract's history, so nothing ends silently.

/** Each pair of a ratio (or rate) of `mine` that must stay within the same one of `cap`. */
function ratiosOf(terms: ContractTerms): number[] {
  return terms.kind === 'realtime' ? [terms.profitRateBp, terms.lossRateBp] : terms.tiers.map((t) => t.ratioBp);
}
export const topRatioOf = (terms: ContractTerms) => Math.max(...ratiosOf(terms));

/** True when `terms` pays more anywhere than `cap` allows (rates compared one by one for real-time salary). */
function above(terms: ContractTerms, cap: ContractTerms): boolean {
  if (terms.kind === 'realtime' && cap.kind === 'realtime')
    return terms.profitRateBp > cap.profitRateBp || terms.lossRateBp > cap.lossRateBp;
  return topRatioOf(terms) > topRatioOf(cap);
}

const tiersError = () => new AppError('APP_ERR_AGENT_CONTRACT_TIERS', [{ field: 'terms.tiers', message: 'error.agent_contract_tiers' }]);

/**
 * Tiers go up: each threshold and ratio strictly above the previous tier's, member counts (and a
 * daily salary's loss) never lower, so the tier a team reaches is always the last whose thresholds it meets.
 */
export function checkTiers(terms: ContractTerms): void {
  if (terms.kind === 'realtime') return;
  const rows =
    terms.kind === 'dividend'
      ? terms.tiers.map((t) => ({ ...t, turnover: t.threshold, loss: 0 }))
      : terms.tiers.map((t) => ({ ...t, loss: t.loss ?? 0 }));
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1], rows[i]];
    if (!a || !b) continue;
    if (b.turnover <= a.turnover || b.ratioBp <= a.ratioBp || b.activeMembers < a.activeMembers || b.loss < a.loss) throw tiersError();
  }
}

/** Dividend terms a downline signs must settle over the same period and basis as its upline's. */
function sameSchedule(terms: ContractTerms, cap: ContractTerms): boolean {
  return terms.kind !== 'dividend' || cap.kind !== 'dividend' || (terms.period === cap.period && terms.basis === cap.basis);
}

/**
 * Offers a contract to a direct downline. The offerer must hold a contract of the kind in force and
 * offer nothing above it; the downline must have no offer awaiting signature. When the downline has
 * one in force, the offer is a change that replaces it once signed.
 */
export async function offerContract(db: Db, caller: MemberRow, body: OfferContractBody, now = new Date()): Promise<AgentContract> {
  const agent = requireAgent(caller);
  const target = await teamMember(db, agent, body.account);
  if (target.depth !== 1) throw new AppError('APP_ERR_AGENT_NOT_DIRECT', [{ field: 'account', message: 'error.agent_not_direct' }]);
  const terms = body.terms;
  checkTiers(terms);
  try {
    const created = await inTransaction(db, async (tx) => {
      const own = await findContractIn(tx, agent.id, terms.kind, 'active');
      if (!own) throw new AppError('APP_ERR_AGENT_CONTRACT_REQUIRED');
      if (above(terms, own.terms as ContractTerms)) {
        throw new AppError('APP_ERR_AGENT_CONTRACT_RATIO_TOO_HIGH', [{ field: 'terms', message: 'error.agent_contract_ratio_too_high' }]);
      }
      if (!sameSchedule(terms, own.terms as ContractTerms))
        throw new AppError('APP_ERR_VALIDATION', [{ field: 'terms.period', message: 'validation.invalid' }]);
      if (await findContractIn(tx, target.id, terms.kind, 'offered')) throw new AppError('APP_ERR_AGENT_CONTRACT_PENDING');
      const current = await findContractIn(tx, target.id, terms.kind, 'active');
      const row = await insertContract(tx, {
        merchantId: agent.merchantId,
        kind: terms.kind,
        uplineId: agent.id,
        memberId: target.id,
        status: 'offered',
        terms,
        topRatioBp: topRatioOf(terms),
        replacesId: current?.id ?? null,
        offeredAt: now,
      });
      await insertContractEvents(tx, [{ contractId: row.id, actorId: agent.id, event: current ? 'change_offered' : 'offered', at: now }]);
      await noticeContract(tx, row, current ? 'change_offered' : 'offered', agent.id, now);
      return row;
    });
    return (await views(db, [created]))[0] as AgentContract;
  } catch (err) {
    // Two offers at once: the partial unique index lets one stand.
    if (uniqueViolation(err) !== undefined) throw new AppError('APP_ERR_AGENT_CONTRACT_PENDING');
    throw err;
  }
}

/**
 * The platform's contract for a member at the top of a line (an operator's act, or the demo seed):
 * in force at once, replacing any it had. Downlines' contracts now above it end as on a signature.
 */
export async function grantTopContract(
  db: Db,
  member: MemberRow,
  terms: ContractTerms,
  opts: { now?: Date; audit?: (tx: Db, contract: AgentContractRow) => Promise<void> } = {},
): Promise<AgentContractRow> {
  const now = opts.now ?? new Date();
  checkTiers(terms);
  return inTransaction(db, async (tx) => {
    const current = await findContractIn(tx, member.id, terms.kind, 'active');
    if (current) {
      await moveContract(tx, current.id, 'active', { status: 'terminated', endedAt: now });
      await insertContractEvents(tx, [{ contractId: current.id, actorId: null, event: 'superseded', at: now }]);
    }
    const row = await insertContract(tx, {
      merchantId: member.merchantId,
      kind: terms.kind,
      uplineId: null,
      memberId: member.id,
      status: 'active',
      terms,
      topRatioBp: topRatioOf(terms),
      offeredAt: now,
      signedAt: now,
    });
    await insertContractEvents(tx, [{ contractId: row.id, actorId: null, event: 'granted', at: now }]);
    await endHigherBelow(tx, member.id, row, now);
    await opts.audit?.(tx, row);
    return row;
  });
}

/**
 * Ends every contract of the kind below the member (in force or offered) that now pays more than the
 * member's new one, each with an event naming the new ratio: the downlines and their uplines read why.
 */
async function endHigherBelow(tx: Db, memberId: number, signed: AgentContractRow, now: Date): Promise<number> {
  const below = await lockTeamContracts(tx, memberId, signed.kind);
  const ended = below.filter((c) => above(c.terms as ContractTerms, signed.terms as ContractTerms));
  const note = `upline ratio ${signed.topRatioBp} bp (contract ${signed.id})`;
  for (const c of ended) {
    await moveContract(tx, c.id, c.status, { status: 'terminated', endedAt: now });
    await noticeContract(tx, c, 'auto_terminated', null, now, note);
  }
  await insertContractEvents(
    tx,
    ended.map((c) => ({
      contractId: c.id,
      actorId: null,
      event: 'auto_terminated',
      note,
      at: now,
    })),
  );
  return ended.length;
}

/** A contract the caller is a party of (else 'unknown', whether it exists or not). */
async function partyOf(db: Db, caller: MemberRow, id: number): Promise<{ contract: AgentContractRow; side: 'member' | 'upline' }> {
  const contract = await findContract(db, id);
  if (contract?.memberId === caller.id) return { contract, side: 'member' };
  if (contract && contract.uplineId === caller.id) return { contract, side: 'upline' };
  throw new AppError('APP_ERR_AGENT_CONTRACT_UNKNOWN');
}

const stateError = () => new AppError('APP_ERR_AGENT_CONTRACT_STATE');

export async function actOnContract(
  db: Db,
  caller: MemberRow,
  id: number,
  action: 'sign' | 'reject' | 'withdraw' | 'terminate',
  now = new Date(),
): Promise<AgentContract> {
  const { contract, side } = await partyOf(db, caller, id);
  const done = await inTransaction(db, async (tx) => {
    const c = await lockContract(tx, contract.id);
    if (!c) throw stateError();
    const event = async (name: string) => {
      await insertContractEvents(tx, [{ contractId: c.id, actorId: caller.id, event: name, at: now }]);
      await noticeContract(tx, c, name, caller.id, now);
    };
    if (action === 'sign' || action === 'reject') {
      if (side !== 'member' || c.status !== 'offered') throw stateError();
      if (action === 'reject') {
        await moveContract(tx, c.id, 'offered', { status: 'rejected', endedAt: now });
        await event('rejected');
        return c.id;
      }
      if (c.replacesId !== null) {
        await moveContract(tx, c.replacesId, 'active', { status: 'terminated', endedAt: now });
        await insertContractEvents(tx, [
          { contractId: c.replacesId, actorId: caller.id, event: 'superseded', note: `contract ${c.id}`, at: now },
        ]);
      }
      const signed = await moveContract(tx, c.id, 'offered', { status: 'active', signedAt: now });
      if (!signed) throw stateError();
      await event('signed');
      await endHigherBelow(tx, caller.id, signed, now);
      return c.id;
    }
    if (action === 'withdraw') {
      if (side !== 'upline' || c.status !== 'offered') throw stateError();
      await moveContract(tx, c.id, 'offered', { status: 'withdrawn', endedAt: now });
      await event('withdrawn');
      return c.id;
    }
    // Terminate: one side asks, the other confirms; the same side asking twice changes nothing.
    if (c.status !== 'active' || c.uplineId === null) throw stateError();
    if (c.terminationRequestedBy === null) {
      await moveContract(tx, c.id, 'active', { terminationRequestedBy: caller.id });
      await event('termination_requested');
    } else if (c.terminationRequestedBy !== caller.id) {
      await moveContract(tx, c.id, 'active', { status: 'terminated', endedAt: now });
      await event('terminated');
    } else {
      throw stateError();
    }
    return c.id;
  });
  const row = await findContract(db, done);
  return (await views(db, row ? [row] : []))[0] as AgentContract;
}

/** The caller's own contracts (side mine) or those it gave its downlines (side team), with their histories. */
export async function contractsOf(db: Db, caller: MemberRow, q: { kind?: ContractKind; side: 'mine' | 'team' }): Promise<AgentContract[]> {
  return contractsAround(db, requireAgent(caller), q);
}

/** A member's contracts (side mine) or those it gave (side team): what agents and operators read. */
export async function contractsAround(
  db: Db,
  member: MemberRow,
  q: { kind?: ContractKind; side: 'mine' | 'team' },
): Promise<AgentContract[]> {
  const rows = await findContracts(db, q.side === 'mine' ? { memberId: member.id, kind: q.kind } : { uplineId: member.id, kind: q.kind });
  return views(db, rows);
}

/** Contracts as the API shows them, with account names and the history of each. */
export async function views(db: Db, rows: AgentContractRow[]): Promise<AgentContract[]> {
  const events = await findContractEvents(
    db,
    rows.map((r) => r.id),
  );
  const names = await accountsOf(db, [
    ...rows.flatMap((r) => [
      r.memberId,
      ...(r.uplineId ? [r.uplineId] : []),
      ...(r.terminationRequestedBy ? [r.terminationRequestedBy] : []),
    ]),
    ...events.flatMap((e) => (e.actorId ? [e.actorId] : [])),
  ]);
  const name = (id: number | null) => (id ? (names.get(id) ?? '') : '');
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as ContractKind,
    status: r.status as AgentContract['status'],
    upline: name(r.uplineId),
    account: name(r.memberId),
    terms: r.terms as ContractTerms,
    topRatioBp: r.topRatioBp,
    terminationRequestedBy: r.terminationRequestedBy ? name(r.terminationRequestedBy) : null,
    offeredAt: r.offeredAt.getTime(),
    signedAt: r.signedAt?.getTime() ?? null,
    endedAt: r.endedAt?.getTime() ?? null,
    history: events
      .filter((e) => e.contractId === r.id)
      .map((e) => ({ event: e.event, at: e.at.getTime(), by: name(e.actorId), note: e.note })),
  }));
}
