import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetMemberSessions } from '../../server/src/modules/auth/session-cache.ts';
import { merchantByCode } from '../../server/src/modules/merchants/merchants.service.ts';
import { queryRows } from '../../server/src/platform/db.ts';
import { fundMember } from '../../server/test/funds.ts';
import { answerCaptcha, newVisitor, type Site, screenshotDir, sendCode, startSite } from './harness.ts';
import { cpfOf } from './market-fields.ts';

/**
 * Registration on Brazil as a new player meets it, in Chromium against the real server: the form asks
 * for the CPF, the date of birth (the browser's date input) and the loss and time limits; a CPF with a
 * wrong check digit and a date under 18 are refused at their fields, in every site language; valid
 * ones register, and the limits chosen are the player's in Responsible gaming. The form is
 * photographed in every language into docs/screenshots/registration.
 */

let site: Site;
const shotDir = `${screenshotDir}/registration`;
beforeAll(async () => {
  site = await startSite({ trustProxy: true });
  mkdirSync(shotDir, { recursive: true });
});
afterAll(() => site?.close());

/** The page's local day `years` years and `days` days back, yyyy-MM-dd. */
function daysAgo(years: number, days: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const texts: Record<string, { cpf: RegExp; young: RegExp; title: RegExp }> = {
  EN: { cpf: /check its last two digits/, young: /at least 18 years old/, title: /Your limits/ },
  PT: { cpf: /confira os dois últimos dígitos/, young: /pelo menos 18 anos/, title: /Seus limites/ },
  FR: { cpf: /vérifiez ses deux derniers chiffres/, young: /au moins 18 ans/, title: /Vos limites/ },
  CN: { cpf: /最后两位校验码/, young: /年满 18 岁/, title: /您的限额/ },
  VI: { cpf: /hai chữ số cuối/, young: /đủ 18 tuổi/, title: /Giới hạn của bạn/ },
  ID: { cpf: /dua digit terakhirnya/, young: /minimal 18 tahun/, title: /Batas Anda/ },
};

/** The home page, then the header's register button. */
async function openRegister(page: Page) {
  await page.goto(`${site.url}/`);
  await page.getByTestId('page-home').waitFor();
  await page.getByTestId('header-register').click();
  const form = page.getByTestId('auth-dialog').getByTestId('register-form');
  await form.waitFor();
  return form;
}

describe('registration on Brazil', () => {
  it.each(Object.keys(texts))(
    'asks for CPF, birth date and limits and refuses a wrong check digit and an under-18 date (%s)',
    async (lang) => {
      const expected = texts[lang] as (typeof texts)['EN'];
      const { page, errors } = await newVisitor(site, { merchantCode: 'BRAZIL', lang, ip: `10.18.${lang.charCodeAt(0)}.1` });
      page.setDefaultTimeout(20_000);
      const form = await openRegister(page);
      expect(await form.getByTestId('register-limits').textContent()).toMatch(expected.title);
      expect(await form.getByTestId('field-birthDate').getAttribute('type')).toBe('date');
      expect(await form.getByTestId('field-lossLimit-period').locator('option').count()).toBe(3); // Brazil: a limit is required
      const good = cpfOf('529982247');
      await form.getByTestId('field-cpf').fill(`${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`);
      await form.getByTestId('field-birthDate').fill(daysAgo(18, -2));
      await form.getByTestId('field-lossLimit').fill('50');
      await form.getByTestId('field-sessionLimit').fill('120');
      await form.getByTestId('register-submit').click();
      await form.getByTestId('error-cpf').waitFor();
      expect(await form.getByTestId('error-cpf').textContent()).toMatch(expected.cpf);
      expect(await form.getByTestId('error-birthDate').textContent()).toMatch(expected.young);
      expect(await form.getByTestId('error-lossLimit').count()).toBe(0);
      await form.getByTestId('field-cpf').scrollIntoViewIfNeeded();
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${shotDir}/brazil-${lang.toLowerCase()}-register-form.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await form.getByTestId('register-limits').scrollIntoViewIfNeeded();
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${shotDir}/brazil-${lang.toLowerCase()}-register-form-phone.png` });
      expect(errors).toEqual([]);
    },
  );

  it('registers with a valid CPF, an adult birth date and limits, which are then the player’s', async () => {
    const { page } = await newVisitor(site, { merchantCode: 'BRAZIL', lang: 'PT', ip: '10.18.200.1' });
    page.setDefaultTimeout(20_000);
    const form = await openRegister(page);
    const cpf = cpfOf('390533447');
    await form.getByTestId('field-username').fill('cpfplayer1');
    await form.getByTestId('field-password').fill('Secret123');
    await form.getByTestId('field-confirmPassword').fill('Secret123');
    await form.getByTestId('field-mobileNum').fill('11987651234');
    await form.getByTestId('field-verificationCode').fill(await sendCode(site, form, 'BRAZIL', '+5511987651234'));
    await form.getByTestId('field-cpf').fill(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
    await form.getByTestId('field-birthDate').fill(daysAgo(18, 2));
    // A daily loss limit of R$ 0,50: the first spin of R$ 1 would pass it.
    await form.getByTestId('field-lossLimit').fill('0.5');
    await form.getByTestId('field-sessionLimit').fill('120');
    await form.getByTestId('field-sessionLimit-period').selectOption('week');
    await answerCaptcha(site, form);
    await form.getByTestId('field-agreeTerms').check();
    await form.getByTestId('register-submit').click();
    await page.getByTestId('register-success-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('account-avatar').waitFor();
    // The limits chosen at sign-up are in force on the Responsible gaming page.
    await page.getByTestId('account-avatar').click();
    await page.getByTestId('menu-security-centre').click();
    await page.getByTestId('open-responsible-gaming').click();
    await page.getByTestId('responsible-gaming').waitFor();
    expect(await page.getByTestId('limit-loss-day').textContent()).toMatch(/0,50/);
    expect(await page.getByTestId('limit-session-week').textContent()).toMatch(/120/);

    // The reality check: the shortest interval Brazil allows (5 minutes), set through the API; then
    // the session's start moved back 4 min 57 s (a test clock, not a wait): the dialog comes over the page.
    const answer = await page.evaluate(async () => {
      const res = await fetch('/wps/member/responsibleGaming/realityCheck', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', Merchant: 'BRAZIL', Authorization: `Bearer ${sessionStorage.getItem('token')}` },
        body: JSON.stringify({ minutes: 5 }),
      });
      return res.status;
    });
    expect(answer).toBe(200);
    const db = site.database.db;
    const [member] = await queryRows<{ id: number }>(db, sql`select id from members where account = 'cpfplayer1'`);
    const brazil = await merchantByCode(db, 'BRAZIL');
    if (!brazil) throw new Error('no Brazil');
    await fundMember(db, brazil, Number(member?.id ?? 0), 10_000);

    // A running slot for money: the spin of R$ 1 is refused by the daily loss limit, with the reason.
    const openSlot = async () => {
      await page.goto(`${site.url}/rng`);
      await page.getByTestId('lobby-grid').waitFor();
      await page.getByTestId('lobby-search').fill('jungle');
      await page.getByTestId('lobby-search-submit').click();
      await expect.poll(() => page.getByTestId('lobby-grid').getByTestId('game-card').count()).toBe(1);
      await page.getByTestId('lobby-grid').getByTestId('game-card').first().getByTestId('game-open').click();
      await page.getByTestId('page-game').waitFor();
      const frame = page.frameLocator('iframe.game-frame');
      await frame.locator('[data-testid="page-play"][data-mode="real"]').waitFor();
      return frame;
    };
    let frame = await openSlot();
    await frame.getByTestId('slot-bet').selectOption('0.05');
    const spun = page.waitForResponse((r) => r.url().endsWith('/wps/inhouse/slots/spin'));
    await frame.getByTestId('slot-spin').click();
    expect((await (await spun).json()).code).toBe('APP_ERR_STAKE_LOSS_LIMIT');
    await expect.poll(() => frame.getByTestId('play-error').textContent()).toBe('Esta aposta ultrapassaria o seu limite de perdas.');
    await frame.getByTestId('play-error').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shotDir}/brazil-pt-slot-loss-limit.png` });

    // The session's start moved back 4 min 40 s (a test clock, not five minutes of waiting), the game
    // opened again: the site's shell schedules the check for 20 s later, when the game is running.
    await db.execute(sql`update sessions set created_at = now() - interval '280 seconds' where member_id = ${member?.id ?? 0}`);
    forgetMemberSessions(db, Number(member?.id ?? 0));
    frame = await openSlot();
    expect(await page.getByTestId('reality-check').count()).toBe(0);
    const check = page.getByTestId('reality-check');
    await check.waitFor({ timeout: 45_000 });
    expect(await page.getByTestId('page-game').count()).toBe(1);
    await frame.locator('[data-testid="page-play"][data-mode="real"]').waitFor();
    expect(await check.getByTestId('reality-check-played').textContent()).toMatch(/Você está jogando há [45] minutos/);
    expect(await check.getByTestId('reality-check-net').textContent()).toMatch(/R\$\s?0,00/);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shotDir}/brazil-pt-reality-check-game.png` });
    // Stop ends the session: logged out.
    await check.getByTestId('reality-check-stop').click();
    await page.getByTestId('header-login').waitFor();
  });
});
