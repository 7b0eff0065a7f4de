// The input edge cases the outside probe of issue 14 answered with a 500 or outside the envelope:
// each is now a 400 (or the catalogue's own status) in the envelope, naming the field where there is one.
import { connect } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswered, freshIp, solveAltcha } from '../../test/auth.ts';
import { fundMember } from '../../test/funds.ts';
import { brazilRegistration } from '../../test/market.ts';
import { makeOperator } from '../../test/operators.ts';
import { newPlayer, type Player, rid } from '../../test/payments.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { merchantByCode } from '../modules/merchants/merchants.service.ts';
import { insertProvider } from '../modules/seamless/seamless.repository.ts';
import { openGameSession, signSeamless } from '../modules/seamless/seamless.service.ts';
import { MAX_INPUT_DEPTH, refusedInput } from './input-guard.ts';

/** An API key of an owner's account (every permission, every merchant), made before the tests. */
let operatorToken = '';
const providerSecret = 'edge-provider-secret';

let sut: TestApp;
let player: Player & { id: number };
beforeAll(async () => {
  sut = await buildTestApp();
  operatorToken = (await makeOperator(sut.database.db, { account: 'edge', role: 'owner' })).key;
  await insertProvider(sut.database.db, { code: 'EDGEPROV', vendorCode: 'INHOUSE', secret: providerSecret });
  player = await newPlayer(sut.app, sut.database.db);
});
afterAll(() => sut.close());

/** The 400 envelope naming exactly these fields. */
function expectFieldError(res: LightMyRequestResponse, fields: string[]) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body).toMatchObject({ success: false, code: 'APP_ERR_VALIDATION', message: 'error.validation' });
  expect(body.value.fields.map((f: { field: string }) => f.field)).toEqual(fields);
}

function provider(path: string, body: unknown) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return sut.app.inject({
    method: 'POST',
    url: path,
    payload,
    headers: { 'content-type': 'application/json', 'x-provider': 'EDGEPROV', 'x-signature': signSeamless(providerSecret, payload) },
  });
}

describe('NUL bytes', () => {
  it('refuses a NUL in a query field of the game list', async () => {
    expectFieldError(await sut.app.inject({ url: '/wps/relay/games?gameName=%00' }), ['gameName']);
  });

  it('refuses a NUL in the nickname', async () => {
    expectFieldError(await player.call('PUT', '/wps/member/nickname', { nickname: 'Lucky\u0000Star' }), ['nickname']);
  });

  it('refuses a NUL in the deposit channel', async () => {
    expectFieldError(await player.call('POST', '/wps/depositv2', { channel: 'PIX\u0000', amount: 10, requestId: rid('dep') }), ['channel']);
  });

  it('refuses a NUL in the login username, bot check solved', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      remoteAddress: freshIp(),
      payload: { type: 'username', username: 'demo\u0000player', password: 'Demo1234', altcha: await solveAltcha(sut.app) },
    });
    expectFieldError(res, ['username']);
  });

  it('refuses a NUL in a path parameter, in a nested field and in a key', async () => {
    expectFieldError(await player.call('GET', '/wps/depositv2/%00'), ['reference']);
    expect(refusedInput({ result: ['1', '2\u0000'] })).toEqual({ field: 'result.1', message: 'validation.invalid' });
    expect(refusedInput({ 'a\u0000': 1 })).toEqual({ field: 'a\\0', message: 'validation.invalid' });
  });
});

describe('ids past the int4 range', () => {
  it('refuses a withdrawal account id above 2^31-1', async () => {
    expectFieldError(await player.call('DELETE', '/wps/withdraw/accounts/2147483648'), ['id']);
    expectFieldError(
      await player.call('POST', '/wps/withdraw', { accountId: 2_147_483_648, amount: 10, paymentPassword: '123456', requestId: rid() }),
      ['accountId'],
    );
  });

  it('refuses a launchGame nodeId above 2^31-1', async () => {
    expectFieldError(await player.call('POST', '/wps/game/launchGame', { nodeId: 2_147_483_648 }), ['nodeId']);
  });

  it('refuses an admin member ledger of a member id above 2^31-1', async () => {
    const res = await sut.app.inject({ url: '/admin/v1/members/2147483648/ledger', headers: { authorization: `Bearer ${operatorToken}` } });
    expectFieldError(res, ['memberId']);
  });

  it('refuses a seamless playerId of 12 digits past int4, and still finds one of 1..2^31-1', async () => {
    expectFieldError(await provider('/seamless/v1/balance', { playerId: '999999999999' }), ['playerId']);
    const known = await provider('/seamless/v1/balance', { playerId: String(player.id) });
    expect(known.statusCode, known.body).toBe(200);
    expect((await provider('/seamless/v1/balance', { playerId: '2147483647' })).json().code).toBe('APP_ERR_SEAMLESS_PLAYER_UNKNOWN');
  });
});

describe('unknown dialling codes', () => {
  const unknownCode = { countryDialingCode: '+999', mobileNum: '11987654321' };

  it('answers the phone-format error on an SMS login with +999', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      remoteAddress: freshIp(),
      payload: { type: 'sms', ...unknownCode, code: '123456' },
    });
    expectFieldError(res, ['mobileNum']);
    expect(res.json().value.fields[0].message).toBe('validation.mobile_invalid');
  });

  it.each(['/wps/verification/sms/noLogin', '/wps/verification/sms/register'])(
    'answers the phone-format error on an SMS code to +999 (%s)',
    async (url) => {
      const res = await sut.app.inject({
        method: 'POST',
        url,
        remoteAddress: freshIp(),
        payload: { ...unknownCode, altcha: await solveAltcha(sut.app) },
      });
      expectFieldError(res, ['mobileNum']);
      expect(res.json().value.fields[0].message).toBe('validation.mobile_invalid');
    },
  );

  it('answers the phone-format error on a mobile registration with +999', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/wps/member/register/mobile',
      remoteAddress: freshIp(),
      payload: {
        ...unknownCode,
        verificationCode: '123456',
        agreeTerms: true,
        ...brazilRegistration(),
        ...(await captchaAnswered(sut.app, sut.database.db)),
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().value.fields).toContainEqual({ field: 'mobileNum', message: 'validation.mobile_invalid' });
  });
});

describe('free-form JSON', () => {
  const nestedJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const nested = (levels: number) => JSON.parse(nestedJson(levels));

  /** A provider's bet carrying `detail` (or, given as `{ json }`, that JSON text as it is: too deep for JSON.stringify on every Node). */
  async function betWith(detail: unknown) {
    const brazil = await merchantByCode(sut.database.db, 'BRAZIL');
    if (!brazil) throw new Error('no BRAZIL');
    await fundMember(sut.database.db, brazil, player.id, 1000);
    const { token } = await openGameSession(sut.database.db, { id: player.id, merchantId: brazil.id }, 'INHOUSE', 'jungle-gems');
    const body = {
      playerId: String(player.id),
      token,
      transactionId: rid('bet'),
      roundId: rid('round'),
      gameCode: 'jungle-gems',
      amount: 1,
      currency: 'BRL',
    };
    if (detail && typeof detail === 'object' && 'json' in detail && typeof detail.json === 'string') {
      return provider('/seamless/v1/bet', `${JSON.stringify(body).slice(0, -1)},"detail":${detail.json}}`);
    }
    return provider('/seamless/v1/bet', { ...body, detail });
  }

  it('refuses a provider detail nested thousands deep', async () => {
    expectFieldError(await betWith({ json: nestedJson(5000) }), [`detail${'.a'.repeat(MAX_INPUT_DEPTH - 1)}`]);
  });

  it('refuses a provider detail deeper or larger than a round needs, and takes a normal one', async () => {
    expectFieldError(await betWith(nested(20)), ['detail']);
    expectFieldError(await betWith({ blob: 'x'.repeat(40_000) }), ['detail']);
    const fine = await betWith({ game: 'jungle-gems', outcome: { reels: [[1, 2, 3]], lines: [{ line: 1, win: 0 }] } });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses any body nested past the limit without overflowing the stack', async () => {
    const raw = `{"nickname":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const res = await sut.app.inject({
      method: 'PUT',
      url: '/wps/member/nickname',
      headers: { ...player.headers, 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe("Fastify's and Node's own refusals", () => {
  it('answers a URL whose percent-encoding does not decode with the envelope', async () => {
    const res = await sut.app.inject({ url: '/wps/relay/promotions/%zz' });
    expectFieldError(res, ['url']);
  });

  it('answers a path parameter past the length limit with the envelope', async () => {
    const res = await player.call('GET', `/wps/withdraw/${'x'.repeat(150)}`);
    expectFieldError(res, ['url']);
    expect(res.json().value.fields[0].message).toBe('validation.too_big');
  });

  it('answers a wrong content type, broken JSON and a body over the limit with the envelope', async () => {
    const xml = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(400);
    expect(xml.json()).toMatchObject({ success: false, code: 'APP_ERR_VALIDATION' });
    const broken = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.json()).toMatchObject({ success: false, code: 'APP_ERR_BAD_JSON' });
    const large = await sut.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: `{"username":"${'x'.repeat(1_100_000)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ success: false, code: 'APP_ERR_PAYLOAD_TOO_LARGE' });
  });

  it("answers Node's 431 for headers over the limit with the envelope", async () => {
    const listening = await buildTestApp({ seed: false });
    try {
      const address = await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
        });
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString();
        });
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
      });
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head).toContain('Content-Type: application/json');
      expect(JSON.parse(body)).toEqual({ success: false, message: 'error.validation', code: 'APP_ERR_HEADERS_TOO_LARGE', value: null });
    } finally {
      await listening.close();
    }
  });
});
