import { memberTypes, toMinor } from '@platform/contract';
import { boardsOfMerchant } from '../modules/leaderboards/leaderboards.repository.ts';
import { createBoard } from '../modules/leaderboards/leaderboards.service.ts';
import { createMember } from '../modules/members/members.service.ts';
import type { Merchant } from '../modules/merchants/merchants.service.ts';
import { houseAccount, memberAccount, post } from '../modules/wallet/ledger.service.ts';
import { appendAudit } from '../platform/audit.ts';
import type { Db } from '../platform/db.ts';

/**
 * Each demo merchant's weekly "all games" leaderboard (decision 0043) with five prizes, and five rival
 * players whose slot bets (through the ledger, counted by the statistics consumer once the server
 * runs) put something on it; two of them tie (same valid bets and bet count) to show a shared rank.
 */
const rivals: [account: string, stakes: number[]][] = [
  ['luckyana', [40, 40, 40]],
  ['tigre77', [50, 50]],
  ['sortudo9', [50, 50]],
  ['reidaroleta', [15, 15, 15, 15]],
  ['marisol', [20]],
];

/** Prizes of ranks 1 to 5 in major units, by merchant. */
const prizes: Record<string, number[]> = { BRAZIL: [50, 30, 20, 10, 5], UEMOA: [5000, 3000, 2000, 1000, 500] };
/** Stakes are in major units of BRL; UEMOA's are a hundred times larger in F CFA. */
const scale: Record<string, number> = { BRAZIL: 1, UEMOA: 100 };

export async function seedLeaderboards(db: Db, merchant: Merchant, now: Date): Promise<void> {
  const table = prizes[merchant.code];
  if (!table || (await boardsOfMerchant(db, merchant.id)).length > 0) return;
  await createBoard(db, merchant, {
    title: {
      EN: 'Weekly leaderboard: all games',
      PT: 'Ranking semanal: todos os jogos',
      FR: 'Classement de la semaine : tous les jeux',
      CN: '每周排行榜：全部游戏',
      VI: 'Bảng xếp hạng tuần: mọi trò chơi',
      ID: 'Papan peringkat mingguan: semua permainan',
    },
    period: 'week',
    category: null,
    prizes: table.map((p) => ({ kind: 'bonus' as const, amount: toMinor(p, merchant.currency), multiple: 1 })),
    enabled: true,
  });
  const games = await houseAccount(db, merchant.id, 'games', merchant.currency);
  const language = merchant.langList[0] ?? 'EN';
  for (const [account, stakes] of rivals) {
    const player = await createMember(db, {
      merchantId: merchant.id,
      account,
      nickname: account,
      type: memberTypes.player,
      language,
      createdAt: now,
    });
    const main = await memberAccount(db, merchant.id, player.id, 'main', merchant.currency);
    const funds = toMinor(200 * (scale[merchant.code] ?? 1), merchant.currency);
    const funded = await post(db, {
      merchantId: merchant.id,
      type: 'adjustment',
      idempotencyKey: `seed:leaderboard-rival-funds:${player.id}`,
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
    for (const stake of stakes) {
      const amount = toMinor(stake * (scale[merchant.code] ?? 1), merchant.currency);
      await post(db, {
        merchantId: merchant.id,
        type: 'bet',
        reference: { category: 'SLOT' },
        postings: [
          { accountId: main, amount: -amount },
          { accountId: games, amount },
        ],
      });
    }
  }
}
