import { type BettingRecord, type BettingRecordQuery, toAmount } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { localText } from '../../platform/http.ts';
import { presetRange } from '../../platform/time.ts';
import { betsPage, betsTotals, type RowDb, roundOfMember, ticketOfMember } from './records.repository.ts';

/** How rows read for one reader: the merchant's currency, the reader's language and the merchant's languages to fall back on. */
interface Reader {
  currency: string;
  lang: string;
  langList: readonly string[];
}

const toRow = (r: RowDb, { currency, lang, langList }: Reader) => ({
  kind: r.kind,
  id: Number(r.id),
  category: r.category,
  vendor: r.vendor,
  gameCode: r.game_code,
  gameName: (r.game_name && localText(r.game_name, lang, langList)) || r.game_code,
  classify: r.classify ?? '',
  round: r.round,
  stake: toAmount(Number(r.stake), currency),
  win: toAmount(Number(r.win), currency),
  status: r.status,
  time: new Date(r.time).getTime(),
  replayable: Boolean(r.replayable),
});

/** personalHistoryCopy: the member's bets of a period, by category, newest first, with totals. */
export async function bettingRecord(
  db: Db,
  memberId: number,
  merchant: { timeZone: string; currency: string; langList: readonly string[] },
  lang: string,
  q: BettingRecordQuery,
  now = new Date(),
): Promise<BettingRecord> {
  const { timeZone, currency } = merchant;
  const { from, to } = presetRange(q.period, timeZone, { from: q.from, to: q.to }, now);
  const filter = { memberId, from, to, category: q.category };
  const page = await betsPage(db, filter, q.pageSize, (q.pageNo - 1) * q.pageSize);
  const totals = await betsTotals(db, filter);
  const stake = Number(totals?.stake ?? 0);
  const win = Number(totals?.win ?? 0);
  return {
    content: page.map((r) => toRow(r, { currency, lang, langList: merchant.langList })),
    totalPages: Math.ceil(Number(totals?.n ?? 0) / q.pageSize),
    totals: { stake: toAmount(stake, currency), win: toAmount(win, currency), net: toAmount(win - stake, currency) },
  };
}

/** One bet of the member with what replays it: an in-house round's outcome and seeds, or a ticket's selection and result. */
export async function bettingRecordDetail(db: Db, memberId: number, reader: Reader, kind: 'round' | 'lottery', id: number) {
  if (kind === 'round') {
    const r = await roundOfMember(db, memberId, id);
    if (!r) throw new AppError('APP_ERR_NOT_FOUND');
    return { row: toRow(r, reader), detail: r.detail ?? {}, serverSeed: r.server_seed };
  }
  const b = await ticketOfMember(db, memberId, id);
  if (!b) throw new AppError('APP_ERR_NOT_FOUND');
  return {
    row: toRow(b, reader),
    detail: {
      playType: b.play_type,
      selection: b.selection,
      unit: b.unit,
      multiple: b.multiple,
      betCount: b.bet_count,
      result: b.result ?? null,
    },
    serverSeed: null,
  };
}
