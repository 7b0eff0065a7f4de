import { parseArgs } from 'node:util';
import { toAmount, toMinor } from '@platform/contract';
import { capsOf, setCaps } from './modules/lottery/lottery.limits.ts';
import { MerchantDirectory, merchantByCode } from './modules/merchants/merchants.service.ts';
import { withdrawalQueue } from './modules/payments/admin.service.ts';
import { setTurnoverMultiplier } from './modules/payments/payment-settings.ts';
import { withdrawDeps } from './modules/payments/payments.ts';
import { approveWithdrawal, rejectWithdrawal } from './modules/payments/withdrawals.service.ts';
import { checkLedger } from './modules/wallet/ledger.service.ts';
import { loadConfig } from './platform/config.ts';
import { type Database, openDatabase } from './platform/db.ts';
import { AppError } from './platform/errors.ts';

const usage = `Operator commands (until the back office exists):
  npm run merchant -- list
  npm run merchant -- maintenance <CODE> on [--until 2026-12-01T03:00:00Z]
  npm run merchant -- maintenance <CODE> off
  npm run merchant -- restrict <CODE> <CC,CC,...>     (empty list lifts every restriction)
  npm run merchant -- ledger check                     (each balance equals its entries; each movement sums to zero)
  npm run merchant -- turnover <CODE> <N>              (a deposit must be wagered N times before a withdrawal; 0: never)
  npm run merchant -- withdrawals [CODE] [--status pending,paid]
  npm run merchant -- withdrawal approve <REFERENCE> [--reason "..."] [--operator NAME]
  npm run merchant -- withdrawal reject <REFERENCE> --reason "..." [--operator NAME]
  npm run merchant -- lottery-caps <CODE> [--number AMOUNT] [--draw AMOUNT]
                                                       (the most the house may owe on one number of one play of an issue, and on one issue)`;

/** Runs one operator command against the configured database and prints the result. */
export async function runCli(argv: string[], out: (line: string) => void = console.log, given?: Database): Promise<number> {
  let parsed: { positionals: string[]; values: Partial<Record<'until' | 'reason' | 'operator' | 'status' | 'number' | 'draw', string>> };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        until: { type: 'string' },
        reason: { type: 'string' },
        operator: { type: 'string' },
        status: { type: 'string' },
        number: { type: 'string' },
        draw: { type: 'string' },
      },
    });
  } catch (err) {
    // An option the command does not know, or a value that reads as an option (--number -3).
    out(`${(err as Error).message}\n${usage}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const [command, code, arg] = positionals;
  const config = loadConfig();
  const database = given ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  try {
    if (!given) await database.migrate();
    const directory = new MerchantDirectory(database.db, 0);
    if (command === 'list') {
      for (const m of await directory.list()) {
        const state = m.maintenance ? `maintenance until ${m.maintenanceEnd?.toISOString() ?? 'switched off'}` : 'open';
        out(`${m.code}\t${m.currency}\t${m.langList.join(',')}\t${state}\trestricted: ${m.restrictedCountries.join(',') || '-'}`);
      }
      return 0;
    }
    if (command === 'maintenance' && code && (arg === 'on' || arg === 'off')) {
      const end = values.until ? new Date(values.until) : null;
      if (end && Number.isNaN(end.getTime())) {
        out(`invalid --until time: ${values.until}`);
        return 2;
      }
      const m = await directory.setMaintenance(code.toUpperCase(), arg === 'on', end);
      out(`${m.code}: maintenance ${m.maintenance ? `on${m.maintenanceEnd ? ` until ${m.maintenanceEnd.toISOString()}` : ''}` : 'off'}`);
      return 0;
    }
    if (command === 'restrict' && code) {
      const m = await directory.setRestrictedCountries(code.toUpperCase(), (arg ?? '').split(','));
      out(`${m.code}: restricted countries ${m.restrictedCountries.join(',') || 'none'}`);
      return 0;
    }
    if (command === 'ledger' && code === 'check') {
      const check = await checkLedger(database.db);
      for (const a of check.accountViolations) out(`account ${a.id}: balance ${a.balance} but entries sum to ${a.entriesSum}`);
      for (const t of check.transactionViolations) out(`transaction ${t.id}: ${t.entries} entries summing to ${t.total}`);
      out(check.ok ? 'ledger ok: every balance equals its entries, every movement sums to zero' : 'ledger NOT ok');
      return check.ok ? 0 : 1;
    }
    if (command === 'lottery-caps' && code) {
      const merchant = await merchantByCode(database.db, code);
      if (!merchant) throw new Error(`unknown merchant ${code}`);
      const change: { numberCap?: number; drawCap?: number } = {};
      for (const [key, given] of [
        ['numberCap', values.number],
        ['drawCap', values.draw],
      ] as const) {
        if (given === undefined) continue;
        const amount = Number(given);
        if (!Number.isFinite(amount) || amount <= 0 || Math.round(amount * 100) / 100 !== amount) {
          out(`invalid amount: ${given}`);
          return 2;
        }
        change[key] = toMinor(amount);
      }
      const caps =
        Object.keys(change).length > 0 ? await setCaps(database.db, merchant.id, change) : await capsOf(database.db, merchant.id);
      out(
        `${merchant.code}: at most ${toAmount(caps.numberCap)} ${merchant.currency} owed on one number of one play, ${toAmount(caps.drawCap)} ${merchant.currency} on one issue`,
      );
      return 0;
    }
    if (command === 'turnover' && code && arg !== undefined) {
      const n = Number(arg);
      if (!Number.isInteger(n) || n < 0 || n > 100) {
        out(`invalid multiplier: ${arg}`);
        return 2;
      }
      const merchant = await merchantByCode(database.db, code);
      if (!merchant) throw new Error(`unknown merchant ${code}`);
      await setTurnoverMultiplier(database.db, merchant.id, n);
      out(`${merchant.code}: deposits must be wagered ${n} time(s) before a withdrawal`);
      return 0;
    }
    if (command === 'withdrawals') {
      const merchant = code ? await merchantByCode(database.db, code) : undefined;
      if (code && !merchant) throw new Error(`unknown merchant ${code}`);
      const rows = await withdrawalQueue(database.db, { merchantId: merchant?.id, statuses: (values.status ?? 'pending').split(',') });
      for (const w of rows) {
        out(
          `${w.reference}\t${w.status}\t${w.amount.toFixed(2)} ${w.currency}\tmember ${w.memberId}\t${new Date(w.createdAt).toISOString()}`,
        );
      }
      out(`${rows.length} withdrawal(s)`);
      return 0;
    }
    if (command === 'withdrawal' && (code === 'approve' || code === 'reject') && arg) {
      const operator = { name: values.operator ?? `cli:${process.env.USER ?? 'operator'}` };
      const deps = await withdrawDeps(database.db, config);
      const row =
        code === 'approve'
          ? await approveWithdrawal(deps, operator, arg.toUpperCase(), values.reason ?? '')
          : await rejectWithdrawal(database.db, operator, arg.toUpperCase(), values.reason ?? '');
      out(`${row.reference}: ${row.status}${row.reviewReason ? ` (${row.reviewReason})` : ''}`);
      return 0;
    }
    out(usage);
    return 2;
  } catch (err) {
    if (err instanceof AppError) out(`${err.code}${err.fields ? ` ${JSON.stringify(err.fields)}` : ''}`);
    else out(err instanceof Error ? err.message : String(err));
    return 1;
  } finally {
    if (!given) await database.close();
  }
}

if (process.argv[1] && /cli\.(ts|js)$/.test(process.argv[1])) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
