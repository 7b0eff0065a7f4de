import { mkdirSync } from 'node:fs';
import { seamlessPaths } from '@platform/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstSignIn, operatorPage } from '../../admin/e2e/operator-pages.ts';
import { memberByAccount } from '../../server/src/modules/members/members.service.ts';
import { merchantByCode } from '../../server/src/modules/merchants/merchants.service.ts';
import { setResponsibleGamingClock } from '../../server/src/modules/responsible-gaming/limits.service.ts';
import { insertProvider } from '../../server/src/modules/seamless/seamless.repository.ts';
import { signSeamless } from '../../server/src/modules/seamless/seamless.service.ts';
import { FIRST_OWNER } from '../../server/src/seed/operators.seed.ts';
import { demoDocuments } from '../../server/src/seed/verification.seed.ts';
import { fundMember } from '../../server/test/funds.ts';
import { bindAccount, newPlayer, setPaymentPassword } from '../../server/test/payments.ts';
import { answerCaptcha, newVisitor, type Site, screenshotDir, sendCode, startSite } from './harness.ts';
import { openDraw } from './lottery-fixture.ts';
import { cpfOf } from './market-fields.ts';

/**
 * Issue 18's limits and identity, tried as a new player would in Chromium against the real server.
 * On Brazil (in Portuguese): a player registers with CPF, birth date and a daily loss limit of R$ 1;
 * a game provider's signed seamless bet uses it up and the next one is refused with the gate's code
 * and detail; the slot in the game frame and a lottery slip are refused with the reason shown there
 * (which limit, nothing left, when it resets); the limits page shows the limit reached; a raise waits
 * the cooling period, which a test clock lets pass, then is confirmed and in force; after a
 * self-exclusion the player cannot log in, nor register again with the same CPF. On UEMOA (in
 * French): a withdrawal is refused until the identity is verified; an operator approves the
 * documents on the back office's Verifications screen; the withdrawal then goes through, and the
 * operator pays it out from the Withdrawals screen. Photographed into docs/screenshots/responsible-gaming.
 */

let site: Site;
const contexts: BrowserContext[] = [];
const shotDir = `${screenshotDir}/responsible-gaming`;
/** A game provider of ours (the in-house vendor's games), whose calls the journey signs as the provider would. */
const provider = { code: 'RGJOURNEY', secret: 'responsible-gaming-journey-provider-secret' };

beforeAll(async () => {
  site = await startSite();
  mkdirSync(shotDir, { recursive: true });
  await insertProvider(site.database.db, { code: provider.code, vendorCode: 'INHOUSE', secret: provider.secret });
});
afterEach(() => setResponsibleGamingClock(null));
afterAll(async () => {
  for (const c of contexts) await c.close();
  await site?.close();
});

async function shot(page: Page, name: string) {
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${shotDir}/${name}.png` });
}

/** A seamless-wallet call signed with the provider's secret, as its game server sends it. */
async function providerCall(path: string, body: object): Promise<{ status: number; code?: string; value: Record<string, unknown> }> {
  const raw = JSON.stringify(body);
  const res = await fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-provider': provider.code, 'x-signature': signSeamless(provider.secret, raw) },
    body: raw,
  });
  const answer = (await res.json()) as { code?: string; value: Record<string, unknown> };
  return { status: res.status, code: answer.code, value: answer.value };
}

/** The local day `years` years and `days` days back, yyyy-MM-dd. */
function daysAgo(years: number, days: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() - days);
  return d.toISOString().slice(0, 10);
}

/** The header's register button from the home page, to the form. */
async function openRegister(page: Page) {
  await page.goto(`${site.url}/`);
  await page.getByTestId('page-home').waitFor();
  await page.getByTestId('header-register').click();
  const form = page.getByTestId('auth-dialog').getByTestId('register-form');
  await form.waitFor();
  return form;
}

/** Fills Brazil's registration form as a new player: account, mobile with its code, CPF, an adult's birth date, the limits. */
async function fillBrazilRegistration(page: Page, who: { username: string; mobile: string; cpf: string }) {
  const form = await openRegister(page);
  await form.getByTestId('field-username').fill(who.username);
  await form.getByTestId('field-password').fill('Secret123');
  await form.getByTestId('field-confirmPassword').fill('Secret123');
  await form.getByTestId('field-mobileNum').fill(who.mobile);
  await form.getByTestId('field-verificationCode').fill(await sendCode(site, form, 'BRAZIL', `+55${who.mobile}`));
  await form.getByTestId('field-cpf').fill(who.cpf);
  await form.getByTestId('field-birthDate').fill(daysAgo(30, 0));
  // A daily loss limit of R$ 1,00.
  await form.getByTestId('field-lossLimit').fill('1');
  await form.getByTestId('field-lossLimit-period').selectOption('day');
  await form.getByTestId('field-sessionLimit').fill('600');
  await answerCaptcha(site, form);
  await form.getByTestId('field-agreeTerms').check();
  return form;
}

/** The member centre's Responsible gaming page, from the account menu. */
async function openLimits(page: Page) {
  await page.getByTestId('account-avatar').click();
  await page.getByTestId('menu-security-centre').click();
  await page.getByTestId('open-responsible-gaming').click();
  await page.getByTestId('responsible-gaming').waitFor();
  return page.getByTestId('limit-loss-day');
}

/** What a refusal at the daily loss limit adds: which limit, nothing left, when it resets. */
const leftToday = /^Seu limite diário de perdas: restam R\$\s0,00 até \d{4}-\d\d-\d\d \d\d:\d\d\.$/;

/** Scrolls an element to the middle of its scrolling box, for a photograph. */
const centred = (el: ReturnType<Page['getByTestId']>) => el.evaluate((node) => node.scrollIntoView({ block: 'center' }));

/** A limit row's cells: amount, used, remaining. */
const cells = async (row: ReturnType<Page['getByTestId']>) => (await row.locator('td').allTextContents()).slice(0, 3);

describe('responsible gaming on Brazil, tried as a new player', () => {
  it('stops a provider’s bet, a slot spin and a lottery slip at the loss limit with the reason, raises it after the cooling period, and keeps a self-excluded CPF out', async () => {
    const { page, errors } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'PT', ip: '10.19.1.1' });
    page.setDefaultTimeout(30_000);
    const cpf = cpfOf('284736190');
    const form = await fillBrazilRegistration(page, { username: 'limitplayer1', mobile: '11987659001', cpf });
    await form.getByTestId('register-submit').click();
    await page.getByTestId('register-success-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('account-avatar').waitFor();
    const db = site.database.db;
    const brazil = await merchantByCode(db, 'BRAZIL');
    const member = brazil ? await memberByAccount(db, brazil.id, 'limitplayer1') : undefined;
    if (!brazil || !member) throw new Error('the player was not registered');
    // R$ 100 as a credited deposit would put them in the main wallet.
    await fundMember(db, brazil, member.id, 10_000);

    // The player opens a slot for money: the site launches it with a game session whose token the provider holds.
    await page.goto(`${site.url}/rng`);
    await page.getByTestId('lobby-grid').waitFor();
    await page.getByTestId('lobby-search').fill('jungle');
    await page.getByTestId('lobby-search-submit').click();
    await expect.poll(() => page.getByTestId('lobby-grid').getByTestId('game-card').count()).toBe(1);
    await page.getByTestId('lobby-grid').getByTestId('game-card').first().getByTestId('game-open').click();
    const frame = page.frameLocator('iframe.game-frame');
    await frame.locator('[data-testid="page-play"][data-mode="real"]').waitFor();
    const src = (await page.locator('iframe.game-frame').getAttribute('src')) ?? '';
    const token = new URL(src, site.url).searchParams.get('token');
    expect(token).toBeTruthy();

    // The provider's bet of R$ 1,00 uses the whole limit; its next bet is refused with the documented code and detail.
    const bet = (n: number, amount: number) => ({
      playerId: String(member.id),
      token,
      transactionId: `rg-journey-bet-${n}`,
      roundId: `rg-journey-round-${n}`,
      gameCode: 'jungle-gems',
      amount,
      currency: 'BRL',
    });
    const first = await providerCall(seamlessPaths.bet, bet(1, 1));
    expect(first.status).toBe(200);
    const lost = await providerCall(seamlessPaths.win, { ...bet(1, 0), transactionId: 'rg-journey-win-1' });
    expect(lost.status).toBe(200);
    const refused = await providerCall(seamlessPaths.bet, bet(2, 0.1));
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('APP_ERR_STAKE_LOSS_LIMIT');
    expect(refused.value).toMatchObject({ limit: 'loss', period: 'day', remaining: 0 });
    expect(Date.parse(String(refused.value.resetsAt))).toBeGreaterThan(Date.now());

    // In the game frame (our provider's game), a spin at the limit says why it is refused.
    await frame.getByTestId('slot-bet').selectOption('0.05');
    await frame.getByTestId('slot-spin').click();
    await expect.poll(() => frame.getByTestId('play-error').textContent()).toBe('Esta aposta ultrapassaria o seu limite de perdas.');
    expect(await frame.getByTestId('play-error-detail').textContent()).toMatch(leftToday);
    await frame.getByTestId('play-error').scrollIntoViewIfNeeded();
    await shot(page, 'brazil-pt-slot-at-limit');

    // A lottery slip at the limit: refused, with the reason at the slip.
    await openDraw(site, 'SSC', 12);
    await page.goto(`${site.url}/lottery?gameCode=SSC&playType=SSC_ANY_POSITION`);
    await page.getByTestId('current-issue').waitFor();
    await page.getByTestId('bet-board').getByTestId('pick-row-0').locator('[data-n="7"]').click();
    await page.getByTestId('add-to-slip').click();
    await page.getByTestId('place-bets').click();
    await expect.poll(() => page.getByTestId('slip-error').textContent()).toBe('Esta aposta ultrapassaria o seu limite de perdas.');
    expect(await page.getByTestId('slip-error-detail').textContent()).toMatch(leftToday);
    await centred(page.getByTestId('slip-error'));
    await shot(page, 'brazil-pt-lottery-slip-at-limit');

    // The limits page: R$ 1,00 used, nothing left today.
    const row = await openLimits(page);
    expect(await cells(row)).toEqual([expect.stringMatching(/1,00/), expect.stringMatching(/1,00/), expect.stringMatching(/0,00/)]);
    await centred(row);
    await shot(page, 'brazil-pt-limit-reached');

    // A raise to R$ 5 waits for the cooling period (24 hours on Brazil): pending, not yet confirmable.
    const limitForm = page.getByTestId('limit-form');
    await limitForm.getByTestId('field-kind').selectOption('loss');
    await limitForm.getByTestId('field-period').selectOption('day');
    await limitForm.getByTestId('field-amount').fill('5');
    await limitForm.getByTestId('limit-save').click();
    await row.getByTestId('limit-pending').waitFor();
    expect(await row.getByTestId('limit-pending').textContent()).toMatch(/5,00/);
    expect(await row.getByTestId('limit-confirm').count()).toBe(0);
    expect(await cells(row)).toEqual([expect.stringMatching(/1,00/), expect.anything(), expect.stringMatching(/0,00/)]);
    await page.getByTestId('global-dialog-confirm').click();
    await page.getByTestId('global-dialog').waitFor({ state: 'hidden' });
    await centred(row);
    await shot(page, 'brazil-pt-raise-pending');
    // The server's clock a day and a minute on (a test clock, not a wait): the raise may be confirmed, and is.
    const later = Date.now() + 24 * 3_600_000 + 60_000;
    setResponsibleGamingClock(() => new Date(later));
    await page.goto(`${site.url}/`);
    await openLimits(page);
    await row.getByTestId('limit-confirm').click();
    await expect.poll(() => row.getByTestId('limit-pending').count()).toBe(0);
    // By that clock it is tomorrow: R$ 5,00 a day, nothing lost yet on that day.
    expect(await cells(row)).toEqual([expect.stringMatching(/5,00/), expect.stringMatching(/0,00/), expect.stringMatching(/5,00/)]);
    await centred(row);
    await shot(page, 'brazil-pt-raise-in-force');
    setResponsibleGamingClock(null);
    // The gate enforces the raised limit: the provider's bet of R$ 0,10 now goes through.
    expect((await providerCall(seamlessPaths.bet, bet(3, 0.1))).status).toBe(200);

    // Self-exclusion for six months, after the confirmation that says what happens: logged out everywhere.
    await page.getByTestId('break-self_exclusion-start').click();
    await page.getByTestId('global-dialog-confirm').click();
    await page.getByTestId('header-login').waitFor();
    // Logging in again is refused with the reason.
    await page.getByTestId('header-login').click();
    const auth = page.getByTestId('auth-dialog');
    await auth.getByTestId('field-username').fill('limitplayer1');
    await auth.getByTestId('field-password').fill('Secret123');
    await auth.getByTestId('login-submit').click();
    await expect
      .poll(() => auth.getByTestId('login-error').textContent())
      .toBe('Sua conta está em pausa ou autoexclusão: apostas, depósitos e login ficam bloqueados até o fim do período.');
    await shot(page, 'brazil-pt-excluded-login');
    await page.keyboard.press('Escape');
    // A new account with the same CPF (written with its dots and dash), another name and mobile: refused at the CPF.
    const again = await fillBrazilRegistration(page, {
      username: 'limitplayer2',
      mobile: '11987659002',
      cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    });
    await again.getByTestId('register-submit').click();
    await expect
      .poll(() => again.getByTestId('error-cpf').textContent())
      .toBe('Não é possível abrir uma conta com este CPF neste mercado. Se ele é seu, fale com o atendimento.');
    expect(await memberByAccount(db, brazil.id, 'limitplayer2')).toBeUndefined();
    await centred(again.getByTestId('field-cpf'));
    await shot(page, 'brazil-pt-excluded-cpf-register');
    // The refusals the journey provoked, and the calls the exclusion's logout cut short (401), are
    // logged by the browser as failed requests; nothing else.
    expect(errors.filter((e) => !/status of (401|403|409)/.test(e))).toEqual([]);
  });
});

describe('identity verification on UEMOA', () => {
  it('refuses a withdrawal until an operator approves the documents on the Verifications screen, then takes it and pays it out', async () => {
    const db = site.database.db;
    const uemoa = await merchantByCode(db, 'UEMOA');
    if (!uemoa) throw new Error('no UEMOA');
    // A player with 20,000 F CFA, a payment password and an Orange Money account bound (as the wallet journey does on the page).
    const p = await newPlayer(site.app, db, 'UEMOA');
    await fundMember(db, uemoa, p.id, 20_000);
    await setPaymentPassword(p);
    await bindAccount(db, p, p.mobile, {
      kind: 'mobile_money',
      holderName: 'Awa Ndiaye',
      institution: 'orange',
      number: p.mobile.slice(4),
    });

    const { page, errors } = await newVisitor(site, { merchantCode: 'UEMOA', lang: 'FR', ip: '10.19.2.1' });
    page.setDefaultTimeout(30_000);
    await page.goto(`${site.url}/`);
    await page.getByTestId('header-login').click();
    const auth = page.getByTestId('auth-dialog');
    await auth.getByTestId('field-username').fill(p.account);
    await auth.getByTestId('field-password').fill('Secret123');
    await auth.getByTestId('login-submit').click();
    await page.getByTestId('account-avatar').click();
    await page.getByTestId('menu-security-centre').click();
    const centre = page.getByTestId('member-centre');
    const withdrawOnce = async () => {
      await centre.getByTestId('member-page-withdraw').click();
      const request = centre.getByTestId('withdraw-page').getByTestId('withdraw-form');
      await centre.getByTestId('withdraw-account').waitFor();
      await request.getByTestId('field-amount').fill('5000');
      await request.getByTestId('field-paymentPassword').fill('246810');
      await request.getByTestId('withdraw-submit').click();
      return request;
    };
    const request = await withdrawOnce();
    await expect.poll(() => request.getByTestId('error-amount').textContent()).toMatch(/^Vérifiez votre identité avant de retirer/);
    await shot(page, 'uemoa-fr-withdraw-needs-verification');

    // The player sends the ID's two sides and a selfie from the security centre.
    await centre.getByTestId('member-page-securityCenter').click();
    await centre.getByTestId('open-verification').click();
    const kyc = centre.getByTestId('verification-panel');
    for (const [kind, draw] of Object.entries(demoDocuments)) {
      await kyc.getByTestId(`kyc-file-${kind}`).setInputFiles({ name: `${kind}.png`, mimeType: 'image/png', buffer: draw() });
      await expect.poll(() => kyc.getByTestId(`kyc-document-${kind}`).textContent()).toContain('✓');
    }
    await kyc.getByTestId('kyc-send').click();
    await kyc.getByTestId('kyc-pending').waitFor();

    // The operator, in the back office: Verifications, the player's documents, approve.
    const operator = await operatorPage(site, contexts, 'FR');
    operator.setDefaultTimeout(30_000);
    await firstSignIn(site, operator, FIRST_OWNER.account, FIRST_OWNER.password, 'owner-new-password-rg-2026');
    await operator.getByTestId('nav-verifications').click();
    await operator.getByTestId(`review-member-${p.account}`).click();
    const review = operator.getByTestId('verification-dialog');
    for (const kind of Object.keys(demoDocuments)) await review.getByTestId(`document-${kind}`).locator('img').waitFor();
    await shot(operator, 'uemoa-fr-operator-verification-review');
    await review.getByTestId('verification-approve').click();
    await review.getByTestId('verification-done').waitFor();
    // The dialog says it is done before it has read the verification again: its status follows.
    await expect.poll(() => review.getByTestId('verification-status').textContent()).toMatch(/approuv|vérifi/i);
    await shot(operator, 'uemoa-fr-operator-verification-approved');

    // Back on the site: verified, and the same withdrawal goes through (pending payout, the amount held).
    await centre.getByTestId('open-verification').click();
    await centre.getByTestId('open-verification').click();
    await expect.poll(() => kyc.getByTestId('kyc-status').getAttribute('data-status')).toBe('approved');
    await withdrawOnce();
    const first = centre.getByTestId('withdrawal-list').locator('li').first();
    await expect.poll(() => first.getByTestId('money-status').getAttribute('data-status')).toBe('pending');
    expect(await first.locator('strong').textContent()).toMatch(/5\s?000/);
    await shot(page, 'uemoa-fr-withdraw-after-verification');
    // The operator pays it out from the Withdrawals screen; the player's list shows it paid by itself.
    const reference = (await first.getAttribute('data-reference')) ?? '';
    await operator.keyboard.press('Escape');
    await operator.getByTestId('nav-withdrawals').click();
    await operator.getByTestId(`review-${reference}`).click();
    const payout = operator.getByTestId('review-dialog');
    await payout.getByTestId('approve').click();
    await payout.getByTestId('review-done').waitFor();
    await expect.poll(() => first.getByTestId('money-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('paid');
    expect(errors.filter((e) => !/status of (403|409)/.test(e))).toEqual([]);
  });
});
