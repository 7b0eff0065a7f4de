import { parseArgs } from 'node:util';
import { adminPaths, apiPaths, settlementAdminPaths, verificationPaths } from '@platform/contract';

const usage = `Operator commands, sent to the running server's admin API (either database):
  PLATFORM_API_KEY=opk_...  the key of an operator (create one: POST /admin/v1/api-keys, signed in); the command acts as that operator
  PLATFORM_URL=http://localhost:8080  the server (default)

  npm run merchant -- list
  npm run merchant -- maintenance <CODE> on [--until 2026-12-01T03:00:00Z]
  npm run merchant -- maintenance <CODE> off
  npm run merchant -- restrict <CODE> <CC,CC,...>     (empty list lifts every restriction)
  npm run merchant -- ledger check                     (each balance equals its entries; each movement sums to zero)
  npm run merchant -- audit verify                     (the audit log's hash chain: finds an edited, deleted or inserted line)
  npm run merchant -- turnover <CODE> <N>              (a deposit must be wagered N times before a withdrawal; 0: never)
  npm run merchant -- withdrawals [CODE] [--status pending,paid]
  npm run merchant -- withdrawal approve <REFERENCE> [--reason "..."]
  npm run merchant -- withdrawal reject <REFERENCE> --reason "..."
  npm run merchant -- verifications [CODE] [--status pending|approved|rejected]
                                                       (identity verifications: member, account, state, documents)
  npm run merchant -- verification approve <MEMBER_ID>
  npm run merchant -- verification reject <MEMBER_ID> --reason "..."
  npm run merchant -- lottery-caps <CODE> [--number AMOUNT] [--draw AMOUNT]
                                                       (the most the house may owe on one number of one play of an issue, and on one issue)
  npm run merchant -- agents-recompute <CODE> <daily|dividend> <PERIOD>
                                                       (a settled period's bills and commission lines recomputed from the raw ledger
                                                        and compared with those stored; PERIOD as bills show it: 2026-11-24, 2026-W48, 2026-11-H2, 2026-11)`;

// biome-ignore lint/suspicious/noExplicitAny: the value of an answer is read per command, as the contract types it.
type Answer = { status: number; body: { success: boolean; code?: string; message: string; value: any } };

/** How the command line reaches the admin API: over HTTP to a running server, or (tests) in process. */
export interface AdminClient {
  request(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Answer>;
}

/** The admin API of a running server, as the operator of `apiKey`. */
export function httpClient(baseUrl: string, apiKey: string): AdminClient {
  return {
    async request(method, path, body) {
      const res = await fetch(new URL(path, baseUrl), {
        method,
        headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).catch((err: Error) => {
        throw new Error(`cannot reach the server at ${baseUrl} (${err.message}): is it running? (PLATFORM_URL)`);
      });
      return { status: res.status, body: (await res.json()) as Answer['body'] };
    },
  };
}

class Refused extends Error {}

/**
 * Runs one operator command through the admin API and prints the result: the server checks the
 * key's permissions and merchant scope and audits the action, as for the back office. Exit codes:
 * 0 done, 1 refused by the server, 2 a command the CLI does not understand.
 */
export async function runCli(argv: string[], out: (line: string) => void = console.log, given?: AdminClient): Promise<number> {
  let parsed: { positionals: string[]; values: Partial<Record<'until' | 'reason' | 'status' | 'number' | 'draw', string>> };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        until: { type: 'string' },
        reason: { type: 'string' },
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
  const key = process.env.PLATFORM_API_KEY;
  if (!given && !key) {
    out(`PLATFORM_API_KEY is not set\n${usage}`);
    return 2;
  }
  const client = given ?? httpClient(process.env.PLATFORM_URL ?? 'http://localhost:8080', key ?? '');
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
    const res = await client.request(method, path, body);
    if (!res.body.success) {
      const fields = res.body.value?.fields;
      throw new Refused(`${res.body.code ?? res.status}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
    }
    return res.body.value;
  };
  const merchantPath = (template: string, merchant: string) => template.replace(':code', encodeURIComponent(merchant.toUpperCase()));
  try {
    if (command === 'list') {
      for (const m of (await call('GET', adminPaths.merchants)).list) {
        const state = m.maintenance
          ? `maintenance until ${m.maintenanceEnd ? new Date(m.maintenanceEnd).toISOString() : 'switched off'}`
          : 'open';
        out(`${m.code}\t${m.currency}\t${m.languages.join(',')}\t${state}\trestricted: ${m.restrictedCountries.join(',') || '-'}`);
      }
      return 0;
    }
    if (command === 'maintenance' && code && (arg === 'on' || arg === 'off')) {
      const end = values.until ? new Date(values.until) : null;
      if (end && Number.isNaN(end.getTime())) {
        out(`invalid --until time: ${values.until}`);
        return 2;
      }
      const m = await call('PUT', merchantPath(adminPaths.merchantMaintenance, code), { on: arg === 'on', until: end?.getTime() ?? null });
      out(
        `${m.code}: maintenance ${m.maintenance ? `on${m.maintenanceEnd ? ` until ${new Date(m.maintenanceEnd).toISOString()}` : ''}` : 'off'}`,
      );
      return 0;
    }
    if (command === 'restrict' && code) {
      const countries = (arg ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
      const m = await call('PUT', merchantPath(adminPaths.merchantRestrictions, code), { countries });
      out(`${m.code}: restricted countries ${m.restrictedCountries.join(',') || 'none'}`);
      return 0;
    }
    if (command === 'ledger' && code === 'check') {
      const check = await call('POST', adminPaths.ledgerCheck);
      for (const a of check.accountViolations) out(`account ${a.id}: balance ${a.balance} but entries sum to ${a.entriesSum}`);
      for (const t of check.transactionViolations) out(`transaction ${t.id}: ${t.entries} entries summing to ${t.total}`);
      out(check.ok ? 'ledger ok: every balance equals its entries, every movement sums to zero' : 'ledger NOT ok');
      return check.ok ? 0 : 1;
    }
    if (command === 'audit' && code === 'verify') {
      const check = await call('POST', adminPaths.auditVerify);
      for (const b of check.breaks)
        out(`line ${b.id}: ${b.problem === 'edited' ? 'edited' : 'does not follow the line before it (a line was deleted or inserted)'}`);
      out(check.ok ? `audit chain ok: ${check.rows} lines, head ${check.headHash}` : 'audit chain NOT ok');
      return check.ok ? 0 : 1;
    }
    if (command === 'lottery-caps' && code) {
      const change: { numberCap?: number; drawCap?: number } = {};
      for (const [field, text] of [
        ['numberCap', values.number],
        ['drawCap', values.draw],
      ] as const) {
        if (text === undefined) continue;
        const amount = Number(text);
        if (!Number.isFinite(amount) || amount <= 0 || Math.round(amount * 100) / 100 !== amount) {
          out(`invalid amount: ${text}`);
          return 2;
        }
        change[field] = amount;
      }
      const path = merchantPath(adminPaths.merchantLotteryCaps, code);
      const caps = Object.keys(change).length > 0 ? await call('PUT', path, change) : await call('GET', path);
      out(
        `${caps.code}: at most ${caps.numberCap} ${caps.currency} owed on one number of one play, ${caps.drawCap} ${caps.currency} on one issue`,
      );
      return 0;
    }
    if (command === 'turnover' && code && arg !== undefined) {
      const n = Number(arg);
      if (!Number.isInteger(n) || n < 0 || n > 100) {
        out(`invalid multiplier: ${arg}`);
        return 2;
      }
      const set = await call('PUT', merchantPath(adminPaths.merchantTurnover, code), { multiplier: n });
      out(`${set.code}: deposits must be wagered ${set.multiplier} time(s) before a withdrawal`);
      return 0;
    }
    if (command === 'withdrawals') {
      const query = new URLSearchParams({ status: values.status ?? 'pending' });
      if (code) query.set('merchant', code.toUpperCase());
      const rows = await call('GET', `${apiPaths.adminWithdrawals}?${query}`);
      for (const w of rows) {
        out(
          `${w.reference}\t${w.status}\t${w.amount.toFixed(2)} ${w.currency}\tmember ${w.memberId}\t${new Date(w.createdAt).toISOString()}`,
        );
      }
      out(`${rows.length} withdrawal(s)`);
      return 0;
    }
    if (command === 'agents-recompute' && code && (arg === 'daily' || arg === 'dividend') && positionals[3]) {
      const period = positionals[3];
      const r = await call('GET', `${merchantPath(settlementAdminPaths.recompute, code)}?kind=${arg}&period=${encodeURIComponent(period)}`);
      // biome-ignore lint/suspicious/noExplicitAny: the contract's SettledBill, as answered.
      const print = (bills: any[]) => {
        for (const b of bills) {
          out(
            `contract ${b.contractId} ${b.account} (paid by ${b.payer || 'the platform'}): turnover ${b.teamTurnover}, loss ${b.teamLoss}, ` +
              `active ${b.activeMembers}, carried ${b.carriedIn} in / ${b.carriedOut} out, tier ${b.tier ?? '-'}, ` +
              `${b.ratioBp} bp of ${b.base} = ${b.amount}, its downlines' bills ${b.downlineAmount}`,
          );
          for (const l of b.lines)
            out(
              `  ${l.account} level ${l.level}${l.via ? ` via ${l.via}` : ''}: turnover ${l.turnover}, loss ${l.loss}, share ${l.amount}`,
            );
        }
      };
      out(`${code.toUpperCase()} ${arg} ${period}: ${r.recomputed.length} bills recomputed from the ledger`);
      print(r.recomputed);
      if (!r.same) {
        out(`stored: ${r.stored.length} bills`);
        print(r.stored);
      }
      out(`same as stored: ${r.same ? 'yes' : 'NO'}`);
      return r.same ? 0 : 1;
    }
    if (command === 'verifications') {
      const query = new URLSearchParams({ status: values.status ?? 'pending', pageSize: '100' });
      if (code) query.set('merchant', code.toUpperCase());
      const page = await call('GET', `${verificationPaths.adminList}?${query}`);
      for (const v of page.content) {
        const kinds = v.documents.map((d: { kind: string }) => d.kind).join(',');
        out(`member ${v.memberId}\t${v.merchant}\t${v.account}\t${v.status}${v.reason ? ` (${v.reason})` : ''}\t${kinds}`);
      }
      return 0;
    }
    if (command === 'verification' && (code === 'approve' || code === 'reject') && arg) {
      const path = verificationPaths.adminDecision.replace(':memberId', encodeURIComponent(arg));
      const v = await call('POST', path, { decision: code, reason: values.reason ?? '' });
      out(`member ${v.memberId} ${v.account}: ${v.status}${v.reason ? ` (${v.reason})` : ''}`);
      return 0;
    }
    if (command === 'withdrawal' && (code === 'approve' || code === 'reject') && arg) {
      const template = code === 'approve' ? apiPaths.adminWithdrawalApprove : apiPaths.adminWithdrawalReject;
      const row = await call('POST', template.replace(':reference', encodeURIComponent(arg.toUpperCase())), {
        reason: values.reason ?? '',
      });
      out(`${row.reference}: ${row.status}${row.reviewReason ? ` (${row.reviewReason})` : ''}`);
      return 0;
    }
    out(usage);
    return 2;
  } catch (err) {
    out(err instanceof Error ? err.message : String(err));
    return 1;
  }
}

if (process.argv[1] && /cli\.(ts|js)$/.test(process.argv[1])) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
