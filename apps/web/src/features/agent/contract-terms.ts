import { type ContractKind, type ContractTerms, parseMoney, prizeGroups, toAmount } from '@platform/contract';

/**
 * The contract form's model: what the agent types (percentages and amounts as text, in the reader's
 * separators), turned into the API's terms (ratios in basis points, thresholds in major units) with
 * each problem named at its field before anything is sent. The server checks it all again.
 */

export interface TierDraft {
  turnover: string;
  activeMembers: string;
  /** Daily salary only, optional. */
  loss: string;
  /** Dividend: the team's loss (or turnover) threshold. */
  threshold: string;
  /** Percent, e.g. "1.5". */
  ratio: string;
}

export interface TermsDraft {
  kind: ContractKind;
  tiers: TierDraft[];
  profitRate: string;
  lossRate: string;
  minBet: string;
  period: 'D' | 'W' | 'H' | 'M';
  basis: 'loss' | 'turnover';
  carryOver: 'none' | 'permanent' | 'previous';
}

export const emptyTier = (): TierDraft => ({ turnover: '', activeMembers: '', loss: '', threshold: '', ratio: '' });

export const emptyDraft = (kind: ContractKind): TermsDraft => ({
  kind,
  tiers: [emptyTier()],
  profitRate: '',
  lossRate: '',
  minBet: '',
  period: 'D',
  basis: 'loss',
  carryOver: 'none',
});

/** Field problems by field path (tiers.0.ratio, minBet...), as message keys. */
export type Problems = Record<string, string>;

/** A percentage with at most two decimals, above 0 and at most 100, as basis points. */
export function percentToBp(text: string): { bp: number } | { problem: string } {
  const value = text.trim().replace(',', '.').replace(/%$/, '').trim();
  if (!value) return { problem: 'validation.required' };
  if (!/^\d+(\.\d+)?$/.test(value)) return { problem: 'validation.invalid' };
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return { problem: 'validation.amount_decimals' };
  const bp = Math.round(Number(value) * 100);
  if (bp < 1) return { problem: 'validation.too_small' };
  if (bp > 10_000) return { problem: 'validation.too_big' };
  return { bp };
}

/** Basis points as the percentage the form shows (150 → "1.5"). */
export const bpToPercent = (bp: number) => String(bp / 100);

function amount(text: string, currency: string, locale: string): { value: number } | { problem: string } {
  const read = parseMoney(text, currency, locale);
  if ('problem' in read) return read;
  if (read.minor < 0) return { problem: 'validation.too_small' };
  return { value: toAmount(read.minor, currency) };
}

function count(text: string): { value: number } | { problem: string } {
  const value = text.trim();
  if (!value) return { problem: 'validation.required' };
  if (!/^\d+$/.test(value)) return { problem: 'validation.not_integer' };
  const n = Number(value);
  if (n > 1_000_000) return { problem: 'validation.too_big' };
  return { value: n };
}

/** The terms of a draft, or the problems of its fields. */
export function termsOf(draft: TermsDraft, currency: string, locale: string): { terms: ContractTerms } | { problems: Problems } {
  const problems: Problems = {};
  const take = <T>(field: string, read: { problem: string } | T): T | undefined => {
    if (typeof read === 'object' && read !== null && 'problem' in read) {
      problems[field] = read.problem;
      return undefined;
    }
    return read as T;
  };
  if (draft.kind === 'realtime') {
    const profit = take<{ bp: number }>('profitRate', percentToBp(draft.profitRate));
    const loss = take<{ bp: number }>('lossRate', percentToBp(draft.lossRate));
    const minBet = take<{ value: number }>('minBet', amount(draft.minBet, currency, locale));
    if (!profit || !loss || !minBet) return { problems };
    return { terms: { kind: 'realtime', profitRateBp: profit.bp, lossRateBp: loss.bp, minBet: minBet.value } };
  }
  const rows = draft.tiers.map((tier, i) => {
    const ratio = take<{ bp: number }>(`tiers.${i}.ratio`, percentToBp(tier.ratio));
    const members = take<{ value: number }>(`tiers.${i}.activeMembers`, count(tier.activeMembers));
    if (draft.kind === 'dividend') {
      const threshold = take<{ value: number }>(`tiers.${i}.threshold`, amount(tier.threshold, currency, locale));
      return ratio && members && threshold ? { threshold: threshold.value, activeMembers: members.value, ratioBp: ratio.bp } : null;
    }
    const turnover = take<{ value: number }>(`tiers.${i}.turnover`, amount(tier.turnover, currency, locale));
    const loss =
      draft.kind === 'daily' && tier.loss.trim()
        ? take<{ value: number }>(`tiers.${i}.loss`, amount(tier.loss, currency, locale))
        : undefined;
    if (!ratio || !members || !turnover || (draft.kind === 'daily' && tier.loss.trim() && !loss)) return null;
    return { turnover: turnover.value, activeMembers: members.value, ratioBp: ratio.bp, ...(loss ? { loss: loss.value } : {}) };
  });
  // Tiers go up: each one's ratio and threshold above the one before, its members and loss never lower (the server's rule too).
  rows.forEach((row, i) => {
    const before = rows[i - 1];
    if (!row || !before || i === 0) return;
    const up = (a: number, b: number) => a > b;
    const threshold = (r: NonNullable<typeof row>) => ('threshold' in r ? r.threshold : r.turnover) ?? 0;
    if (!up(row.ratioBp, before.ratioBp)) problems[`tiers.${i}.ratio`] = 'error.agent_contract_tiers';
    if (!up(threshold(row), threshold(before)))
      problems[`tiers.${i}.${draft.kind === 'dividend' ? 'threshold' : 'turnover'}`] = 'error.agent_contract_tiers';
    if (row.activeMembers < before.activeMembers) problems[`tiers.${i}.activeMembers`] = 'error.agent_contract_tiers';
    const lossOf = (r: NonNullable<typeof row>) => ('loss' in r ? (r.loss ?? 0) : 0);
    if (lossOf(row) < lossOf(before)) problems[`tiers.${i}.loss`] = 'error.agent_contract_tiers';
  });
  if (Object.keys(problems).length > 0 || rows.some((r) => r === null)) return { problems };
  const tiers = rows as NonNullable<(typeof rows)[number]>[];
  if (draft.kind === 'dividend') {
    return {
      terms: {
        kind: 'dividend',
        period: draft.period,
        basis: draft.basis,
        carryOver: draft.carryOver,
        tiers: tiers as { threshold: number; activeMembers: number; ratioBp: number }[],
      },
    };
  }
  return { terms: { kind: draft.kind, tiers: tiers as { turnover: number; activeMembers: number; ratioBp: number; loss?: number }[] } };
}

/** Reads a typed prize group against the agent's own: a whole number from the lowest group up to its own. */
export function readPrizeGroup(text: string, own: number): { value: number } | { problem: string } {
  const value = text.trim();
  if (!value) return { problem: 'validation.required' };
  if (!/^\d+$/.test(value)) return { problem: 'validation.not_integer' };
  const n = Number(value);
  if (n < prizeGroups.min) return { problem: 'validation.too_small' };
  if (n > own) return { problem: 'error.agent_prize_group_too_high' };
  return { value: n };
}
