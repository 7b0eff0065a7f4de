import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type SeamlessBalance,
  type SeamlessBetBody,
  type SeamlessMove,
  type SeamlessPlayer,
  type SeamlessRollbackBody,
  type SeamlessRound,
  type SeamlessWinBody,
  toAmount,
} from '@platform/contract';
import { type Db, inTransaction } from '../../platform/db.ts';
import { sqlState, sqlStates } from '../../platform/db-errors.ts';
import { sha256Hex } from '../../platform/digest.ts';
import { AppError } from '../../platform/errors.ts';
import { GroupWriter } from '../../platform/group-writer.ts';
import { minorOf } from '../../platform/money.ts';
import { ReadCache } from '../../platform/read-cache.ts';
import { merchantOffersVendor, vendorCategory } from '../games/games.service.ts';
import { type MemberRow, memberById } from '../members/members.service.ts';
import type { Merchant, MerchantDirectory } from '../merchants/merchants.service.ts';
import { gateRefusal } from '../staking/gate-refusal.ts';
import { balanceOf, houseAccount, houseShards, memberAccount, type PairRequest, post, postMany } from '../wallet/ledger.service.ts';
import { BalanceNotices, publishBalances, walletKinds } from '../wallet/wallet.service.ts';
import {
  addToRound,
  claimTransaction,
  closeRoundRow,
  findGameSession,
  findProvider,
  findRound,
  findTransaction,
  finishTransaction,
  type GameSessionRow,
  insertGameSession,
  lockRound,
  lockTransaction,
  openRoundsOf,
  type PlayRecord,
  type ProviderRow,
  type ProviderTransactionRow,
  recordPlaysAlongside,
} from './seamless.repository.ts';

/** How long a launch token lets a provider place bets. Wins and rollbacks never need it. */
export const GAME_SESSION_TTL_MS = 12 * 3600_000;

/** `sha256=` + hex HMAC-SHA256 of the raw body: what a provider sends in X-Signature. */
export function signSeamless(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

function signatureMatches(secret: string, rawBody: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(signSeamless(secret, rawBody));
  const actual = Buffer.from(given.trim());
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Opens a game session for a member: the launch token goes into the game's URL, only its hash is kept. */
export async function openGameSession(
  db: Db,
  member: Pick<MemberRow, 'id' | 'merchantId'>,
  vendorCode: string,
  gameCode: string,
  now = new Date(),
): Promise<{ token: string; session: GameSessionRow }> {
  const token = randomBytes(24).toString('base64url');
  const session = await insertGameSession(db, {
    tokenHash: sha256Hex(token),
    merchantId: member.merchantId,
    memberId: member.id,
    vendorCode,
    gameCode,
    createdAt: now,
    expiresAt: new Date(now.getTime() + GAME_SESSION_TTL_MS),
  });
  return { token, session };
}

// What our own games (in-house, crash) read of the wallet's records; no other module reads its tables.
export type { GameRoundRow, GameSessionRow, ProviderTransactionRow } from './seamless.repository.ts';
/** A game session by its launch token's hash. */
export const gameSessionByHash = findGameSession;
/** A provider's transaction as the wallet recorded it (did a stake land, and how did it end). */
export const providerTransaction = findTransaction;
/** A provider's round as the wallet recorded it. */
export const providerRound = findRound;
/** A provider's open rounds opened before a time, by round id prefix, oldest first. */
export const openProviderRounds = openRoundsOf;

/** The innermost message of an error (the database's own, under the ORM's wrapper). */
function causeOf(err: unknown): string {
  let e = err as { message?: string; cause?: unknown };
  while (e?.cause) e = e.cause as typeof e;
  return String(e?.message ?? e);
}

interface Player {
  member: MemberRow;
  merchant: Merchant;
  main: number;
  games: number;
}

/** A bet or win on its way to the database. */
interface Play {
  provider: ProviderRow;
  p: Player;
  kind: 'bet' | 'win';
  transactionId: string;
  requestHash: string;
  record: PlayRecord;
  /** The ledger movement; of amount zero for a zero win, which moves no money but is recorded. */
  movement: PairRequest;
}

/** How a play ended: its answer, or the error to give the provider. */
type Outcome = { move: SeamlessMove } | { error: unknown };

export interface SeamlessWalletOptions {
  /** How long facts (providers, members, offers) are cached, in ms; 0 for none. */
  cacheMs?: number;
  /** Money-moving calls written together in one statement at most (1: each alone). */
  maxBatch?: number;
  /** Such statements in flight at once. */
  maxInFlight?: number;
  /**
   * The games house shard of the first lane (lane n uses the next n-th); by default one picked at
   * random, so that nodes writing at the same time seldom lock the same house row.
   */
  firstHouseShard?: number;
}

/**
 * The seamless wallet that game providers call. A bet or a win is one database statement: the
 * ledger movement under the provider's transaction id with the provider transaction and the round
 * written alongside; a rollback is one transaction. A repeat of an id gets the stored answer.
 *
 * What a call needs to know before it moves money is read through per-node caches: providers,
 * members and what merchants offer for `cacheMs` (a change takes effect within that time, as for
 * merchant settings), launch sessions (never changed once written; expiry is checked on every call)
 * for longer.
 */
export class SeamlessWallet {
  private readonly facts: ReadCache;
  private readonly sessions: ReadCache;
  /** Group commit of money-moving calls: under load, many bets and wins share one statement and one commit. */
  readonly writer: GroupWriter<Play, Outcome>;
  private readonly notices: BalanceNotices;
  private readonly firstHouseShard: number;

  constructor(
    private readonly db: Db,
    private readonly directory: MerchantDirectory,
    opts: SeamlessWalletOptions = {},
  ) {
    const cacheMs = opts.cacheMs ?? 5_000;
    this.facts = new ReadCache(cacheMs);
    this.sessions = new ReadCache(cacheMs > 0 ? 10 * 60_000 : 0, 20_000);
    this.notices = new BalanceNotices(db);
    this.firstHouseShard = opts.firstHouseShard ?? randomInt(houseShards);
    this.writer = new GroupWriter<Play, Outcome>({
      write: (plays, lane) => this.writeTogether(plays, lane),
      single: (play) => this.writeAlone(play),
      keys: (play) => [
        `account:${play.p.main}`,
        `round:${play.provider.code}:${play.record.round.roundId}`,
        `id:${play.provider.code}:${play.transactionId}`,
      ],
      maxBatch: opts.maxBatch ?? 64,
      maxInFlight: opts.maxInFlight ?? 1,
      // The database's reason only: the statement's text and values stay out of the log.
      onBatchError: (err, size) =>
        console.error(
          JSON.stringify({ level: 40, msg: 'seamless batch written call by call', size, code: sqlState(err), err: causeOf(err) }),
        ),
    });
  }

  /** The calling provider, when it is known, enabled, calling from an allowed address and the body is signed with its secret. */
  async authenticate(code: string | undefined, signature: string | undefined, rawBody: string, ip: string): Promise<ProviderRow> {
    if (!code || !/^[\w-]{1,40}$/.test(code)) throw new AppError('APP_ERR_SEAMLESS_PROVIDER_UNKNOWN');
    const provider = await this.facts.get(`provider:${code}`, () => findProvider(this.db, code));
    if (!provider?.enabled) throw new AppError('APP_ERR_SEAMLESS_PROVIDER_UNKNOWN');
    if (!signatureMatches(provider.secret, rawBody, signature)) throw new AppError('APP_ERR_SEAMLESS_SIGNATURE');
    if (provider.allowedIps && provider.allowedIps.length > 0 && !provider.allowedIps.includes(ip)) {
      throw new AppError('APP_ERR_SEAMLESS_PROVIDER_UNKNOWN');
    }
    return provider;
  }

  /** Exchanges a launch token for the player. */
  async player(provider: ProviderRow, token: string, now = new Date()): Promise<SeamlessPlayer> {
    const session = await this.liveSession(provider, token, now);
    const p = await this.playerOf(provider, String(session.memberId));
    return {
      playerId: String(p.member.id),
      account: p.member.account,
      nickname: p.member.nickname,
      currency: p.merchant.currency,
      balance: toAmount(await balanceOf(this.db, p.main), p.merchant.currency),
      language: p.member.language,
      merchant: p.merchant.code,
      gameCode: session.gameCode,
    };
  }

  async balance(provider: ProviderRow, playerId: string): Promise<SeamlessBalance> {
    const p = await this.playerOf(provider, playerId);
    return { balance: toAmount(await balanceOf(this.db, p.main), p.merchant.currency), currency: p.merchant.currency };
  }

  /** Takes a round's stake. Needs a live launch token of this player; refused when the player cannot afford it. */
  async bet(provider: ProviderRow, body: SeamlessBetBody, now = new Date()): Promise<SeamlessMove> {
    const p = await this.playerOf(provider, body.playerId);
    this.checkCurrency(p, body.currency);
    if (p.member.type === 4) throw new AppError('APP_ERR_SEAMLESS_PLAYER_DISABLED');
    const session = await this.liveSession(provider, body.token, now);
    if (session.memberId !== p.member.id) throw new AppError('APP_ERR_SEAMLESS_TOKEN_INVALID');
    return this.play(provider, p, 'bet', body, { stake: minorOf(body.amount, p.merchant.currency), win: 0, close: false }, now);
  }

  /**
   * Pays a round's win (zero closes a lost round). Accepted whatever the state of the player's session,
   * but only on a round with a live stake of this player: a win on a round that never had a bet, or
   * whose bets were all rolled back (the provider's timeout, then rollback), is refused, for good.
   */
  async win(provider: ProviderRow, body: SeamlessWinBody, now = new Date()): Promise<SeamlessMove> {
    const p = await this.playerOf(provider, body.playerId);
    this.checkCurrency(p, body.currency);
    return this.play(provider, p, 'win', body, { stake: 0, win: minorOf(body.amount, p.merchant.currency), close: body.roundClosed }, now);
  }

  /**
   * A bet (stake from the player to the house) or a win (from the house to the player) under the
   * provider's transaction id, added to its round; a zero win moves nothing but still counts.
   * Calls go through the group writer: alone when the wallet is idle, together with the calls that
   * arrived meanwhile when it is busy; either way each is written exactly as it would be alone.
   */
  private async play(
    provider: ProviderRow,
    p: Player,
    kind: 'bet' | 'win',
    body: { transactionId: string; roundId: string; gameCode: string; detail?: Record<string, unknown> | undefined },
    change: { stake: number; win: number; close: boolean },
    now: Date,
  ): Promise<SeamlessMove> {
    const amount = change.stake + change.win;
    const requestHash = sha256Hex(JSON.stringify([kind, body, change]));
    const record: PlayRecord = {
      provider: provider.code,
      transactionId: body.transactionId,
      kind,
      requestHash,
      amount,
      createdAt: now,
      round: { ...this.roundOf(provider, p, body) },
      change: { ...change, detail: body.detail },
      currency: p.merchant.currency,
    };
    const movement: PairRequest = {
      merchantId: p.member.merchantId,
      type: kind,
      memberAccountId: p.main,
      houseAccountId: p.games,
      amount: kind === 'win' ? amount : -amount,
      idempotencyKey: `seamless:${provider.code}:${body.transactionId}`,
      request: requestHash,
      reference: {
        provider: provider.code,
        category: await this.categoryOf(provider.vendorCode),
        roundId: body.roundId,
        gameCode: body.gameCode,
        transactionId: body.transactionId,
      },
    };
    const outcome = await this.writer.submit({ provider, p, kind, transactionId: body.transactionId, requestHash, record, movement });
    if ('error' in outcome) throw outcome.error;
    // Committed: the player's open pages hear of it (a repeat tells them again, which is harmless).
    if (amount !== 0) this.notices.add([p.member.id]);
    return outcome.move;
  }

  /**
   * Plays written together (one play alone is a group of one), in one statement prepared once (see
   * postMany and recordPlaysAlongside): the ledger movements, the provider transactions and the
   * rounds, zero wins included. The house side of each movement is the merchant's games account of
   * the group's lane: groups in flight at once then lock no house row in common, and commit side by
   * side (and nodes, starting their lanes at a random shard, seldom meet on one).
   */
  private async writeTogether(plays: Play[], lane: number): Promise<Outcome[]> {
    const movements = await Promise.all(
      plays.map(async (x) => ({
        ...x.movement,
        houseAccountId: await houseAccount(this.db, x.p.merchant.id, 'games', x.p.merchant.currency, this.firstHouseShard + lane),
      })),
    );
    return this.written(plays, movements);
  }

  /** Writes plays with these movements in one statement; the outcome of each. */
  private async written(plays: Play[], movements: PairRequest[]): Promise<Outcome[]> {
    const results = await postMany(this.db, movements, recordPlaysAlongside(plays.map((x) => x.record)));
    return Promise.all(
      results.map(async (r, i): Promise<Outcome> => {
        const x = plays[i] as Play;
        if (r.status === 'seen') return this.outcomeOfRepeat(x);
        if (r.status === 'short') {
          const detail = { balance: toAmount(r.balance, x.p.merchant.currency), currency: x.p.merchant.currency };
          return { error: new AppError('APP_ERR_WALLET_INSUFFICIENT_FUNDS', undefined, detail) };
        }
        // The stake gate refused the bet: nothing moved and nothing is recorded, as for a short one.
        if (r.status === 'refused') {
          return { error: await gateRefusal(this.db, { memberId: x.p.member.id, amount: -x.movement.amount }, r.code) };
        }
        if (!r.alongside) return { error: new Error('written play without its record') };
        return { move: r.alongside as SeamlessMove };
      }),
    );
  }

  /**
   * One play in its own statement, when its group failed as a whole: a group of one, its house side
   * the games shard of its player. An id taken meanwhile by a statement that began after this one's
   * (a retry landing on another node, a rollback's tombstone) fails it: the stored answer is then
   * the outcome, or the refusal of a different call under the id.
   */
  private async writeAlone(x: Play): Promise<Outcome> {
    try {
      return (await this.written([x], [x.movement]))[0] as Outcome;
    } catch (error) {
      if (sqlState(error) === sqlStates.uniqueViolation) return this.outcomeOfRepeat(x);
      return { error };
    }
  }

  /** An outcome from what the provider's id holds already. */
  private outcomeOfRepeat(x: Play): Promise<Outcome> {
    return this.repeat(this.db, x.provider, x.transactionId, x.kind, x.requestHash).then(
      (move) => ({ move }),
      (error: unknown) => ({ error }),
    );
  }

  /**
   * Undoes a bet. A bet we never saw is recorded as cancelled, so it is refused if it arrives later;
   * a bet already undone moves nothing again; a bet whose round has paid a win cannot be undone. A win
   * is never undone: a rollback naming one, paid or refused, is refused as naming no bet.
   */
  async rollback(provider: ProviderRow, body: SeamlessRollbackBody, now = new Date()): Promise<SeamlessMove> {
    const p = await this.playerOf(provider, body.playerId);
    const requestHash = sha256Hex(JSON.stringify(['rollback', body]));
    const category = await this.categoryOf(provider.vendorCode);
    return this.moving(p, async (tx) => {
      const base = { provider: provider.code, merchantId: p.member.merchantId, memberId: p.member.id, createdAt: now };
      const claimed = await claimTransaction(tx, {
        ...base,
        transactionId: body.transactionId,
        kind: 'rollback',
        status: 'done',
        roundId: body.roundId ?? null,
        gameCode: body.gameCode ?? null,
        amount: 0,
        betTransactionId: body.betTransactionId,
        requestHash,
      });
      if (!claimed) return this.repeat(tx, provider, body.transactionId, 'rollback', requestHash);
      const finish = async (walletTransactionId: number, balance: number, amount = 0) => {
        const result = { balance: toAmount(balance, p.merchant.currency), currency: p.merchant.currency, walletTransactionId };
        await finishTransaction(tx, claimed.id, { answer: result, amount, ledgerTransactionId: walletTransactionId || null });
        return result;
      };
      // A bet never seen: leave a cancelled row in its place, so it is refused when it comes.
      const tombstone = await claimTransaction(tx, {
        ...base,
        transactionId: body.betTransactionId,
        kind: 'bet',
        status: 'cancelled',
        roundId: body.roundId ?? null,
        gameCode: body.gameCode ?? null,
        amount: 0,
        requestHash: null,
      });
      if (tombstone) return finish(0, await balanceOf(tx, p.main));
      const bet = await lockTransaction(tx, provider.code, body.betTransactionId);
      if (bet?.kind !== 'bet' || bet.memberId !== p.member.id) throw new AppError('APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN');
      if (bet.status !== 'done') return finish(0, await balanceOf(tx, p.main));
      // The refund locks the player's accounts first, and the round only then: the order a group of
      // bets and wins locks them in (see recordPlaysAlongside). A win of this round written first is
      // seen here and the refund is undone (the bet is settled); a win written after finds no stake.
      const moved = await post(tx, {
        merchantId: p.member.merchantId,
        type: 'rollback',
        postings: [
          { accountId: p.games, amount: -bet.amount },
          { accountId: p.main, amount: bet.amount },
        ],
        idempotencyKey: `seamless:${provider.code}:${body.transactionId}`,
        request: requestHash,
        reference: {
          provider: provider.code,
          category,
          roundId: bet.roundId,
          transactionId: body.transactionId,
          betTransactionId: bet.transactionId,
        },
      });
      const round = bet.roundId ? await lockRound(tx, provider.code, bet.roundId) : undefined;
      if (round && round.win > 0) throw new AppError('APP_ERR_SEAMLESS_BET_SETTLED');
      await finishTransaction(tx, bet.id, { status: 'rolled_back' });
      if (round)
        await addToRound(
          tx,
          this.roundOf(provider, p, { roundId: round.roundId, gameCode: round.gameCode }),
          { stake: -bet.amount, win: 0, close: false },
          now,
        );
      return finish(moved.transactionId, moved.balances[p.main] ?? 0, bet.amount);
    });
  }

  async closeRound(provider: ProviderRow, playerId: string, roundId: string, now = new Date()): Promise<SeamlessRound> {
    const p = await this.playerOf(provider, playerId);
    const found = await findRound(this.db, provider.code, roundId);
    if (!found || found.memberId !== p.member.id) throw new AppError('APP_ERR_SEAMLESS_ROUND_UNKNOWN');
    const round = (await closeRoundRow(this.db, provider.code, roundId, now)) ?? found;
    return {
      roundId: round.roundId,
      status: round.status as 'open' | 'closed',
      stake: toAmount(round.stake, p.merchant.currency),
      win: toAmount(round.win, p.merchant.currency),
    };
  }

  /** Runs a money-moving call in one transaction; when it commits, open pages hear of the new balance. */
  private async moving(p: Player, work: (tx: Db) => Promise<SeamlessMove>): Promise<SeamlessMove> {
    try {
      return await inTransaction(this.db, async (tx) => {
        const result = await work(tx);
        // Inside the transaction: the notice goes out with the commit, and costs no commit of its own.
        if (result.walletTransactionId > 0) await publishBalances(tx, [p.member.id]);
        return result;
      });
    } catch (err) {
      throw await this.withBalance(p, err);
    }
  }

  /** Insufficient funds answers with the player's balance, as providers expect. */
  private async withBalance(p: Player, err: unknown): Promise<unknown> {
    if (err instanceof AppError && err.code === 'APP_ERR_WALLET_INSUFFICIENT_FUNDS') {
      const balance = toAmount(await balanceOf(this.db, p.main), p.merchant.currency);
      return new AppError('APP_ERR_WALLET_INSUFFICIENT_FUNDS', undefined, { balance, currency: p.merchant.currency });
    }
    return err;
  }

  /** The stored answer to an id already used, when this is the same call; a different call under the id is refused. */
  private async repeat(tx: Db, provider: ProviderRow, transactionId: string, kind: string, requestHash: string): Promise<SeamlessMove> {
    const row: ProviderTransactionRow | undefined = await findTransaction(tx, provider.code, transactionId);
    if (!row) throw new Error('claimed transaction vanished');
    if (kind === 'bet' && row.kind === 'bet' && row.status === 'cancelled') throw new AppError('APP_ERR_SEAMLESS_BET_CANCELLED');
    if (row.kind !== kind || row.requestHash !== requestHash) throw new AppError('APP_ERR_LEDGER_DUPLICATE');
    // A win refused for want of a live stake stays refused: its round can no longer owe it.
    if (row.status === 'refused') throw new AppError('APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN');
    if (!row.answer) throw new AppError('APP_ERR_LEDGER_DUPLICATE');
    return row.answer as SeamlessMove;
  }

  private roundOf(provider: ProviderRow, p: Player, body: { roundId: string; gameCode: string }) {
    return {
      provider: provider.code,
      roundId: body.roundId,
      merchantId: p.member.merchantId,
      memberId: p.member.id,
      vendorCode: provider.vendorCode,
      gameCode: body.gameCode,
    };
  }

  private checkCurrency(p: Player, currency: string) {
    if (currency !== p.merchant.currency) throw new AppError('APP_ERR_SEAMLESS_CURRENCY');
  }

  private async liveSession(provider: ProviderRow, token: string, now: Date): Promise<GameSessionRow> {
    const hash = sha256Hex(token);
    const session = await this.sessions
      .get(hash, async () => {
        const found = await findGameSession(this.db, hash);
        // Not remembered when missing: a launch token may be used the moment it is made.
        if (!found) throw new AppError('APP_ERR_SEAMLESS_TOKEN_INVALID');
        return found;
      })
      .catch(() => undefined);
    if (!session || session.vendorCode !== provider.vendorCode) throw new AppError('APP_ERR_SEAMLESS_TOKEN_INVALID');
    if (session.expiresAt <= now) throw new AppError('APP_ERR_SEAMLESS_TOKEN_EXPIRED');
    return session;
  }

  /** The player of a call: a member of a merchant that offers the provider's vendor, with its wallet accounts. */
  private async playerOf(provider: ProviderRow, playerId: string): Promise<Player> {
    const id = Number(playerId);
    const member = await this.facts.get(`member:${id}`, () => memberById(this.db, id));
    if (!member) throw new AppError('APP_ERR_SEAMLESS_PLAYER_UNKNOWN');
    const merchant = (await this.directory.list()).find((m) => m.id === member.merchantId);
    if (!merchant || !(await this.offers(merchant.id, provider.vendorCode))) throw new AppError('APP_ERR_SEAMLESS_PLAYER_UNKNOWN');
    const [main, games] = await Promise.all([
      memberAccount(this.db, merchant.id, member.id, walletKinds.main, merchant.currency),
      houseAccount(this.db, merchant.id, 'games', merchant.currency, member.id),
    ]);
    return { member, merchant, main, games };
  }

  /** The game category of a vendor (RNG, LIVE, ...), for records and profit by category. */
  private async categoryOf(vendorCode: string): Promise<string> {
    return (await this.facts.get(`category:${vendorCode}`, () => vendorCategory(this.db, vendorCode))) ?? 'OTHER';
  }

  private offers(merchantId: number, vendorCode: string): Promise<boolean> {
    return this.facts.get(`offers:${merchantId}:${vendorCode}`, () => merchantOffersVendor(this.db, merchantId, vendorCode));
  }
}
