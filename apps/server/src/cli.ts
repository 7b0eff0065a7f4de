import { parseArgs } from 'node:util';
import { MerchantDirectory } from './modules/merchants/merchants.service.ts';
import { loadConfig } from './platform/config.ts';
import { type Database, openDatabase } from './platform/db.ts';

const usage = `Operator commands (until the back office exists):
  npm run merchant -- list
  npm run merchant -- maintenance <CODE> on [--until 2026-12-01T03:00:00Z]
  npm run merchant -- maintenance <CODE> off
  npm run merchant -- restrict <CODE> <CC,CC,...>     (empty list lifts every restriction)`;

/** Runs one operator command against the configured database and prints the result. */
export async function runCli(argv: string[], out: (line: string) => void = console.log, given?: Database): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { until: { type: 'string' } } });
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
    out(usage);
    return 2;
  } catch (err) {
    out(err instanceof Error ? err.message : String(err));
    return 1;
  } finally {
    if (!given) await database.close();
  }
}

if (process.argv[1] && /cli\.(ts|js)$/.test(process.argv[1])) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
