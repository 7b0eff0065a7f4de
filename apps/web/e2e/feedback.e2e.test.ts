import { mkdirSync } from 'node:fs';
import { desc } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../../server/src/modules/feedback/feedback.tables.ts';
import { makeOperator, sessionFor } from '../../server/test/operators.ts';
import { newVisitor, type Site, screenshotDir, startSite } from './harness.ts';

/**
 * Feedback in two Chromium windows against the real server: the demo player of Brazil opens the
 * side menu's feedback dialog, is told at the field when the text is too short or has too many
 * words, then sends a line carrying markup with a PNG; a support operator of Brazil opens it in the
 * back office's Feedback screen (the image fetched with the operator's token) and answers; the
 * answer reaches the player live as an unread platform message. The dialog in EN and PT and the
 * screen in EN and PT are photographed into docs/screenshots/support. (The operator's session is
 * made in the database: signing in is the back-office journey's.)
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
  const op = await makeOperator(site.database.db, { account: 'bia.support', role: 'support', merchants: ['BRAZIL'] });
  operatorToken = await sessionFor(site.database.db, op.id);
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

/**
 * The demo player of Brazil, logged in, in `lang`; `fromFeedback`: logged out, they press the side
 * menu's feedback entry and are asked to log in first.
 */
async function player(lang: string, fromFeedback = false) {
  const visitor = await newVisitor(site, { merchantCode: 'BRAZIL', lang });
  // The home page's notice popups stay shut: one arriving late would cover the side menu.
  await visitor.context.addInitScript(() => sessionStorage.setItem('index_notice', '1'));
  const { page } = visitor;
  page.setDefaultTimeout(20_000);
  await page.goto(`${site.url}/`);
  await page.getByTestId(fromFeedback ? 'side-feedback' : 'header-login').click();
  const auth = page.getByTestId('auth-dialog');
  await auth.getByTestId('field-username').fill('demoplayer');
  await auth.getByTestId('field-password').fill('Demo1234');
  await auth.getByTestId('login-submit').click();
  await page.getByTestId('account-avatar').waitFor();
  return visitor;
}

async function openFeedback(page: Page) {
  await page.getByTestId('side-feedback').click();
  await page.getByTestId('feedback-dialog').waitFor();
}

/** The back office signed in as the support operator, in `language`, on the Feedback screen. */
async function backOffice(language: string): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.addInitScript(
    ({ token, lang }) => {
      localStorage.setItem('adminLang', lang);
      sessionStorage.setItem('adminSession', JSON.stringify({ token, step: 'done', expiresAt: Date.now() + 3_600_000 }));
    },
    { token: operatorToken, lang: language },
  );
  await page.goto(`${site.url}/admin/feedback`);
  await page.getByTestId('feedback-show-unanswered').waitFor();
  return page;
}

describe('feedback', () => {
  it('the player sends feedback with an image, the operator answers it, the answer arrives as an unread message', async () => {
    const { page, errors } = await player('EN');
    const badge = page.getByTestId('account-avatar').getByTestId('unread-badge');
    await expect.poll(() => badge.textContent()).toBe('2');
    await openFeedback(page);
    const dialog = page.getByTestId('feedback-dialog');
    await shot(page, 'feedback-brazil-en-open');

    // Too short, then too many words: the field says so and nothing is sent.
    const text = dialog.getByTestId('field-content');
    await text.fill('Hello');
    await dialog.getByTestId('feedback-submit').click();
    await expect.poll(() => dialog.getByTestId('error-content').textContent()).toBe('Between 2 and 40 words, please');
    await shot(page, 'feedback-brazil-en-too-short');
    await text.fill('ok '.repeat(41).trim());
    await expect.poll(() => dialog.getByTestId('error-content').textContent()).toBe('Between 2 and 40 words, please');
    await expect.poll(() => dialog.getByTestId('feedback-count').textContent()).toContain('41 words');

    await text.fill('The PIX deposit page is slow <b>today</b>, please look');
    await expect.poll(() => dialog.getByTestId('error-content').count()).toBe(0);
    await dialog.getByTestId('feedback-file').setInputFiles({ name: 'slow.png', mimeType: 'image/png', buffer: png });
    await dialog.getByTestId('feedback-image').locator('img').waitFor();
    await shot(page, 'feedback-brazil-en-filled');
    await dialog.getByTestId('feedback-submit').click();
    const sent = page.getByTestId('global-dialog');
    await expect.poll(() => sent.textContent()).toContain('Our answer will arrive in your platform messages');
    await shot(page, 'feedback-brazil-en-sent');
    await sent.getByTestId('global-dialog-confirm').click();

    const [stored] = await site.database.db.select().from(feedback).orderBy(desc(feedback.id)).limit(1);
    expect(stored?.content).toBe('The PIX deposit page is slow <b>today</b>, please look');

    // The operator, in a second window, opens it from the waiting list, sees the image and answers.
    const office = await backOffice('EN');
    await office.getByTestId(`feedback-open-${stored?.id}`).waitFor();
    await shot(office, 'feedback-console-en-waiting');
    await office.getByTestId(`feedback-open-${stored?.id}`).click();
    const review = office.getByTestId('feedback-dialog');
    await expect.poll(() => review.getByTestId('feedback-content').textContent()).toBe(stored?.content);
    await expect
      .poll(() =>
        review
          .getByTestId('feedback-image-0')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(96);
    await shot(office, 'feedback-console-en-open');
    await review.getByTestId('field-answer').fill('Thank you! The PIX page was slow this morning; it is fast again now.');
    await review.getByTestId('feedback-send').click();
    await review.getByTestId('feedback-done').waitFor();
    await review.getByTestId('feedback-answer').waitFor();
    await shot(office, 'feedback-console-en-answered');

    // The player, still on the site, gets it live: one more unread message, the reply quoting them.
    await expect.poll(() => badge.textContent()).toBe('3');
    await page.getByTestId('account-avatar').click();
    await page.getByTestId('menu-messages').click();
    const reply = page.getByTestId('inbox').getByTestId('inbox-row').filter({ hasText: 'Reply to your feedback' });
    await expect.poll(() => reply.getAttribute('class')).toContain('is-unread');
    await shot(page, 'feedback-brazil-en-answer-unread');
    await reply.click();
    await expect.poll(() => page.getByTestId('inbox-content').textContent()).toContain('it is fast again now');
    await expect.poll(() => page.getByTestId('inbox-content').textContent()).toContain('<b>today</b>');
    await expect.poll(() => badge.textContent()).toBe('2');
    await shot(page, 'feedback-brazil-en-answer');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('asks a logged-out visitor to log in first; reads right in PT, with the server’s refusal of a disguised image', async () => {
    const { page, errors } = await player('PT', true);
    await openFeedback(page);
    const dialog = page.getByTestId('feedback-dialog');
    await dialog.getByTestId('field-content').fill('Olá');
    await dialog.getByTestId('feedback-submit').click();
    await expect.poll(() => dialog.getByTestId('error-content').textContent()).toBe('Escreva entre 2 e 40 palavras');
    await dialog.getByTestId('feedback-file').setInputFiles({ name: 'tela.png', mimeType: 'image/png', buffer: png });
    await dialog.getByTestId('feedback-image').locator('img').waitFor();
    await shot(page, 'feedback-brazil-pt-too-short');

    // A GIF named and typed as PNG passes the browser's check; the server reads its bytes and refuses it at its field.
    await dialog.getByTestId('feedback-image').getByRole('button').click();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    await dialog.getByTestId('feedback-file').setInputFiles({ name: 'falsa.png', mimeType: 'image/png', buffer: gif });
    await dialog.getByTestId('field-content').fill('O saque por PIX demorou hoje');
    await dialog.getByTestId('feedback-submit').click();
    await expect.poll(() => dialog.getByTestId('error-images').textContent()).toBe('Escolha uma imagem PNG ou JPG');
    await shot(page, 'feedback-brazil-pt-refused-image');
    expect((await site.database.db.select().from(feedback)).length).toBe(1);

    // On a phone the entry is in the drawer and the dialog a full-screen sheet; the draft is kept.
    await dialog.getByTestId('feedback-image').getByRole('button').click();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[aria-controls="side-menu"]').click();
    await openFeedback(page);
    await expect.poll(() => dialog.getByTestId('field-content').inputValue()).toBe('O saque por PIX demorou hoje');
    await shot(page, 'feedback-brazil-pt-phone');
    // The refused PUT is the one console error the browser reports.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await page.context().close();
  });

  it('the back office lists the answered feedback in PT', async () => {
    const office = await backOffice('PT');
    await office.getByTestId('feedback-show-answered').click();
    await office.locator('[data-testid^="feedback-open-"]').first().click();
    await office.getByTestId('feedback-answer').waitFor();
    await shot(office, 'feedback-console-pt-answered');
  });
});
