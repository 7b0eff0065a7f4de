import { writeFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_OWNER } from '../../server/src/seed/operators.seed.ts';
import { type Site, startSite } from '../../web/e2e/harness.ts';
import { firstSignIn as firstSignInAs, operatorPage, shot, shotDir } from './operator-pages.ts';

let site: Site;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await site?.close();
});

const newPage = (language = 'EN') => operatorPage(site, contexts, language);
const firstSignIn = (page: Page, account: string, firstPassword: string, newPassword: string, shots?: string) =>
  firstSignInAs(site, page, account, firstPassword, newPassword, shots);

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
