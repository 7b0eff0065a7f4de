// A node that starts the test's paying job for one period and dies in the middle of it: it says
// "holding" once the payment is written (not committed) and waits to be killed. DATABASE_URL, MEMBER_ID,
// MERCHANT_ID, CURRENCY and NOW (the test clock) say what to run.

import { openDatabase } from '../src/platform/db.ts';
import { runDuePeriods } from '../src/platform/jobs.ts';
import { payingJob } from './period-job-fixture.ts';

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: '' });
const merchant = { id: Number(process.env.MERCHANT_ID), currency: String(process.env.CURRENCY) };
const job = await payingJob(database.db, merchant, Number(process.env.MEMBER_ID), () => {
  process.stdout.write('holding\n');
  return new Promise(() => {});
});
await runDuePeriods(database.db, job, new Date(String(process.env.NOW)));
