// A member whose identity an operator has verified, for tests that withdraw on a market asking for it
// (UEMOA). Goes through the same services as the site and the back office. Never imported by the application.
import { MerchantDirectory, merchantById } from '../src/modules/merchants/merchants.service.ts';
import type { ActingOperator } from '../src/modules/operators/operators.service.ts';
import { decideVerification, submitVerification, uploadDocument } from '../src/modules/verification/verification.service.ts';
import type { Db } from '../src/platform/db.ts';
import { demoDocuments } from '../src/seed/verification.seed.ts';

export async function verifyMember(db: Db, member: { id: number; merchantId: number }): Promise<void> {
  const merchant = await merchantById(db, member.merchantId);
  if (!merchant) throw new Error(`no merchant ${member.merchantId}`);
  for (const [kind, draw] of Object.entries(demoDocuments)) await uploadDocument(db, member, kind as 'id_front', draw());
  await submitVerification(db, merchant, member);
  const op: ActingOperator = { id: 0, account: 'test-kyc', role: 'risk', allMerchants: true, merchantIds: [], via: 'api_key' };
  await decideVerification(db, new MerchantDirectory(db, 0), op, member.id, { decision: 'approve', reason: '' });
}
