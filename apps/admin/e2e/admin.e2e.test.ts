import { mkdirSync, writeFileSync } from 'node:fs';
import * as OTPAuth from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_OWNER } from '../../server/src/seed/operators.seed.ts';
import { type Site, screenshotDir, startSite } from '../../web/e2e/harness.ts';

const shotDir = `${screenshotDir}/admin`;
let site: Site;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite();
  mkdirSync(shotDir, { recursive: true });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await site?.close();
});

async function newPage(language = 'EN'): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) site.cspViolations.push(m.text());
  });
  await page.addInitScript((lang) => localStorage.setItem('adminLang', lang), language);
  return page;
}

/** The authenticator app: the current code of a base32 secret, as an app computes it. */
const codeOf = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${shotDir}/${name}.png`, fullPage: true });
}

/** First sign-in of an account with a first password: change it, enrol the authenticator; returns the secret. */
async function firstSignIn(page: Page, account: string, firstPassword: string, newPassword: string, shots?: string): Promise<string> {
  await page.goto(`${site.url}/admin`);
  await page.getByTestId('field-account').fill(account);
  await page.getByTestId('field-password').fill(firstPassword);
  if (shots) await shot(page, `${shots}-signin`);
  await page.getByTestId('signin-submit').click();
  await page.getByTestId('field-newPassword').fill(newPassword);
  await page.getByTestId('field-repeat').fill(newPassword);
  if (shots) await shot(page, `${shots}-change-password`);
  await page.getByTestId('change-submit').click();
  await page.getByTestId('totp-qr').waitFor();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  if (shots) await shot(page, `${shots}-totp-setup`);
  // A wrong code is refused at the field or the form, and the step stays.
  const valid = [-30_000, 0, 30_000].map((d) => codeOf(secret, Date.now() + d));
  await page.getByTestId('field-code').fill(['000000', '111111', '222222', '333333'].find((c) => !valid.includes(c)) ?? '000000');
  await page.getByTestId('enrol-submit').click();
  await expect.poll(() => page.getByTestId('form-error').or(page.getByTestId('error-code')).count()).toBeGreaterThan(0);
  await page.getByTestId('field-code').fill(codeOf(secret));
  await page.getByTestId('enrol-submit').click();
  await page.getByTestId('home-title').waitFor();
  return secret;
}

describe('back office', () => {
  it('loads /admin in under 300 KB of JavaScript (gzip, as Chromium fetched it)', async () => {
    const page = await newPage();
    const scripts: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(`${site.url}/admin`);
    await page.getByTestId('signin-submit').waitFor();
    await page.waitForLoadState('networkidle');
    const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    writeFileSync(`${shotDir}/first-load.json`, `${JSON.stringify({ scripts: scripts.length, jsBytesGzip: bytes }, null, 2)}\n`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(300 * 1024);
  });

  it('the seeded owner signs in the first time, then creates a finance operator for UEMOA who signs in', async () => {
    const owner = await newPage();
    const ownerPassword = 'owner-new-password-2026';
    await firstSignIn(owner, FIRST_OWNER.account, FIRST_OWNER.password, ownerPassword, 'owner');
    await expect.poll(() => owner.getByTestId('who').textContent()).toContain('Owner');
    await shot(owner, 'home');

    await owner.getByTestId('nav-operators').click();
    await owner.getByTestId('operator-owner').waitFor();
    await owner.getByTestId('create-operator').click();
    const dialog = owner.getByTestId('create-operator-dialog');
    await dialog.getByTestId('field-account').fill('fin.uemoa');
    await dialog.getByTestId('field-name').fill('Awa Diallo');
    await dialog.getByTestId('field-role').selectOption('finance');
    await dialog.getByTestId('merchant-UEMOA').check();
    // Too short a first password: the server's field message, translated, under the field.
    await dialog.getByTestId('field-password').fill('short');
    await dialog.getByTestId('create-submit').click();
    await dialog.getByTestId('error-password').waitFor();
    await shot(owner, 'operators-create');
    await dialog.getByTestId('field-password').fill('first-password-uemoa');
    await dialog.getByTestId('create-submit').click();
    const row = owner.getByTestId('operator-fin.uemoa');
    await row.waitFor();
    expect(await row.textContent()).toContain('UEMOA');
    await shot(owner, 'operators');

    // The new operator: first password, forced change, authenticator; the menu shows only what finance may open.
    const finance = await newPage('FR');
    await firstSignIn(finance, 'fin.uemoa', 'first-password-uemoa', 'awa-own-password-2026', 'finance-fr');
    await expect.poll(() => finance.getByTestId('who').textContent()).toContain('Finance');
    expect(await finance.getByTestId('nav-operators').count()).toBe(0);
    await shot(finance, 'finance-home-fr');

    // Finance reads the audit trail but, scoped to UEMOA, cannot verify the chain that runs through every merchant.
    await finance.getByTestId('nav-audit').click();
    await finance.getByTestId('table-audit').waitFor();
    expect(await finance.getByTestId('audit-verify').count()).toBe(0);

    // Signing out returns to the sign-in page.
    await finance.getByTestId('sign-out').click();
    await finance.getByTestId('signin-submit').waitFor();

    // The owner reads the trail of all of it (the failed code, the enrolments, the new operator) and verifies its chain.
    await owner.getByTestId('nav-audit').click();
    await owner.getByTestId('filter-operator').fill('fin.uemoa');
    await expect.poll(async () => (await owner.getByTestId('table-audit').textContent()) ?? '').toContain('operator.totp.enrol');
    expect(await owner.getByTestId('table-audit').textContent()).toContain('operator.totp.failed');
    await owner.getByTestId('filter-operator').fill('');
    await owner.getByTestId('audit-verify').click();
    const verdict = owner.getByTestId('audit-verification');
    await verdict.waitFor();
    expect(await verdict.textContent()).toMatch(/The chain is intact: \d+ lines/);
    await shot(owner, 'audit');
  });

  it('reads in Portuguese', async () => {
    const page = await newPage('PT');
    await page.goto(`${site.url}/admin`);
    await page.getByTestId('signin-submit').waitFor();
    expect(await page.getByTestId('signin-submit').textContent()).toBe('Entrar');
    await page.getByTestId('field-account').fill('owner');
    await page.getByTestId('field-password').fill('wrong-password-here');
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('form-error').waitFor();
    await shot(page, 'signin-pt-refused');
  });
});
