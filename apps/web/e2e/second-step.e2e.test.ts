import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhitelabelNode } from '../../packages/contract/src/index.ts';
import { ageCounterForTest } from '../../server/src/modules/auth/auth.repository.ts';
import { merchants } from '../../server/src/modules/merchants/merchants.tables.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

const shotDir = `${screenshotDir}/auth`;
let site: Site;

beforeAll(async () => {
  site = await startSite();
  mkdirSync(shotDir, { recursive: true });
  // Brazil asks for a second step when a member signs in from an address never used before.
  const [brazil] = await site.database.db.select().from(merchants).where(eq(merchants.code, 'BRAZIL'));
  const turnOn = (nodes: WhitelabelNode[]): WhitelabelNode[] =>
    nodes.map((n) => ({ ...n, enabled: n.modId === 'LOGIN2FA3' ? '1' : n.enabled, childrenNodes: turnOn(n.childrenNodes) }));
  await site.database.db
    .update(merchants)
    .set({ whitelabel: turnOn(brazil?.whitelabel ?? []) })
    .where(eq(merchants.code, 'BRAZIL'));
});
afterAll(() => site?.close());

/** Opens home as a new visitor would, closes the announcements that pop up, and submits the login form. */
async function signIn(page: Page, username: string, password: string) {
  await page.goto(site.url);
  await page.getByTestId('page-home').waitFor({ state: 'visible', timeout: 45_000 });
  await page.getByTestId('global-loader').waitFor({ state: 'hidden', timeout: 30_000 });
  await page.getByTestId('header-login').click();
  const auth = page.getByTestId('auth-dialog');
  await auth.getByTestId('field-username').fill(username);
  await auth.getByTestId('field-password').fill(password);
  await auth.getByTestId('login-submit').click();
  return auth;
}

describe.each(['EN', 'PT'] as const)('signing in from a new address (%s)', (lang) => {
  it('asks for a second step, sends the code by SMS and signs in with it', async () => {
    // Each language signs in from its own address, so each meets the second step (not the demo
    // player's seeded home and office addresses, 203.0.113.10 and 198.51.100.10, which are known).
    const ip = lang === 'EN' ? '203.0.113.110' : '203.0.113.111';
    const { page, context, errors } = await newVisitor(site, { merchantCode: 'BRAZIL', lang, ip });
    try {
      const auth = await signIn(page, 'demoplayer', 'Demo1234');

      const step = auth.getByTestId('second-step-form');
      await step.waitFor({ timeout: 30_000 });
      await expect.poll(() => step.textContent()).toContain('****4321');
      // The number's one-minute cool-down from the other language's run is over, as far as the server knows.
      await ageCounterForTest(site.database.db, 'send:cool:sms:+5511987654321', 120_000);
      const since = Date.now() - 1000;
      await step.getByTestId('send-code').click();
      let code = '';
      for (let i = 0; i < 60 && !code; i++) {
        const res = await fetch(`${site.url}/wps/dev/outbox?to=${encodeURIComponent('+5511987654321')}`, {
          headers: { Merchant: 'BRAZIL' },
        });
        const list = ((await res.json()) as { value: { body: string; createdAt: number }[] }).value;
        code = list.find((m) => m.createdAt >= since)?.body.match(/\b\d{6}\b/)?.[0] ?? '';
        if (!code) await page.waitForTimeout(250);
      }
      expect(code).toMatch(/^\d{6}$/);
      await step.getByTestId('field-code').fill(code);
      await page.screenshot({ path: `${shotDir}/brazil-${lang.toLowerCase()}-second-step.jpg`, type: 'jpeg', quality: 70 });
      await step.getByTestId('second-step-submit').click();
      await page.getByTestId('account-avatar').waitFor({ timeout: 30_000 });
      // The first step's honest 403 (a second step is required) is the only failed request.
      expect(errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe('authenticator app', () => {
  it('is set up in the security centre and then signs in from a new address', async () => {
    const { Secret, TOTP } = await import('otpauth');
    // The demo player's home address, known from its seeded sign-ins: no second step there.
    const home = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN', ip: '203.0.113.10' });
    try {
      const { page } = home;
      await signIn(page, 'demoplayer', 'Demo1234');
      await page.getByTestId('account-avatar').waitFor({ timeout: 30_000 });

      await page.getByTestId('account-avatar').click();
      await page.getByTestId('menu-security-centre').click();
      const centre = page.getByTestId('security-centre');
      await centre.waitFor();
      await centre.getByTestId('edit-authenticator').click();
      const secret = (await centre.getByTestId('authenticator-secret').textContent()) ?? '';
      await centre.getByTestId('authenticator-qr').waitFor();
      const app = new TOTP({ secret: Secret.fromBase32(secret.trim()), digits: 6, period: 30 });
      await centre.getByTestId('field-authenticatorCode').fill(app.generate());
      await page.screenshot({ path: `${shotDir}/brazil-en-authenticator-setup.jpg`, type: 'jpeg', quality: 70 });
      await centre.getByTestId('authenticator-submit').click();
      await expect.poll(() => centre.getByTestId('security-authenticator').textContent()).toBe('On');

      const away = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN', ip: '198.51.100.7' });
      try {
        const p = away.page;
        const a = await signIn(p, 'demoplayer', 'Demo1234');
        const step = a.getByTestId('second-step-form');
        await step.waitFor({ timeout: 30_000 });
        await step.getByRole('tab', { name: 'Authenticator app' }).click();
        // The next 30-second step's code (the one that turned the app on is spent).
        await step.getByTestId('field-code').fill(app.generate({ timestamp: Date.now() + 30_000 }));
        await step.getByTestId('second-step-submit').click();
        await p.getByTestId('account-avatar').waitFor({ timeout: 30_000 });
      } finally {
        await away.context.close();
      }
    } finally {
      await home.context.close();
    }
  }, 120_000);
});
