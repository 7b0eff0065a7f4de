import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import { listMerchants } from '../merchants/merchants.repository.ts';
import { OutboxSender } from './messaging.service.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await buildTestApp();
});
afterAll(() => sut.close());

describe('outbox', () => {
  it("lists the merchant's latest messages, newest first, filtered by address", async () => {
    const [brazil, uemoa] = await listMerchants(sut.database.db);
    if (!brazil || !uemoa) throw new Error('seed missing');
    const sender = new OutboxSender(sut.database.db);
    const merchantId = brazil.id;
    await sender.send({ merchantId, channel: 'sms', to: '+5511900000001', body: 'first' });
    await sender.send({ merchantId, channel: 'email', to: 'a@b.com', subject: 'Hi', body: 'second' });
    await sender.send({ merchantId: uemoa.id, channel: 'sms', to: '+5511900000001', body: 'other merchant' });
    const all = (await sut.app.inject({ method: 'GET', url: '/wps/dev/outbox' })).json().value;
    expect(all.map((m: { body: string }) => m.body)).toEqual(['second', 'first']);
    const sms = (await sut.app.inject({ method: 'GET', url: '/wps/dev/outbox?to=%2B5511900000001' })).json().value;
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', to: '+5511900000001', body: 'first' });
  });

  it('shows every merchant’s messages on a page a person can read, escaped', async () => {
    const [brazil] = await listMerchants(sut.database.db);
    await new OutboxSender(sut.database.db).send({
      merchantId: brazil?.id ?? 0,
      channel: 'email',
      to: 'x@y.com',
      subject: 'Code',
      body: 'Your code is 123456 <b>now</b>',
    });
    const page = await sut.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Your code is 123456 &#60;b&#62;now&#60;/b&#62;');
    expect(page.body).not.toContain('<b>now</b>');
    expect(page.body).toContain('BRAZIL');
    expect(page.body).toContain('other merchant');
  });

  it('is served in the development and demo modes only', async () => {
    for (const [mode, status] of [
      ['production', 404],
      ['demo', 200],
      ['development', 200],
    ] as const) {
      const app = await buildApp({
        config: { ...loadConfig({ APP_MODE: mode }), webDist: undefined },
        database: sut.database,
        logger: false,
      });
      expect((await app.inject({ method: 'GET', url: '/wps/dev/outbox' })).statusCode, mode).toBe(status);
      await app.close();
    }
  });

  it('runs in production under NODE_ENV=production, and refuses an unknown mode', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).mode).toBe('production');
    expect(loadConfig({}).mode).toBe('development');
    expect(() => loadConfig({ APP_MODE: 'prod' })).toThrow(/APP_MODE/);
  });
});
