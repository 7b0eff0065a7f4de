// The back-office journeys' shared steps: an operator's browser page, the authenticator's code, the
// first sign-in (forced password change, authenticator set-up) and screenshots.
import { mkdirSync } from 'node:fs';
import * as OTPAuth from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Site, screenshotDir } from '../../web/e2e/harness.ts';

export const shotDir = `${screenshotDir}/admin`;
mkdirSync(shotDir, { recursive: true });

/** A fresh browser page for an operator who reads the back office in `language`. */
export async function operatorPage(site: Site, contexts: BrowserContext[], language = 'EN'): Promise<Page> {
  // Reduced motion: a dialog is shot fully shown, not halfway through its fade.
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', reducedMotion: 'reduce' });
  contexts.push(context);
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) site.cspViolations.push(m.text());
  });
  await page.addInitScript((lang) => localStorage.setItem('adminLang', lang), language);
  return page;
}

/** The authenticator app: the current code of a base32 secret, as an app computes it. */
export const codeOf = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${shotDir}/${name}.png`, fullPage: true });
}

/** First sign-in of an account with a first password: change it, enrol the authenticator; returns the secret. */
export async function firstSignIn(
  site: Site,
  page: Page,
  account: string,
  firstPassword: string,
  newPassword: string,
  shots?: string,
): Promise<string> {
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

/** The owner creates an operator through the Operators screen (role, merchants, first password). */
export async function createOperator(
  owner: Page,
  opts: { account: string; name: string; role: string; merchants: string[]; password: string },
): Promise<void> {
  await owner.getByTestId('nav-operators').click();
  await owner.getByTestId('operator-owner').waitFor();
  await owner.getByTestId('create-operator').click();
  const dialog = owner.getByTestId('create-operator-dialog');
  await dialog.getByTestId('field-account').fill(opts.account);
  await dialog.getByTestId('field-name').fill(opts.name);
  await dialog.getByTestId('field-role').selectOption(opts.role);
  for (const m of opts.merchants) await dialog.getByTestId(`merchant-${m}`).check();
  await dialog.getByTestId('field-password').fill(opts.password);
  await dialog.getByTestId('create-submit').click();
  await owner.getByTestId(`operator-${opts.account}`).waitFor();
}
