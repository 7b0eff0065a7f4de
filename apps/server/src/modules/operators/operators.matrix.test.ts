// Every /admin route tried with every role and three scopes (all merchants, Brazil, UEMOA), with a
// player's token and with nothing: each answer must be what the permissions table and the scope say.
import {
  adjustmentPaths,
  adminPaths,
  agentAdminPaths,
  agentDirectoryPaths,
  apiPaths,
  backofficePaths,
  contentAdminPaths,
  envelopePaths,
  feedbackPaths,
  inboxPaths,
  leaderboardPaths,
  lotteryAdminPaths,
  type OperatorRole,
  operatorRoles,
  playerPaths,
  pointsPaths,
  promotionAdminPaths,
  reportPaths,
  rewardPaths,
  settlementAdminPaths,
  supportPaths,
  vendorAdminPaths,
  verificationPaths,
} from '@platform/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator, sessionFor } from '../../../test/operators.ts';
import { bindAccount, newPlayer, rid, setPaymentPassword } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { submitFeedback } from '../feedback/feedback.service.ts';
import { sendNotice } from '../inbox/inbox.service.ts';
import { MerchantDirectory, merchantByCode } from '../merchants/merchants.service.ts';
import { adminMissions } from '../missions/missions.service.ts';
import { adjustmentRequests, withdrawals } from '../payments/payments.tables.ts';
import { mallRedemptions } from '../points/points.tables.ts';
import { adminOffers } from '../promotions/promotions-admin.service.ts';
import { createCanned, sendPlayerImage } from '../support/support.service.ts';
import { submitVerification, uploadDocument } from '../verification/verification.service.ts';
import { operatorGuard } from './operators.guard.ts';
import { type Action, permissions } from './operators.permissions.ts';

/** What an endpoint acts on: Brazil (by code, or a resource of Brazil), every merchant, or none in particular. */
type Target = 'brazil' | 'platform' | 'any';
interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as registered. */
  route: string;
  url: () => string;
  body?: () => object;
  action: Action | null;
  target: Target;
}

let sut: TestApp;
let player: Record<string, string>;
let brazilMember = 0;
let brazilWithdrawal = '';
let brazilSupport = 0;
let brazilMessage = 0;
let brazilFeedback = 0;
let brazilOffer = 0;
let brazilMission = 0;
let brazilRedemption = '';
let brazilChat = 0;
let brazilCanned = 0;
let brazilDocument = 0;
let brazilAdjustment = 0;
let n = 0;
const unique = () => `${Date.now().toString(36)}${n++}`;

beforeAll(async () => {
  sut = await buildTestApp();
  const db = sut.database.db;
  const p = await newPlayer(sut.app, db);
  player = p.headers;
  brazilMember = p.id;
  const brazil = await merchantByCode(db, 'BRAZIL');
  await setPaymentPassword(p);
  const account = await bindAccount(db, p, p.mobile, {
    kind: 'pix',
    holderName: 'Ana Souza',
    institution: 'email',
    number: `${p.account}@mail.com`,
  });
  // A withdrawal of Brazil already decided: allowed reviewers get a state conflict, never money moved.
  brazilWithdrawal = `WMATRIX${Date.now()}`;
  await db.insert(withdrawals).values({
    reference: brazilWithdrawal,
    merchantId: brazil?.id ?? 0,
    memberId: p.id,
    accountId: account.id,
    requestId: rid('matrix'),
    currency: 'BRL',
    amount: 100,
    status: 'rejected',
  } as typeof withdrawals.$inferInsert);
  // A redemption of Brazil already rejected: allowed operators get a state conflict, never points moved.
  brazilRedemption = `PMMATRIX${Date.now()}`;
  await db.insert(mallRedemptions).values({
    reference: brazilRedemption,
    merchantId: brazil?.id ?? 0,
    memberId: p.id,
    requestId: rid('matrix'),
    kind: 'goods',
    quantity: 1,
    points: 100,
    status: 'rejected',
    day: '2026-11-25',
  });
  brazilSupport = (await makeOperator(db, { account: 'brazil-support', role: 'support', merchants: ['BRAZIL'] })).id;
  // An adjustment request of Brazil already rejected: allowed checkers get a state conflict, never money moved.
  const [adjustment] = await db
    .insert(adjustmentRequests)
    .values({
      merchantId: brazil?.id ?? 0,
      memberId: p.id,
      currency: 'BRL',
      amount: 500_000,
      reason: 'matrix',
      requestId: rid('matrix'),
      makerId: brazilSupport,
      maker: 'brazil-support',
      status: 'rejected',
    })
    .returning();
  brazilAdjustment = adjustment?.id ?? 0;
  const text = { EN: 'matrix' };
  brazilMessage = (
    await sendNotice(db, {
      audience: 'merchant',
      merchantId: brazil?.id ?? 0,
      title: text,
      content: text,
      publishAt: new Date(),
      createdBy: 'matrix',
    })
  ).id;
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  brazilOffer = (await adminOffers(db, 'BRAZIL'))[0]?.id ?? 0;
  brazilMission = (await adminMissions(db, 'BRAZIL'))[0]?.id ?? 0;
  brazilFeedback = await submitFeedback(db, { id: p.id, merchantId: brazil?.id ?? 0 }, 'EN', 'The matrix feedback', [png]);
  // A support conversation of Brazil with an image: the first allowed role takes and closes it, the others get 409s.
  brazilChat = (await sendPlayerImage(db, new MerchantDirectory(db, 0), { id: p.id, merchantId: brazil?.id ?? 0 }, 'matrix-image', png))
    .conversationId;
  // A canned answer of Brazil: the first allowed role deletes it, the others get 404 (its merchant is still known).
  const cannedBy = {
    id: brazilSupport,
    account: 'brazil-support',
    role: 'support',
    allMerchants: false,
    merchantIds: [],
    via: 'api_key',
  } as const;
  brazilCanned = (
    await createCanned(
      db,
      new MerchantDirectory(db, 0),
      { ...cannedBy, merchantIds: [brazil?.id ?? 0] },
      {
        merchant: 'BRAZIL',
        title: 'Matrix',
        content: 'matrix',
        translations: {},
      },
    )
  ).id;
  // A verification of Brazil waiting for review: the first allowed reviewer decides it, the others get 409s.
  const member = { id: p.id, merchantId: brazil?.id ?? 0 };
  for (const kind of ['id_back', 'selfie', 'id_front'] as const) brazilDocument = (await uploadDocument(db, member, kind, png)).id;
  if (brazil) await submitVerification(db, brazil, member);
});
afterAll(() => sut.close());

const endpoints: Endpoint[] = [
  { method: 'GET', route: adminPaths.me, url: () => adminPaths.me, action: null, target: 'any' },
  { method: 'GET', route: adminPaths.operators, url: () => adminPaths.operators, action: 'operators.read', target: 'any' },
  {
    method: 'POST',
    route: adminPaths.operators,
    url: () => adminPaths.operators,
    body: () => ({ account: `m-${unique()}`, name: 'm', role: 'support', merchants: ['BRAZIL'], password: 'first password 1234' }),
    action: 'operators.manage',
    target: 'brazil',
  },
  {
    method: 'PATCH',
    route: adminPaths.operator,
    url: () => adminPaths.operator.replace(':id', String(brazilSupport)),
    body: () => ({ name: `renamed ${unique()}` }),
    action: 'operators.manage',
    target: 'brazil',
  },
  { method: 'GET', route: adminPaths.apiKeys, url: () => adminPaths.apiKeys, action: 'apikeys.manage', target: 'any' },
  {
    method: 'POST',
    route: adminPaths.apiKeys,
    url: () => adminPaths.apiKeys,
    body: () => ({ name: 'k' }),
    action: 'apikeys.manage',
    target: 'any',
  },
  {
    method: 'DELETE',
    route: adminPaths.apiKey,
    url: () => adminPaths.apiKey.replace(':id', '999999'),
    action: 'apikeys.manage',
    target: 'any',
  },
  { method: 'GET', route: adminPaths.merchants, url: () => adminPaths.merchants, action: 'merchants.read', target: 'any' },
  {
    method: 'PUT',
    route: adminPaths.merchantMaintenance,
    url: () => adminPaths.merchantMaintenance.replace(':code', 'BRAZIL'),
    body: () => ({ on: false }),
    action: 'merchants.manage',
    target: 'brazil',
  },
  {
    method: 'PUT',
    route: adminPaths.merchantRestrictions,
    url: () => adminPaths.merchantRestrictions.replace(':code', 'BRAZIL'),
    body: () => ({ countries: [] }),
    action: 'merchants.manage',
    target: 'brazil',
  },
  {
    method: 'PUT',
    route: adminPaths.merchantAdjustmentThreshold,
    url: () => adminPaths.merchantAdjustmentThreshold.replace(':code', 'BRAZIL'),
    body: () => ({ threshold: 1000 }),
    action: 'merchants.manage',
    target: 'brazil',
  },
  {
    method: 'PUT',
    route: adminPaths.merchantTurnover,
    url: () => adminPaths.merchantTurnover.replace(':code', 'BRAZIL'),
    body: () => ({ multiplier: 1 }),
    action: 'payments.settings',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: adminPaths.merchantLotteryCaps,
    url: () => adminPaths.merchantLotteryCaps.replace(':code', 'BRAZIL'),
    action: 'lottery.caps',
    target: 'brazil',
  },
  {
    method: 'PUT',
    route: adminPaths.merchantLotteryCaps,
    url: () => adminPaths.merchantLotteryCaps.replace(':code', 'BRAZIL'),
    body: () => ({ drawCap: 900000 }),
    action: 'lottery.caps',
    target: 'brazil',
  },
  { method: 'POST', route: adminPaths.ledgerCheck, url: () => adminPaths.ledgerCheck, action: 'ledger.check', target: 'platform' },
  {
    method: 'GET',
    route: apiPaths.adminWithdrawals,
    url: () => `${apiPaths.adminWithdrawals}?merchant=BRAZIL&status=rejected`,
    action: 'withdrawals.read',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: apiPaths.adminWithdrawalApprove,
    url: () => apiPaths.adminWithdrawalApprove.replace(':reference', brazilWithdrawal),
    body: () => ({ reason: '' }),
    action: 'withdrawals.review',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: apiPaths.adminWithdrawalReject,
    url: () => apiPaths.adminWithdrawalReject.replace(':reference', brazilWithdrawal),
    body: () => ({ reason: 'matrix' }),
    action: 'withdrawals.review',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: backofficePaths.withdrawalQueue,
    url: () => `${backofficePaths.withdrawalQueue}?merchant=BRAZIL&status=rejected`,
    action: 'withdrawals.read',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: backofficePaths.withdrawal,
    url: () => backofficePaths.withdrawal.replace(':reference', brazilWithdrawal),
    action: 'withdrawals.read',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: backofficePaths.members,
    url: () => `${backofficePaths.members}?merchant=BRAZIL&q=${brazilMember}`,
    action: 'members.read',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: backofficePaths.member,
    url: () => backofficePaths.member.replace(':memberId', String(brazilMember)),
    action: 'members.read',
    target: 'brazil',
  },
  {
    method: 'PUT',
    route: backofficePaths.memberPlay,
    url: () => backofficePaths.memberPlay.replace(':memberId', String(brazilMember)),
    body: () => ({ canPlay: true, reason: 'matrix' }),
    action: 'members.manage',
    target: 'brazil',
  },
  ...(['logins', 'addresses', 'linked', 'notes'] as const).map(
    (name): Endpoint => ({
      method: 'GET',
      route: playerPaths[name],
      url: () => playerPaths[name].replace(':memberId', String(brazilMember)),
      action: 'members.read',
      target: 'brazil',
    }),
  ),
  {
    method: 'PUT',
    route: playerPaths.flags,
    url: () => playerPaths.flags.replace(':memberId', String(brazilMember)),
    body: () => ({ flag: 'deposit', on: true, reason: 'matrix' }),
    action: 'members.manage',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: playerPaths.logout,
    url: () => playerPaths.logout.replace(':memberId', String(brazilMember)),
    body: () => ({ reason: 'matrix' }),
    action: 'members.manage',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: playerPaths.passwordReset,
    url: () => playerPaths.passwordReset.replace(':memberId', String(brazilMember)),
    body: () => ({ reason: 'matrix' }),
    action: 'members.manage',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: playerPaths.notes,
    url: () => playerPaths.notes.replace(':memberId', String(brazilMember)),
    body: () => ({ text: 'matrix' }),
    action: 'members.note',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: apiPaths.adminMemberLedger,
    url: () => apiPaths.adminMemberLedger.replace(':memberId', String(brazilMember)),
    action: 'ledger.read',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: apiPaths.adminAdjustment,
    url: () => apiPaths.adminAdjustment.replace(':memberId', String(brazilMember)),
    body: () => ({ amount: 1, reason: 'matrix', requestId: rid('adj') }),
    action: 'ledger.adjust',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: adjustmentPaths.requests,
    url: () => `${adjustmentPaths.requests}?merchant=BRAZIL`,
    action: 'ledger.read',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: adjustmentPaths.approve,
    url: () => adjustmentPaths.approve.replace(':id', String(brazilAdjustment)),
    body: () => ({}),
    action: 'ledger.adjust',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: adjustmentPaths.reject,
    url: () => adjustmentPaths.reject.replace(':id', String(brazilAdjustment)),
    body: () => ({ reason: 'matrix' }),
    action: 'ledger.adjust',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: inboxPaths.adminMessages,
    url: () => inboxPaths.adminMessages,
    body: () => ({ audience: 'merchant', merchant: 'BRAZIL', title: { EN: 'm' }, content: { EN: 'm' } }),
    action: 'messages.send',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: inboxPaths.adminMessages,
    url: () => `${inboxPaths.adminMessages}?merchant=BRAZIL`,
    action: 'messages.read',
    target: 'brazil',
  },
  {
    method: 'DELETE',
    route: inboxPaths.adminMessage,
    url: () => inboxPaths.adminMessage.replace(':id', String(brazilMessage)),
    action: 'messages.send',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: feedbackPaths.adminFeedback,
    url: () => `${feedbackPaths.adminFeedback}?merchant=BRAZIL`,
    action: 'feedback.read',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: feedbackPaths.adminFeedbackImage,
    url: () => feedbackPaths.adminFeedbackImage.replace(':id', String(brazilFeedback)).replace(':n', '0'),
    action: 'feedback.read',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: feedbackPaths.adminFeedbackAnswer,
    url: () => feedbackPaths.adminFeedbackAnswer.replace(':id', String(brazilFeedback)),
    body: () => ({ answer: 'matrix answer' }),
    action: 'feedback.answer',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: promotionAdminPaths.offers,
    url: () => `${promotionAdminPaths.offers}?merchant=BRAZIL`,
    action: 'promotions.read',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: promotionAdminPaths.offers,
    url: () => promotionAdminPaths.offers,
    body: () => ({
      merchant: 'BRAZIL',
      title: { PT: `Rebate ${unique()}` },
      terms: {
        type: 'daily_rebate',
        ratesBp: { RNG: 50 },
        capPerDay: 10_000,
        multiple: 1,
        contributions: { '*': 100 },
        maxBet: null,
        wagerDays: 7,
      },
      enabled: false,
    }),
    action: 'promotions.manage',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: promotionAdminPaths.offerSwitch,
    url: () => promotionAdminPaths.offerSwitch.replace(':id', String(brazilOffer)),
    body: () => ({ enabled: true }),
    action: 'promotions.manage',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: rewardPaths.adminMissions,
    url: () => `${rewardPaths.adminMissions}?merchant=BRAZIL`,
    action: 'promotions.read',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: rewardPaths.adminMissions,
    url: () => rewardPaths.adminMissions,
    body: () => ({
      merchant: 'BRAZIL',
      title: { PT: `Missão ${unique()}` },
      period: 'day',
      kind: 'bet_count',
      target: 5,
      reward: { kind: 'points', amount: 10 },
      enabled: false,
    }),
    action: 'promotions.manage',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: leaderboardPaths.admin,
    url: () => `${leaderboardPaths.admin}?merchant=BRAZIL`,
    action: 'promotions.read',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: leaderboardPaths.admin,
    url: () => leaderboardPaths.admin,
    body: () => ({
      merchant: 'BRAZIL',
      title: { PT: `Ranking ${unique()}` },
      period: 'week',
      prizes: [{ kind: 'points', amount: 10 }],
      enabled: false,
    }),
    action: 'promotions.manage',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: rewardPaths.adminMissionSwitch,
    url: () => rewardPaths.adminMissionSwitch.replace(':id', String(brazilMission)),
    body: () => ({ enabled: true }),
    action: 'promotions.manage',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: envelopePaths.adminRounds,
    url: () => `${envelopePaths.adminRounds}?merchant=BRAZIL`,
    action: 'promotions.read',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: envelopePaths.adminRounds,
    url: () => envelopePaths.adminRounds,
    body: () => ({ merchant: 'BRAZIL', startsAt: Date.now() + 86_400_000, minutes: 5, budget: 1_000, count: 10, minAmount: 50 }),
    action: 'promotions.manage',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: rewardPaths.adminCheckin,
    url: () => `${rewardPaths.adminCheckin}?merchant=BRAZIL`,
    action: 'promotions.read',
    target: 'brazil',
  },
  {
    method: 'PUT',
    route: rewardPaths.adminCheckin,
    url: () => rewardPaths.adminCheckin,
    body: () => ({
      merchant: 'BRAZIL',
      enabled: true,
      days: [50, 50, 100, 150, 150, 200, 200].map((amount) => ({ kind: 'bonus', amount, multiple: 1 })),
      weekBonus: { kind: 'bonus', amount: 900, multiple: 1 },
      minDeposit: 0,
    }),
    action: 'promotions.manage',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: supportPaths.adminConversations,
    url: () => `${supportPaths.adminConversations}?merchant=BRAZIL&state=waiting`,
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: supportPaths.adminConversation,
    url: () => supportPaths.adminConversation.replace(':id', String(brazilChat)),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: verificationPaths.adminList,
    url: () => `${verificationPaths.adminList}?merchant=BRAZIL`,
    action: 'verifications.read',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: verificationPaths.adminMember,
    url: () => verificationPaths.adminMember.replace(':memberId', String(brazilMember)),
    action: 'verifications.read',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: verificationPaths.adminDocument,
    url: () => verificationPaths.adminDocument.replace(':memberId', String(brazilMember)).replace(':id', String(brazilDocument)),
    action: 'verifications.read',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: verificationPaths.adminDecision,
    url: () => verificationPaths.adminDecision.replace(':memberId', String(brazilMember)),
    body: () => ({ decision: 'reject', reason: 'matrix' }),
    action: 'verifications.review',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: supportPaths.adminImage,
    url: () => supportPaths.adminImage.replace(':id', String(brazilChat)).replace(':seq', '1'),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: supportPaths.adminTake,
    url: () => supportPaths.adminTake.replace(':id', String(brazilChat)),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: supportPaths.adminMessages,
    url: () => supportPaths.adminMessages.replace(':id', String(brazilChat)),
    body: () => ({ clientId: `matrix-${unique()}`, content: 'matrix answer' }),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: supportPaths.adminClose,
    url: () => supportPaths.adminClose.replace(':id', String(brazilChat)),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: supportPaths.adminRead,
    url: () => supportPaths.adminRead.replace(':id', String(brazilChat)),
    body: () => ({ seq: 1 }),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: supportPaths.adminTyping,
    url: () => supportPaths.adminTyping.replace(':id', String(brazilChat)),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: supportPaths.adminNotes,
    url: () => supportPaths.adminNotes.replace(':id', String(brazilChat)),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: supportPaths.adminNotes,
    url: () => supportPaths.adminNotes.replace(':id', String(brazilChat)),
    body: () => ({ content: 'matrix note' }),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: supportPaths.adminTransferTargets,
    url: () => supportPaths.adminTransferTargets.replace(':id', String(brazilChat)),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: supportPaths.adminTransfer,
    url: () => supportPaths.adminTransfer.replace(':id', String(brazilChat)),
    body: () => ({ operatorId: null }),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: supportPaths.adminCanned,
    url: () => `${supportPaths.adminCanned}?merchant=BRAZIL`,
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: supportPaths.adminCanned,
    url: () => supportPaths.adminCanned,
    body: () => ({ merchant: 'BRAZIL', title: `Canned ${unique()}`, content: 'matrix' }),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'PUT',
    route: supportPaths.adminCannedOne,
    url: () => supportPaths.adminCannedOne.replace(':id', String(brazilCanned)),
    body: () => ({ title: 'Matrix', content: `matrix ${unique()}` }),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'DELETE',
    route: supportPaths.adminCannedOne,
    url: () => supportPaths.adminCannedOne.replace(':id', String(brazilCanned)),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: supportPaths.adminSettings,
    url: () => supportPaths.adminSettings.replace(':code', 'BRAZIL'),
    action: 'support.chat',
    target: 'brazil',
  },
  {
    method: 'PUT',
    route: supportPaths.adminSettings,
    url: () => supportPaths.adminSettings.replace(':code', 'BRAZIL'),
    body: () => ({ capacity: 5 }),
    action: 'merchants.manage',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: agentDirectoryPaths.list,
    url: () => `${agentDirectoryPaths.list.replace(':code', 'BRAZIL')}?account=demo`,
    action: 'agents.read',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: agentDirectoryPaths.profile,
    url: () => `${agentDirectoryPaths.profile.replace(':code', 'BRAZIL')}?account=matrix-nobody`,
    action: 'agents.read',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: agentAdminPaths.tree,
    url: () => `${agentAdminPaths.tree.replace(':code', 'BRAZIL')}?root=matrix-nobody`,
    action: 'agents.read',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: agentAdminPaths.contracts,
    url: () => `${agentAdminPaths.contracts.replace(':code', 'BRAZIL')}?account=matrix-nobody`,
    action: 'agents.read',
    target: 'brazil',
  },
  // Accounts no member holds: an allowed operator is answered 404, and nothing changes.
  {
    method: 'POST',
    route: agentAdminPaths.contracts,
    url: () => agentAdminPaths.contracts.replace(':code', 'BRAZIL'),
    body: () => ({ account: 'matrix-nobody', terms: { kind: 'daily', tiers: [{ turnover: 1000, activeMembers: 1, ratioBp: 100 }] } }),
    action: 'agents.manage',
    target: 'brazil',
  },
  {
    method: 'PUT',
    route: agentAdminPaths.prizeGroup,
    url: () => agentAdminPaths.prizeGroup.replace(':code', 'BRAZIL'),
    body: () => ({ account: 'matrix-nobody', prizeGroup: 1900 }),
    action: 'agents.manage',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: settlementAdminPaths.bills,
    url: () => `${settlementAdminPaths.bills.replace(':code', 'BRAZIL')}?account=demoagent&team=true`,
    action: 'agents.read',
    target: 'brazil',
  },
  // A bill and a period that do not exist: an allowed operator is answered 404.
  {
    method: 'GET',
    route: settlementAdminPaths.commissions,
    url: () => `${settlementAdminPaths.commissions.replace(':code', 'BRAZIL')}?billId=999999`,
    action: 'agents.read',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: settlementAdminPaths.recompute,
    url: () => `${settlementAdminPaths.recompute.replace(':code', 'BRAZIL')}?kind=daily&period=2020-01-01`,
    action: 'agents.read',
    target: 'brazil',
  },
  { method: 'GET', route: apiPaths.adminAudit, url: () => apiPaths.adminAudit, action: 'audit.read', target: 'platform' },
  {
    method: 'GET',
    route: adminPaths.auditLog,
    url: () => `${adminPaths.auditLog}?merchant=BRAZIL`,
    action: 'audit.read',
    target: 'brazil',
  },
  { method: 'POST', route: adminPaths.auditVerify, url: () => adminPaths.auditVerify, action: 'audit.read', target: 'platform' },
  {
    method: 'GET',
    route: contentAdminPaths.banners,
    url: () => contentAdminPaths.banners.replace(':code', 'BRAZIL'),
    action: 'content.manage',
    target: 'brazil',
  },
  // A banner that does not exist, with an image outside Brazil's set: allowed operators get a 400.
  {
    method: 'PUT',
    route: contentAdminPaths.banner,
    url: () => contentAdminPaths.banner.replace(':code', 'BRAZIL').replace(':id', '2147483647'),
    body: () => ({
      imageUrl: '/img/none.svg',
      title: { PT: 'Matriz' },
      linkageType: '',
      linkageTarget: '',
      sort: 0,
      enabled: true,
      startsAt: null,
      endsAt: null,
    }),
    action: 'content.manage',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: reportPaths.daily,
    url: () => `${reportPaths.daily}?merchant=BRAZIL&from=2026-11-01&to=2026-11-07`,
    action: 'reports.read',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: lotteryAdminPaths.officialDraws,
    url: () => `${lotteryAdminPaths.officialDraws}?state=awaiting`,
    action: 'lottery.results',
    target: 'platform',
  },
  {
    method: 'POST',
    route: lotteryAdminPaths.enterResult,
    url: () => lotteryAdminPaths.enterResult.replace(':gameCode', 'VN_NORTH').replace(':issue', '20990101'),
    body: () => ({ result: {} }),
    action: 'lottery.results',
    target: 'platform',
  },
  {
    method: 'POST',
    route: lotteryAdminPaths.confirmResult,
    url: () => lotteryAdminPaths.confirmResult.replace(':gameCode', 'VN_NORTH').replace(':issue', '20990101'),
    body: () => ({ result: {} }),
    action: 'lottery.results',
    target: 'platform',
  },
  {
    method: 'GET',
    route: vendorAdminPaths.merchantVendors,
    url: () => vendorAdminPaths.merchantVendors.replace(':code', 'BRAZIL'),
    action: 'merchants.read',
    target: 'brazil',
  },
  {
    method: 'PUT',
    route: vendorAdminPaths.merchantVendor,
    url: () => vendorAdminPaths.merchantVendor.replace(':code', 'BRAZIL').replace(':vendor', 'SV388'),
    body: () => ({ enabled: true }),
    action: 'merchants.manage',
    target: 'brazil',
  },
  {
    method: 'GET',
    route: pointsPaths.adminRedemptions,
    url: () => `${pointsPaths.adminRedemptions}?merchant=BRAZIL`,
    action: 'points.read',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: pointsPaths.adminRedemptionApprove,
    url: () => pointsPaths.adminRedemptionApprove.replace(':reference', brazilRedemption),
    body: () => ({ remark: 'matrix' }),
    action: 'points.fulfil',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: pointsPaths.adminRedemptionReject,
    url: () => pointsPaths.adminRedemptionReject.replace(':reference', brazilRedemption),
    body: () => ({ remark: 'matrix' }),
    action: 'points.fulfil',
    target: 'brazil',
  },
  {
    method: 'POST',
    route: pointsPaths.adminRedemptionComplete,
    url: () => pointsPaths.adminRedemptionComplete.replace(':reference', brazilRedemption),
    body: () => ({ trackingNumber: 'MATRIX1' }),
    action: 'points.fulfil',
    target: 'brazil',
  },
];

/** The sign-in's own steps: a signed-in session is past them; they are tried without a credential and with a player's token. */
const signInSteps = [adminPaths.password, adminPaths.totpSetup, adminPaths.totpEnrol, adminPaths.totp, adminPaths.logout];
const scopes = { all: 'all', brazil: ['BRAZIL'], uemoa: ['UEMOA'] } as const;

const send = (e: Endpoint, headers: Record<string, string>) =>
  sut.app.inject({ method: e.method, url: e.url(), headers, payload: e.body?.() });

function allowed(e: Endpoint, role: OperatorRole, scope: keyof typeof scopes): boolean {
  if (e.action && !permissions[role].includes(e.action)) return false;
  if (e.target === 'platform') return scope === 'all';
  if (e.target === 'brazil') return scope !== 'uemoa';
  return true;
}

describe('the role × scope × endpoint matrix', () => {
  it('covers every admin route the server has', () => {
    const document = sut.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/admin/v1/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    const tried = [...endpoints.map((e) => `${e.method} ${e.route}`), ...signInSteps.map((p) => `POST ${p}`), `POST ${adminPaths.login}`];
    expect(served.filter((r) => !tried.includes(r))).toEqual([]);
  });

  it('will not start with an admin route that forgot requireOperator', async () => {
    const app = Fastify();
    await app.register(operatorGuard, { db: sut.database.db, directory: new MerchantDirectory(sut.database.db, 0) });
    const start = async () => {
      await app.register(async (child) => {
        child.get('/admin/v1/forgotten', async () => 'open');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow('GET /admin/v1/forgotten is an admin route without requireOperator');
    await app.close();
  });

  it('refuses every admin route without a credential and with a player’s token', async () => {
    const leaks: string[] = [];
    const all = [...endpoints, ...signInSteps.map((route) => ({ method: 'POST', route, url: () => route }) as Endpoint)];
    for (const e of all) {
      for (const [who, headers] of [
        ['nobody', {}],
        ['player', player],
      ] as const) {
        const res = await send(e, headers);
        if (res.statusCode !== 401 || res.json().code !== 'APP_ERR_OPERATOR_UNAUTHORIZED')
          leaks.push(`${who} ${e.method} ${e.route}: ${res.statusCode}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('answers each role and scope as the permissions table says, with zero leaks', async () => {
    const leaks: string[] = [];
    let tried = 0;
    for (const role of operatorRoles) {
      for (const [scope, merchants] of Object.entries(scopes) as [keyof typeof scopes, 'all' | string[]][]) {
        const op = await makeOperator(sut.database.db, { account: `mx-${role}-${scope}`, role, merchants });
        const headers = { authorization: `Bearer ${await sessionFor(sut.database.db, op.id)}` };
        for (const e of endpoints) {
          const res = await send(e, headers);
          tried++;
          const expected = allowed(e, role, scope);
          const refused = res.statusCode === 403 && res.json().code === 'APP_ERR_OPERATOR_FORBIDDEN';
          if (expected ? res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500 : !refused) {
            leaks.push(`${role}/${scope} ${e.method} ${e.route}: ${res.statusCode} ${res.json().code ?? ''}`);
          }
        }
      }
    }
    expect(tried).toBe(operatorRoles.length * 3 * endpoints.length);
    expect(leaks).toEqual([]);
    // Thousands of requests one after another (every role, scope and route): longer than one request's test.
  }, 180_000);

  it('shows an operator of UEMOA no merchant, withdrawal or member of Brazil where none is named', async () => {
    const op = await makeOperator(sut.database.db, { account: 'uemoa-lists', role: 'finance', merchants: ['UEMOA'] });
    const headers = { authorization: `Bearer ${op.key}` };
    const merchants = (await sut.app.inject({ url: adminPaths.merchants, headers })).json().value.list;
    expect(merchants.map((m: { code: string }) => m.code)).toEqual(['UEMOA']);
    const listed = (await sut.app.inject({ url: `${apiPaths.adminWithdrawals}?status=rejected`, headers })).json().value;
    expect(listed.map((w: { reference: string }) => w.reference)).not.toContain(brazilWithdrawal);
    // A member or withdrawal that does not exist is refused like one of another merchant: no way to tell them apart.
    const none = await sut.app.inject({ url: apiPaths.adminMemberLedger.replace(':memberId', '2000000000'), headers });
    const other = await sut.app.inject({ url: apiPaths.adminMemberLedger.replace(':memberId', String(brazilMember)), headers });
    expect([none.statusCode, none.json().code]).toEqual([other.statusCode, other.json().code]);
  });
});
