import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators } from '../../server/src/modules/operators/operators.tables.ts';
import { makeOperator, sessionFor } from '../../server/test/operators.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * The customer-service chat in two Chromium windows against the real server: the demo player opens
 * the chat from the side menu's support submenu, writes a line carrying markup and attaches an
 * image; a support operator of Brazil sees it arrive in the back office's waiting queue, takes the
 * conversation and answers; each side sees the other live; the operator closes it. The player's
 * window in every site language and the console in EN, PT and FR are photographed into
 * docs/screenshots/support. (Sign-in of operators is the back-office journey's; here the operator's
 * session is made in the database.)
 */

let site: Site;
let operatorToken = '';
const contexts: BrowserContext[] = [];
const shotDir = `${screenshotDir}/support`;
/** A receipt-like picture: a real PNG the browser draws. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAAlklEQVR4nO3WwQmAMBBE0RSWSuy/AA/etYOABNnBffALGN5pxnndWjTKF4QHCBAgQICCAwQIECBAwQHaBprz+HeAAAECBCg4QB8DNQ8QIECAAAUHCBCgYqDyp/v2+wICBAhQJ6DmAQIECBCg4ABtA5W/ntqXBAgQIEDZQM0DBAgQIEDBAQIECBCg4AABAgQIUHCAAO31ADJUssw737wvAAAAAElFTkSuQmCC',
  'base64',
);

beforeAll(async () => {
  site = await startSite({ jobs: false });
  const db = site.database.db;
  const op = await makeOperator(db, { account: 'ana.support', role: 'support', merchants: ['BRAZIL'] });
  await db.update(operators).set({ name: 'Ana' }).where(eq(operators.id, op.id));
  operatorToken = await sessionFor(db, op.id);
  mkdirSync(shotDir, { recursive: true });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await site?.close();
});

async function shot(page: Page, name: string) {
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${shotDir}/${name}.png` });
}

async function login(page: Page) {
  await page.goto(`${site.url}/`);
  await page.getByTestId('header-login').click();
  const auth = page.getByTestId('auth-dialog');
  await auth.getByTestId('field-username').fill('demoplayer');
  await auth.getByTestId('field-password').fill('Demo1234');
  await auth.getByTestId('login-submit').click();
  await page.getByTestId('account-avatar').waitFor();
}

async function openChat(page: Page) {
  await page.locator('[aria-controls="side-menu-support"]').click();
  await page.getByTestId('side-chat').click();
  await page.getByTestId('chat-window').waitFor();
}

/** The back office signed in as the support operator, in `language`, on the support console. */
async function consolePage(language: string): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.addInitScript(
    ({ token, lang }) => {
      localStorage.setItem('adminLang', lang);
      sessionStorage.setItem('adminSession', JSON.stringify({ token, step: 'done', expiresAt: Date.now() + 3_600_000 }));
    },
    { token: operatorToken, lang: language },
  );
  await page.goto(`${site.url}/admin/support`);
  await page.getByTestId('support-tab-waiting').waitFor();
  return page;
}

describe('customer-service chat', () => {
  it('the player writes and attaches an image, the operator takes and answers, both live', async () => {
    const { page: player, errors } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'EN' });
    player.setDefaultTimeout(30_000);
    await login(player);
    const operator = await consolePage('EN');
    await openChat(player);
    await shot(player, 'chat-brazil-en-open');

    const chat = player.getByTestId('chat-window');
    await chat.getByRole('textbox').fill('My PIX deposit has not arrived <b>yet</b> <img src=x onerror="window.hacked=1">');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => chat.locator('[data-seq="1"]').textContent()).toContain('<b>yet</b>');
    await player.getByTestId('chat-attach').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
    await chat.locator('[data-seq="2"] img').waitFor();
    await expect.poll(() => chat.getByRole('status').textContent()).toContain('Waiting for an agent');

    // The operator's queue got the conversation live (the console was open before the player wrote).
    const entry = operator.getByTestId('support-conversation-demoplayer');
    await entry.waitFor();
    await entry.click();
    await operator.locator('[data-seq="2"] img').waitFor();
    await shot(operator, 'console-en-waiting');
    await operator.getByTestId('support-take').click();
    await operator.getByTestId('support-send').waitFor();
    await expect.poll(() => chat.getByRole('status').textContent()).toContain('Ana is answering');
    // The player hides the window; the answer marks the launcher, which opens it again.
    await chat.getByRole('button', { name: 'Hide the chat' }).click();
    const launcher = player.getByTestId('chat-launcher');
    await launcher.waitFor();
    await operator.getByRole('textbox').fill('Hello! I can see your receipt; the deposit is being credited now.');
    await operator.getByTestId('support-send').click();
    await launcher.locator('.chat-launcher__dot').waitFor();
    await launcher.click();
    await expect.poll(() => chat.locator('[data-seq="3"]').textContent()).toContain('the deposit is being credited now');
    await shot(player, 'chat-brazil-en-answered');

    // The player answers back; the operator sees it live.
    await chat.getByRole('textbox').fill('Thank you, I see it.');
    await chat.getByRole('textbox').press('Enter');
    await expect.poll(() => operator.locator('[data-seq="4"]').textContent()).toContain('Thank you, I see it.');
    await shot(operator, 'console-en-answered');
    expect(await player.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

    await operator.getByTestId('support-close').click();
    await expect.poll(() => chat.getByRole('status').textContent()).toContain('closed');
    expect(errors).toEqual([]);
    await player.context().close();
  });

  it.each(['PT', 'FR', 'CN', 'VI', 'ID'])('the player’s chat reads right in %s', async (lang) => {
    const { page, errors } = await newVisitor(site, { merchantCode: 'BRAZIL', lang });
    page.setDefaultTimeout(30_000);
    await login(page);
    await openChat(page);
    await expect.poll(() => page.getByTestId('chat-window').locator('[data-seq]').count()).toBe(4);
    await shot(page, `chat-brazil-${lang.toLowerCase()}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each(['PT', 'FR'])('the console reads right in %s', async (lang) => {
    const page = await consolePage(lang);
    await page.getByTestId('support-tab-closed').click();
    await page.getByTestId('support-conversation-demoplayer').click();
    await page.locator('[data-seq="4"]').waitFor();
    await shot(page, `console-${lang.toLowerCase()}-closed`);
  });
});
