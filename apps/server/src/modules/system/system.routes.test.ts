import type { Permission } from '@platform/contract';
import { isModuleEnabled } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliClient } from '../../../test/operators.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { runCli } from '../../cli.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());

const get = (url: string, headers: Record<string, string> = {}) => sut.app.inject({ method: 'GET', url, headers });

describe('permission', () => {
  it('serves the default merchant, Brazil, when neither host nor header names one', async () => {
    const res = await get('/wps/system/permission');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; value: Permission }>();
    expect(body.success).toBe(true);
    expect(body.value.info.merchant).toMatchObject({ merchantCode: 'BRAZIL', currency: 'BRL', langList: ['EN', 'PT'] });
    expect(body.value.maintenance).toBe(false);
    expect(body.value.regionRestriction).toBe(false);
    expect(body.value.info.location.ip).toBe('127.0.0.1');
  });

  it('resolves the merchant from the host, then from the Merchant header', async () => {
    const byHost = (await get('/wps/system/permission', { host: 'uemoa.localhost:8080' })).json<{ value: Permission }>();
    expect(byHost.value.info.merchant.merchantCode).toBe('UEMOA');
    const byHeader = (await get('/wps/system/permission', { merchant: 'uemoa' })).json<{ value: Permission }>();
    expect(byHeader.value.info.merchant).toMatchObject({ merchantCode: 'UEMOA', currency: 'XOF', langList: ['EN', 'PT', 'FR'] });
  });

  it('gives each merchant its own switches', async () => {
    const br = (await get('/wps/system/permission')).json<{ value: Permission }>().value.info;
    const ue = (await get('/wps/system/permission', { merchant: 'UEMOA' })).json<{ value: Permission }>().value.info;
    expect(isModuleEnabled(br.whitelabel, 'FREEPLAY3')).toBe(true);
    expect(isModuleEnabled(ue.whitelabel, 'FREEPLAY3')).toBe(false);
    expect(isModuleEnabled(br.whitelabel, 'MOBILEVERCODELOGIN3')).toBe(true);
    expect(isModuleEnabled(ue.whitelabel, 'MOBILEVERCODELOGIN3')).toBe(false);
    expect(br.paymentImages).not.toEqual(ue.paymentImages);
    expect(br.resources.map((r) => r.resourceType)).toEqual(['ANDROID', 'IOS']);
    expect(ue.resources.map((r) => r.resourceType)).toEqual(['ANDROID']);
  });

  it('refuses an unknown merchant with a stable code', async () => {
    const res = await get('/wps/system/permission', { merchant: 'ATLANTIS' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'error.merchant_unknown', code: 'APP_ERR_MERCHANT_UNKNOWN', value: null });
  });

  it('locates a visitor from the offline geo-IP database', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress: '200.147.67.142' });
    expect(res.json().value.location).toEqual({ ip: '200.147.67.142', country: 'Brazil', countryCode: 'BR' });
  });
});

describe('maintenance and restriction', () => {
  it('puts a merchant into maintenance with an end time, refuses its business calls, and lifts it', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    expect(await runCliOn(['maintenance', 'UEMOA', 'on', '--until', until])).toBe(0);

    const status = (await get('/wps/system/status', { merchant: 'UEMOA' })).json();
    expect(status.value).toMatchObject({ status: 1, maintenanceEnd: until });
    const promotions = await get('/wps/relay/promotions', { merchant: 'UEMOA' });
    expect(promotions.statusCode).toBe(503);
    expect(promotions.json().code).toBe('APP_ERR_SYSTEM_MAINTENANCE');
    // Other merchants are not affected.
    expect((await get('/wps/relay/promotions', { merchant: 'BRAZIL' })).statusCode).toBe(200);

    expect(await runCliOn(['maintenance', 'UEMOA', 'off'])).toBe(0);
    expect((await get('/wps/system/status', { merchant: 'UEMOA' })).json().value.status).toBe(0);
  });

  it('ends maintenance by itself once its end time has passed', async () => {
    await runCliOn(['maintenance', 'BRAZIL', 'on', '--until', new Date(Date.now() - 1000).toISOString()]);
    expect((await get('/wps/system/status')).json().value.status).toBe(0);
    await runCliOn(['maintenance', 'BRAZIL', 'off']);
  });

  it('shows the restriction status to visitors from a restricted country only', async () => {
    expect(await runCliOn(['restrict', 'BRAZIL', 'BR,us'])).toBe(0);
    const fromBrazil = await sut.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress: '200.147.67.142' });
    expect(fromBrazil.json().value.status).toBe(2);
    const banners = await sut.app.inject({ method: 'GET', url: '/wps/relay/banners?group=w_home', remoteAddress: '200.147.67.142' });
    expect(banners.statusCode).toBe(403);
    expect(banners.json().code).toBe('APP_ERR_REGION_RESTRICTED');
    const fromSenegal = await sut.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress: '41.82.0.1' });
    expect(fromSenegal.json().value.status).toBe(0);
    expect(await runCliOn(['restrict', 'BRAZIL', ''])).toBe(0);
    expect((await sut.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress: '200.147.67.142' })).json().value.status).toBe(
      0,
    );
  });

  it('answers an unknown CLI command with its usage and changes nothing', async () => {
    const lines: string[] = [];
    expect(await runCliOn(['maintenance', 'BRAZIL', 'maybe'], lines)).toBe(2);
    expect(lines.join('\n')).toContain('Operator commands');
    expect(await runCliOn(['maintenance', 'NOWHERE', 'on'], lines)).toBe(1);
  });
});

describe('reference data', () => {
  it('lists every region with its currency and languages', async () => {
    const res = (await get('/wps/system/domainRoute')).json();
    expect(res.value.map((m: { merchantCode: string }) => m.merchantCode)).toEqual(['BRAZIL', 'UEMOA']);
  });

  it('lists dialling codes with flags', async () => {
    const res = (await get('/wps/system/countryCodes')).json();
    expect(res.value).toContainEqual({ countryCode: 'BR', countryDialingCode: '+55', flag: '/flags/br.svg' });
    expect(res.value).toContainEqual({ countryCode: 'SN', countryDialingCode: '+221', flag: '/flags/sn.svg' });
    const flag = await get('/flags/br.svg');
    expect(flag.statusCode).toBe(200);
    expect(flag.headers['content-type']).toContain('image/svg+xml');
  });

  it('serves the register rules and the whitelabel tree', async () => {
    const rules = (await get('/wps/system/setting/register', { merchant: 'UEMOA' })).json().value;
    expect(rules.find((r: { key: string }) => r.key === 'payeeName')).toMatchObject({ enabled: true, required: true });
    const tree = (await get('/wps/system/whitelabel')).json().value;
    expect(tree[0]).toHaveProperty('childrenNodes');
  });

  it('serves health, metrics and the OpenAPI document', async () => {
    expect((await get('/healthz')).json()).toMatchObject({ status: 'ok' });
    const metrics = await get('/metrics');
    expect(metrics.body).toContain('http_request_duration_seconds');
    const doc = (await get('/docs/json')).json();
    expect(Object.keys(doc.paths)).toContain('/wps/system/permission');
  });

  it('answers an unknown API path with 404 and the envelope', async () => {
    const res = await get('/wps/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'APP_ERR_ROUTE_NOT_FOUND' });
  });
});

/** Runs the operator CLI against this test's database. */
async function runCliOn(args: string[], lines: string[] = []): Promise<number> {
  return runCli(args, (l) => lines.push(l), cliClient(sut));
}

describe('permission answer', () => {
  it('matches the contract schema and equals the plainly built permission', async () => {
    const { permissionSchema } = await import('@platform/contract');
    const { permission } = await import('./system.service.ts');
    const res = await sut.app.inject({
      method: 'GET',
      url: '/wps/system/permission',
      remoteAddress: '41.82.0.1',
      headers: { merchant: 'UEMOA' },
    });
    const body = res.json();
    expect(permissionSchema.parse(body.value)).toEqual(body.value);
    const merchant = (await import('../merchants/merchants.repository.ts')).listMerchants(sut.database.db);
    const uemoa = (await merchant).find((m) => m.code === 'UEMOA');
    if (!uemoa) throw new Error('seed missing');
    expect(body.value).toEqual(JSON.parse(JSON.stringify(permission(uemoa, body.value.info.location))));
  });
});
