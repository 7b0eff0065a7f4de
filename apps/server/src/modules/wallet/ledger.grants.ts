import type { Db } from '../../platform/db.ts';
import { type GrantRow, grantRows, type StatementLine, statementPage } from './ledger-grants.repository.ts';

export type { GrantRow, StatementLine };

export interface Grants {
  /** The movement type of every grant (points_earn...). */
  type: string;
  /** The member accounts' kind and the house account's kind they come from, in one currency. */
  kind: string;
  houseKind: string;
  currency: string;
  grants: GrantRow[];
}

/**
 * Many credits in one statement, for consumers of the ledger feed that pay many members per batch
 * (points): each grant a movement of its own from the merchant's house account of `houseKind` to the
 * member's account of `kind`, opened if needed, under its key. Answers how many moved.
 */
export async function grantMany(db: Db, g: Grants): Promise<number> {
  if (g.grants.length === 0) return 0;
  const members = new Set<string>();
  for (const r of g.grants) {
    if (!Number.isSafeInteger(r.amount) || r.amount <= 0) throw new Error(`a grant is a positive integer: ${r.amount}`);
    const owner = `${r.merchantId}:${r.memberId}`;
    if (members.has(owner)) throw new Error('a member may appear once in a grant batch');
    members.add(owner);
  }
  return grantRows(db, g.type, g.kind, g.houseKind, g.currency, g.grants);
}

/** One account's entries, newest first (a points statement, for one). */
export function accountStatement(db: Db, accountId: number, pageNo: number, pageSize: number) {
  return statementPage(db, accountId, pageSize, (pageNo - 1) * pageSize);
}
