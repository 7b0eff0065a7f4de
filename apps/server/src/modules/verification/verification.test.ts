// Identity verification (KYC): documents checked by type and size, the states none → pending →
// approved / rejected with a reason, the operators' queue within their merchants, the audit line, and
// UEMOA's withdrawal refused until the member is verified, then paid out after approval.
import { verificationPaths as paths } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliClient, makeOperator } from '../../../test/operators.ts';
import { bindAccount, newPlayer, type Player, rid, setPaymentPassword } from '../../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { runCli } from '../../cli.ts';
import { auditPage } from '../../platform/audit.ts';
import { demoDocuments } from '../../seed/verification.seed.ts';
import { merchantByCode } from '../merchants/merchants.service.ts';
import { houseAccount, post } from '../wallet/ledger.service.ts';
import { walletAccount } from '../wallet/wallet.service.ts';

let sut: TestApp;
const ops: Record<string, Record<string, string>> = {};
const png = demoDocuments.id_front();
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);

beforeAll(async () => {
  sut = await buildTestApp();
  const db = sut.database.db;
  for (const [name, role, merchants] of [
    ['uemoa-risk', 'risk', ['UEMOA']],
    ['brazil-risk', 'risk', ['BRAZIL']],
    ['uemoa-support', 'support', ['UEMOA']],
  ] as const) {
    ops[name] = { authorization: `Bearer ${(await makeOperator(db, { account: `kyc-${name}`, role, merchants: [...merchants] })).key}` };
  }
});
afterAll(() => sut.close());

function form(kind: string, bytes: Buffer, filename = 'doc.png') {
  const boundary = `----kyc${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
}

const upload = (p: Player, kind: string, bytes: Buffer) => {
  const f = form(kind, bytes);
  return sut.app.inject({ method: 'POST', url: paths.documents, headers: { ...p.headers, ...f.headers }, payload: f.payload });
};
const admin = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  sut.app.inject({ method, url, headers: ops[who], payload });
const decide = (who: string, memberId: number, body: object) =>
  admin(who, 'POST', paths.adminDecision.replace(':memberId', String(memberId)), body);

async function sendAll(p: Player) {
  for (const kind of ['id_front', 'id_back', 'selfie']) expect((await upload(p, kind, png)).statusCode).toBe(200);
  return p.call('POST', paths.submit);
}

/** A UEMOA player with 5,000 F CFA wagered once (no turnover owed), a payment password and an Orange Money account. */
async function readyUemoaPlayer() {
  const db = sut.database.db;
  const p = await newPlayer(sut.app, db, 'UEMOA');
  const uemoa = (await merchantByCode(db, 'UEMOA'))?.id ?? 0;
  const main = await walletAccount(db, { id: p.id, merchantId: uemoa }, 'main', 'XOF');
  const cash = await houseAccount(db, uemoa, 'cash_in', 'XOF', p.id);
  const games = await houseAccount(db, uemoa, 'games', 'XOF', p.id);
  const posting = (type: string, from: number, to: number) =>
    post(db, {
      merchantId: uemoa,
      type,
      postings: [
        { accountId: from, amount: -5_000 },
        { accountId: to, amount: 5_000 },
      ],
    });
  await posting('deposit', cash, main);
  await posting('bet', main, games);
  await posting('win', games, main);
  await setPaymentPassword(p);
  const account = await bindAccount(db, p, p.mobile, {
    kind: 'mobile_money',
    holderName: 'Awa Diop',
    institution: 'orange',
    number: '77 123 45 67',
  });
  return { p, accountId: account.id };
}

describe('the player’s documents', () => {
  it('starts at none and refuses a wrong type, an oversize image, an unknown kind and a send without the required documents', async () => {
    const p = await newPlayer(sut.app, sut.database.db, 'UEMOA');
    expect((await p.call('GET', paths.mine)).json().value).toEqual({
      status: 'none',
      reason: null,
      submittedAt: null,
      reviewedAt: null,
      requiredForWithdrawal: true,
      documents: [],
    });
    const gif = await upload(p, 'id_front', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
    expect([gif.statusCode, gif.json().value.fields]).toEqual([400, [{ field: 'image', message: 'validation.image_type' }]]);
    const big = await upload(p, 'id_front', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect([big.statusCode, big.json().value.fields]).toEqual([400, [{ field: 'image', message: 'validation.image_too_big' }]]);
    const kind = await upload(p, 'passport', png);
    expect([kind.statusCode, kind.json().value.fields]).toEqual([400, [{ field: 'kind', message: 'validation.unknown_value' }]]);
    expect((await upload(p, 'id_front', jpeg)).json().value).toMatchObject({
      kind: 'id_front',
      contentType: 'image/jpeg',
      size: jpeg.length,
    });
    const early = await p.call('POST', paths.submit);
    expect([early.statusCode, early.json().value.fields]).toEqual([
      400,
      [
        { field: 'id_back', message: 'validation.required' },
        { field: 'selfie', message: 'validation.required' },
      ],
    ]);
    const mine = (await p.call('GET', paths.mine)).json().value;
    expect([mine.status, mine.documents.length]).toEqual(['none', 1]);
  });

  it('replaces a document of the same kind, serves my own bytes only, and locks the documents while pending', async () => {
    const p = await newPlayer(sut.app, sut.database.db, 'UEMOA');
    const other = await newPlayer(sut.app, sut.database.db, 'UEMOA');
    await upload(p, 'id_front', jpeg);
    const sent = (await sendAll(p)).json().value;
    expect(sent.status).toBe('pending');
    expect(sent.documents.map((d: { kind: string }) => d.kind)).toEqual(['id_front', 'id_back', 'selfie']);
    const front = sent.documents[0];
    expect(front.contentType).toBe('image/png');
    const bytes = await p.call('GET', paths.document.replace(':id', String(front.id)));
    expect([bytes.statusCode, bytes.headers['content-type'], bytes.rawPayload.equals(png)]).toEqual([200, 'image/png', true]);
    expect((await other.call('GET', paths.document.replace(':id', String(front.id)))).statusCode).toBe(404);
    const again = await upload(p, 'selfie', png);
    expect([again.statusCode, again.json().code]).toEqual([409, 'APP_ERR_KYC_STATE']);
    expect((await p.call('POST', paths.submit)).json().code).toBe('APP_ERR_KYC_STATE');
  });
});

describe('UEMOA’s withdrawal and the operator’s review', () => {
  it('refuses a withdrawal until an operator of UEMOA approves the documents, then pays it', async () => {
    const { p, accountId } = await readyUemoaPlayer();
    const withdraw = () => p.call('POST', '/wps/withdraw', { accountId, amount: 2_000, paymentPassword: '246810', requestId: rid('kyc') });
    const none = await withdraw();
    expect([none.statusCode, none.json().code, none.json().message, none.json().value]).toEqual([
      403,
      'APP_ERR_KYC_REQUIRED',
      'error.kyc_required',
      { status: 'none' },
    ]);
    await sendAll(p);
    expect((await withdraw()).json().value).toEqual({ status: 'pending' });

    // The queue: UEMOA's risk operator sees it; Brazil's is refused it.
    const queue = (await admin('uemoa-risk', 'GET', `${paths.adminList}?merchant=UEMOA`)).json().value;
    const row = queue.content.find((v: { memberId: number }) => v.memberId === p.id);
    expect(row).toMatchObject({ merchant: 'UEMOA', account: p.account, status: 'pending' });
    expect(row.documents).toHaveLength(3);
    const brazilView = await admin('brazil-risk', 'GET', paths.adminMember.replace(':memberId', String(p.id)));
    expect([brazilView.statusCode, brazilView.json().code]).toEqual([403, 'APP_ERR_OPERATOR_FORBIDDEN']);
    const listed = (await admin('brazil-risk', 'GET', paths.adminList)).json().value.content;
    expect(listed.map((v: { memberId: number }) => v.memberId)).not.toContain(p.id);
    const picture = await admin(
      'uemoa-risk',
      'GET',
      paths.adminDocument.replace(':memberId', String(p.id)).replace(':id', String(row.documents[0].id)),
    );
    expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/png']);
    // Support reads, only risk decides; Brazil's risk operator cannot decide for UEMOA.
    expect((await decide('uemoa-support', p.id, { decision: 'approve' })).statusCode).toBe(403);
    expect((await decide('brazil-risk', p.id, { decision: 'approve' })).statusCode).toBe(403);

    const approved = await decide('uemoa-risk', p.id, { decision: 'approve' });
    expect(approved.json().value).toMatchObject({ status: 'approved', reviewedBy: 'kyc-uemoa-risk', reason: null });
    expect((await decide('uemoa-risk', p.id, { decision: 'reject', reason: 'late' })).json().code).toBe('APP_ERR_KYC_STATE');
    const paid = await withdraw();
    expect([paid.statusCode, paid.json().value.status]).toEqual([200, 'pending']);
    expect((await p.call('GET', paths.mine)).json().value.status).toBe('approved');
    const audit = (await auditPage(sut.database.db, { target: `member:${p.id}` }, 0, 10)).rows;
    expect(audit.map((a) => [a.operator, a.action])).toContainEqual(['kyc-uemoa-risk', 'verification.approve']);
  });

  it('rejects only with a reason, which the player reads, and lets the player send again', async () => {
    const p = await newPlayer(sut.app, sut.database.db, 'UEMOA');
    await sendAll(p);
    const bare = await decide('uemoa-risk', p.id, { decision: 'reject', reason: '  ' });
    expect([bare.statusCode, bare.json().value.fields]).toEqual([400, [{ field: 'reason', message: 'validation.required' }]]);
    expect((await decide('uemoa-risk', p.id, { decision: 'maybe' })).statusCode).toBe(400);
    const rejected = await decide('uemoa-risk', p.id, { decision: 'reject', reason: 'The selfie is blurred' });
    expect(rejected.json().value).toMatchObject({ status: 'rejected', reason: 'The selfie is blurred' });
    expect((await p.call('GET', paths.mine)).json().value).toMatchObject({ status: 'rejected', reason: 'The selfie is blurred' });
    expect((await upload(p, 'selfie', png)).statusCode).toBe(200);
    expect((await p.call('POST', paths.submit)).json().value.status).toBe('pending');
    const audit = (await auditPage(sut.database.db, { target: `member:${p.id}` }, 0, 10)).rows;
    expect(audit.map((a) => [a.action, a.reason])).toContainEqual(['verification.reject', 'The selfie is blurred']);
  });

  it('does not ask Brazil’s players for a verification before a withdrawal (its market switch is off)', async () => {
    const p = await newPlayer(sut.app, sut.database.db, 'BRAZIL');
    expect((await p.call('GET', paths.mine)).json().value.requiredForWithdrawal).toBe(false);
  });

  it('seeds UEMOA’s demo player with a pending verification for the queue', async () => {
    const queue = (await admin('uemoa-risk', 'GET', paths.adminList)).json().value.content;
    expect(queue.find((v: { account: string }) => v.account === 'demoplayer')).toMatchObject({ merchant: 'UEMOA', status: 'pending' });
  });
});

describe('the operators’ command line', () => {
  it('lists UEMOA’s pending verifications and approves one', async () => {
    const p = await newPlayer(sut.app, sut.database.db, 'UEMOA');
    await sendAll(p);
    const printed: string[] = [];
    const run = (...argv: string[]) => runCli(argv, (line) => printed.push(line), cliClient(sut));
    expect(await run('verifications', 'UEMOA')).toBe(0);
    expect(printed).toContainEqual(`member ${p.id}\tUEMOA\t${p.account}\tpending\tid_front,id_back,selfie`);
    expect(await run('verification', 'approve', String(p.id))).toBe(0);
    expect(printed.at(-1)).toBe(`member ${p.id} ${p.account}: approved`);
    expect(await run('verification', 'reject', String(p.id), '--reason', 'late')).toBe(1);
    expect(printed.at(-1)).toBe('APP_ERR_KYC_STATE');
  });
});
