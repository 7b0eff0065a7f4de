import { mkdirSync, readFileSync } from 'node:fs';
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
 * conversation (the player sees "Read" under their image) and answers with a canned answer; each
 * side sees the other live, the player sees "typing…" while the operator writes and the operator
 * sees "Read" under the answer; the operator adds a private note the player never sees and closes
 * the conversation; the player rates it and downloads the transcript. The player's window in every
 * site language and the console in EN, PT and FR are photographed into docs/screenshots/support.
 * (Sign-in of operators is the back-office journey's; here the operator's session is made in the
 * database.)
 */

let site: Site;
let operatorToken = '';
let ownerToken = '';
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
  ownerToken = await sessionFor(db, (await makeOperator(db, { account: 'olga.owner', role: 'owner', merchants: ['BRAZIL'] })).id);
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
async function consolePage(language: string, token = operatorToken): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.addInitScript(
    ({ token, lang }) => {
      localStorage.setItem('adminLang', lang);
      sessionStorage.setItem('adminSession', JSON.stringify({ token, step: 'done', expiresAt: Date.now() + 3_600_000 }));
    },
    { token, lang: language },
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
    const box = chat.getByRole('textbox', { name: 'Type your message' });
    await box.fill('My PIX deposit has not arrived <b>yet</b> <img src=x onerror="window.hacked=1">');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => chat.locator('[data-seq="1"]').textContent()).toContain('<b>yet</b>');
    await player.getByTestId('chat-attach').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
    await chat.locator('[data-seq="2"] img').waitFor();
    await expect.poll(() => chat.getByRole('status').textContent()).toContain('Waiting for an agent');

    // The operator's queue got the conversation live (the console was open before the player wrote).
    const entry = operator.getByTestId('support-conversation-demoplayer');
    await entry.waitFor();
    // Two lines the console has not shown yet.
    await expect.poll(() => entry.getByTestId('support-unread').textContent()).toContain('2');
    await shot(operator, 'console-en-queue');
    await entry.click();
    await operator.locator('[data-seq="2"] img').waitFor();
    await shot(operator, 'console-en-waiting');
    await operator.getByTestId('support-take').click();
    await operator.getByTestId('support-send').waitFor();
    await expect.poll(() => chat.getByRole('status').textContent()).toContain('Ana is answering');
    // The console showed the image: the player sees it read.
    await chat.locator('[data-seq="2"] [data-testid="chat-read"]').waitFor();
    expect(await chat.getByTestId('chat-read').count()).toBe(1);
    // The player hides the window; the answer marks the launcher, which opens it again.
    await chat.getByRole('button', { name: 'Hide the chat' }).click();
    const launcher = player.getByTestId('chat-launcher');
    await launcher.waitFor();
    // The operator answers with the merchant's canned answer (seeded), completed by hand.
    const answerBox = operator.locator('#support-answer');
    await operator.getByTestId('support-canned').selectOption({ label: 'PIX deposit delay' });
    await expect.poll(() => answerBox.inputValue()).toContain('PIX deposits usually arrive within a few minutes');
    await shot(operator, 'console-en-canned');
    await answerBox.fill('Hello! I can see your receipt; the deposit is being credited now.');
    await operator.getByTestId('support-send').click();
    await launcher.locator('.chat-launcher__dot').waitFor();
    await launcher.click();
    await expect.poll(() => chat.locator('[data-seq="3"]').textContent()).toContain('the deposit is being credited now');
    // The player's window shows the answer: the operator sees it read.
    await operator.locator('[data-seq="3"] [data-testid="support-read"]').waitFor();
    // The operator writes again: the player sees it being typed.
    await answerBox.fill('You are welcome');
    await chat.getByTestId('chat-typing').waitFor();
    expect(await chat.getByTestId('chat-typing').textContent()).toBe('Ana is typing…');
    await shot(player, 'chat-brazil-en-answered');

    // The player answers back; the operator sees it live.
    await box.fill('Thank you, I see it.');
    await box.press('Enter');
    await expect.poll(() => operator.locator('[data-seq="4"]').textContent()).toContain('Thank you, I see it.');
    await answerBox.fill('You are welcome! Anything else I can do for you?');
    await operator.getByTestId('support-send').click();
    await expect.poll(() => chat.locator('[data-seq="5"]').textContent()).toContain('Anything else');
    // A private note: operators only.
    await operator.getByTestId('support-note-text').fill('Player sent a PIX receipt <b>R$ 50</b>; credited by hand.');
    await operator.getByTestId('support-note-add').click();
    await expect.poll(() => operator.getByTestId('support-notes').textContent()).toContain('<b>R$ 50</b>');
    await operator.evaluate(() => window.scrollTo(0, 0));
    await shot(operator, 'console-en-answered');
    expect(await player.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

    await operator.getByTestId('support-close').click();
    await expect.poll(() => chat.getByRole('status').textContent()).toContain('closed');
    expect(await chat.textContent()).not.toContain('R$ 50');

    // The player rates the conversation once, then downloads its transcript.
    const rating = chat.getByTestId('chat-rating');
    await rating.getByTestId('chat-star-4').click();
    await rating.getByRole('textbox').fill('Quick and <i>kind</i>');
    await shot(player, 'chat-brazil-en-rating');
    await rating.getByRole('button', { name: 'Send my rating' }).click();
    await expect.poll(() => chat.getByTestId('chat-rated').textContent()).toContain('You rated this conversation 4 of 5');
    await shot(player, 'chat-brazil-en-rated');
    const [download] = await Promise.all([player.waitForEvent('download'), chat.getByTestId('chat-transcript').click()]);
    const file = readFileSync(await download.path(), 'utf8');
    expect(download.suggestedFilename()).toMatch(/^support-\d+\.txt$/);
    expect(file).toContain('demoplayer: My PIX deposit has not arrived <b>yet</b>');
    expect(file).toContain('Ana (support): Hello! I can see your receipt');
    expect(file).toContain('Rating: 4/5');
    expect(file).not.toContain('R$ 50');

    // The console's closed list shows the rating.
    await operator.getByTestId('support-tab-closed').click();
    await expect.poll(() => operator.getByTestId('support-conversation-demoplayer').textContent()).toContain('4/5');
    await operator.getByTestId('support-conversation-demoplayer').click();
    await operator.getByTestId('support-rating-comment').waitFor();
    await shot(operator, 'console-en-closed');
    expect(errors).toEqual([]);
    await player.context().close();
  });

  it.each(['PT', 'FR', 'CN', 'VI', 'ID'])('the player’s chat reads right in %s', async (lang) => {
    const { page, errors } = await newVisitor(site, { merchantCode: 'BRAZIL', lang });
    page.setDefaultTimeout(30_000);
    await login(page);
    await openChat(page);
    await expect.poll(() => page.getByTestId('chat-window').locator('[data-seq]').count()).toBe(5);
    await page.getByTestId('chat-rated').waitFor();
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

  it('an owner sets the open conversations per operator of the merchant', async () => {
    const page = await consolePage('EN', ownerToken);
    const form = page.getByTestId('support-capacity');
    await expect.poll(() => form.getByRole('spinbutton').inputValue()).toBe('5');
    await form.getByRole('spinbutton').fill('0');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).not.toBe('');
    await form.getByRole('spinbutton').fill('8');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toContain('at most 8 open conversations');
    await shot(page, 'console-en-capacity');

    // The merchant's canned answers: the seeded ones, one added (refused first without a title), then deleted.
    await page.getByTestId('support-canned-manage').click();
    const dialog = page.getByTestId('canned-dialog');
    await expect
      .poll(() => dialog.locator('[data-testid^="canned-"] strong').allTextContents())
      .toEqual(expect.arrayContaining(['Greeting', 'PIX deposit delay', 'Closing']));
    await dialog.getByTestId('field-canned-content').fill('Withdrawals by PIX are usually paid within the hour.');
    await dialog.getByTestId('canned-save').click();
    await dialog.getByTestId('error-title').waitFor();
    await dialog.getByTestId('field-title').fill('Withdrawal <time>');
    await dialog.getByTestId('canned-save').click();
    const added = dialog.locator('li', { hasText: 'Withdrawal <time>' });
    await added.waitFor();
    await shot(page, 'console-en-canned-manage');
    await added.getByRole('button', { name: 'Delete' }).click();
    await added.waitFor({ state: 'detached' });
  });
});
