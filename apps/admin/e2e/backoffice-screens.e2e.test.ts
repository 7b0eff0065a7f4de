// The back office's money, merchants and players screens as a new finance operator of UEMOA uses
// them: approve a UEMOA withdrawal (Brazil's never shown), the merchants screen read-only for
// finance, the owner putting UEMOA into maintenance and the site showing it, a player found and
// their ledger read (decision 0027), an adjustment above UEMOA's threshold asked by finance and
// approved by the owner (decision 0047), the owner working a player as risk does: logins, a linked
// account, a note, withdrawals switched off, the session ended (decision 0048). Screenshots in
// docs/screenshots/admin/.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantByCode, setTurnoverMultiplier } from '../../server/src/modules/merchants/merchants.service.ts';
import { writeVerification } from '../../server/src/modules/verification/verification.repository.ts';
import { FIRST_OWNER } from '../../server/src/seed/operators.seed.ts';
import { tokenOf } from '../../server/test/auth.ts';
import { bindAccount, newPlayer, payDeposit, rid, setPaymentPassword } from '../../server/test/payments.ts';
import { newVisitor, type Site, startSite } from '../../web/e2e/harness.ts';
import { createOperator, firstSignIn, operatorPage, shot, shotDir } from './operator-pages.ts';

let site: Site;
const contexts: BrowserContext[] = [];

/** A player of the merchant with a deposit paid and a withdrawal pending review; its reference and the player's account. */
async function pendingWithdrawal(merchant: 'UEMOA' | 'BRAZIL') {
  const db = site.database.db;
  const p = await newPlayer(site.app, db, merchant);
  const uemoa = merchant === 'UEMOA';
  await payDeposit(site.app, p, { channel: uemoa ? 'ORANGE_MONEY' : 'PIX', amount: uemoa ? 10_000 : 100 });
  await setPaymentPassword(p);
  const account = await bindAccount(
    db,
    p,
    p.mobile,
    uemoa
      ? { kind: 'mobile_money', holderName: 'Awa Diop', institution: 'orange', number: p.mobile }
      : { kind: 'pix', holderName: 'Ana Souza', institution: 'email', number: `${p.account}@mail.com` },
  );
  // UEMOA's market asks for identity verification before a withdrawal: this player's was approved.
  if (uemoa) {
    const at = new Date();
    const merchantId = (await merchantByCode(db, merchant))?.id ?? 0;
    await writeVerification(db, {
      memberId: p.id,
      merchantId,
      status: 'approved',
      submittedAt: at,
      reviewedBy: 'kyc.reviewer',
      reviewedAt: at,
    });
  }
  const res = await p.call('POST', '/wps/withdraw', {
    accountId: account.id,
    amount: uemoa ? 5_000 : 60,
    paymentPassword: '246810',
    requestId: rid('wd'),
  });
  if (res.statusCode !== 200) throw new Error(`withdrawal failed: ${res.body}`);
  return { reference: res.json().value.reference as string, account: p.account };
}

let uemoaWithdrawal: { reference: string; account: string };
let brazilWithdrawal: { reference: string; account: string };

beforeAll(async () => {
  site = await startSite({ jobs: false });
  const db = site.database.db;
  // The journey withdraws right after depositing: no wagering required on either merchant.
  for (const code of ['UEMOA', 'BRAZIL']) await setTurnoverMultiplier(db, (await merchantByCode(db, code))?.id ?? 0, 0);
  uemoaWithdrawal = await pendingWithdrawal('UEMOA');
  brazilWithdrawal = await pendingWithdrawal('BRAZIL');
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await site?.close();
});

const rows = (page: Page, table: string) => page.getByTestId(`table-${table}`).locator('tbody tr:not(.spacer)');

describe('the back office screens', () => {
  let owner: Page;
  let finance: Page;

  it('the owner signs in and creates a finance operator of UEMOA, who signs in', async () => {
    owner = await operatorPage(site, contexts);
    await firstSignIn(site, owner, FIRST_OWNER.account, FIRST_OWNER.password, 'owner-new-password-2026');
    await createOperator(owner, {
      account: 'fin.uemoa',
      name: 'Awa Diallo',
      role: 'finance',
      merchants: ['UEMOA'],
      password: 'first-password-uemoa',
    });
    finance = await operatorPage(site, contexts);
    await firstSignIn(site, finance, 'fin.uemoa', 'first-password-uemoa', 'awa-own-password-2026');
    expect(await finance.getByTestId('nav-withdrawals').count()).toBe(1);
    expect(await finance.getByTestId('nav-players').count()).toBe(1);
  });

  it("approves a UEMOA withdrawal after reading it, and never sees Brazil's", async () => {
    await finance.getByTestId('nav-withdrawals').click();
    const mine = finance.getByTestId(`withdrawal-${uemoaWithdrawal.reference}`);
    await mine.waitFor();
    expect(await rows(finance, 'withdrawals').count()).toBe(1);
    expect(await finance.getByTestId(`withdrawal-${brazilWithdrawal.reference}`).count()).toBe(0);
    // The merchant filter offers UEMOA only; the API refuses Brazil's withdrawal to this operator outright.
    expect(await finance.getByTestId('filter-merchant').locator('option').allTextContents()).toEqual(['Any', 'UEMOA']);
    const refused = await finance.evaluate(async (reference) => {
      const token = JSON.parse(sessionStorage.getItem('adminSession') ?? '{}').token;
      const res = await fetch(`/admin/v1/withdrawals/${reference}`, { headers: { authorization: `Bearer ${token}` } });
      return res.status;
    }, brazilWithdrawal.reference);
    expect(refused).toBe(403);
    const line = ((await mine.textContent()) ?? '').replace(/\s/g, ' ');
    expect(line).toContain(uemoaWithdrawal.account);
    expect(line).toContain('F CFA 5,000');
    await shot(finance, 'withdrawals-en');

    await finance.getByTestId(`review-${uemoaWithdrawal.reference}`).click();
    const review = finance.getByTestId('review-dialog');
    await review.getByTestId('review-flags').waitFor();
    expect(await review.getByTestId('review-flags').textContent()).toContain('First withdrawal');
    expect(await review.getByTestId('review-payee').textContent()).toContain('Awa Diop');
    // Rejecting needs a reason: the server's message, translated, under the field; nothing changes.
    await review.getByTestId('reject').click();
    await review.getByTestId('error-reason').waitFor();
    await shot(finance, 'withdrawal-review-en');
    await review.getByTestId('field-reason').fill('Payee checked against the ID');
    await review.getByTestId('approve').click();
    await review.getByTestId('review-done').waitFor();
    await expect.poll(() => review.getByTestId('withdrawal-status').textContent()).toMatch(/Paid|Paying/);
    // The audit line of the approval is in the dialog.
    await expect.poll(async () => (await review.getByTestId('review-trail').textContent()) ?? '').toContain('withdrawal.approve');
    expect(await review.getByTestId('review-trail').textContent()).toContain('fin.uemoa');
    await shot(finance, 'withdrawal-approved-en');
    await review.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => rows(finance, 'withdrawals').count()).toBe(0);

    // The paid history, then the queue in Portuguese and French.
    await finance.getByTestId('status-paid').click();
    await finance.getByTestId(`withdrawal-${uemoaWithdrawal.reference}`).waitFor();
    for (const [code, pending] of [
      ['PT', 'Pendente'],
      ['FR', 'En attente'],
    ] as const) {
      await finance.getByTestId('language').selectOption(code);
      await expect.poll(() => finance.getByTestId('status-pending').textContent()).toBe(pending);
      await shot(finance, `withdrawals-paid-${code.toLowerCase()}`);
    }
    await finance.getByTestId('language').selectOption('EN');
  });

  it('shows finance the merchants read-only; the owner puts UEMOA into maintenance and the site shows it', async () => {
    await finance.getByTestId('nav-merchants').click();
    await finance.getByTestId('merchant-UEMOA').waitFor();
    expect(await rows(finance, 'merchants').count()).toBe(1);
    await finance.getByTestId('manage-UEMOA').click();
    const readOnly = finance.getByTestId('merchant-dialog');
    await readOnly.getByTestId('vendors').waitFor();
    expect(await readOnly.getByTestId('maintenance-save').count()).toBe(0);
    expect(await readOnly.getByTestId('maintenance-on-switch').isDisabled()).toBe(true);
    await shot(finance, 'merchant-read-only-en');
    await readOnly.getByRole('button', { name: 'Close' }).click();

    await owner.getByTestId('nav-merchants').click();
    await owner.getByTestId('merchant-BRAZIL').waitFor();
    await shot(owner, 'merchants-en');
    await owner.getByTestId('manage-UEMOA').click();
    const dialog = owner.getByTestId('merchant-dialog');
    await dialog.getByTestId('maintenance-on-switch').check();
    // A message longer than the audit line takes is refused at its field.
    await dialog.getByTestId('field-reason').fill('x'.repeat(501));
    await dialog.getByTestId('maintenance-save').click();
    await dialog.getByTestId('error-reason').waitFor();
    const end = new Date(Date.now() + 2 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await dialog
      .getByTestId('field-until')
      .fill(`${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}T${pad(end.getHours())}:${pad(end.getMinutes())}`);
    await dialog.getByTestId('field-reason').fill('Mobile-money provider upgrade');
    await dialog.getByTestId('maintenance-save').click();
    await dialog.getByTestId('maintenance-on').waitFor();
    await dialog.getByTestId('maintenance-form').scrollIntoViewIfNeeded();
    await shot(owner, 'merchant-maintenance-en');
    // A vendor switched off and on again from the same dialog.
    const vendor = dialog.locator('[data-testid^="vendor-toggle-"]').first();
    const before = await vendor.textContent();
    await vendor.click();
    await expect.poll(() => vendor.textContent()).not.toBe(before);
    await vendor.click();
    await expect.poll(() => vendor.textContent()).toBe(before);
    await shot(owner, 'merchant-vendors-en');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await owner.getByTestId('merchant-UEMOA').getByTestId('maintenance-on').waitFor();

    const visitor = await newVisitor(site, { merchantCode: 'UEMOA', lang: 'FR' });
    await visitor.page.goto(site.url);
    await visitor.page.getByTestId('page-maintenance').waitFor();
    await visitor.page.getByTestId('maintenance-end').waitFor();
    await visitor.page.screenshot({ path: `${shotDir}/site-maintenance-uemoa-fr.png` });
    await visitor.context.close();

    // Switched off again, with its trail: the owner's two changes and the reason.
    await owner.getByTestId('manage-UEMOA').click();
    await dialog.getByTestId('maintenance-on-switch').uncheck();
    await dialog.getByTestId('maintenance-save').click();
    await expect.poll(() => dialog.getByTestId('maintenance-on').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('finds a player and reads their balances and ledger; a manual adjustment lands in it; the owner switches their play off', async () => {
    await finance.getByTestId('nav-players').click();
    await finance.getByTestId('table-players').waitFor();
    await finance.getByTestId('filter-q').fill(uemoaWithdrawal.account.toUpperCase());
    const row = finance.getByTestId(`player-${uemoaWithdrawal.account}`);
    await row.waitFor();
    await expect.poll(() => rows(finance, 'players').count()).toBe(1);
    await shot(finance, 'players-en');
    await finance.getByTestId(`open-player-${uemoaWithdrawal.account}`).click();
    const dialog = finance.getByTestId('player-dialog');
    await dialog.getByTestId('balance-main').waitFor();
    // 10,000 F CFA deposited less the channel's fee (9,900 credited), 5,000 paid out.
    expect((await dialog.getByTestId('balance-main').textContent())?.replace(/\s/g, ' ')).toBe('F CFA 4,900');
    const ledger = dialog.getByTestId('table-player-ledger');
    await expect.poll(() => ledger.locator('tbody tr:not(.spacer)').count()).toBeGreaterThanOrEqual(2);
    expect(await ledger.textContent()).toContain('deposit');

    const adjust = dialog.getByTestId('adjust-form');
    await adjust.getByTestId('field-amount').fill('250');
    await adjust.getByTestId('adjust-submit').click();
    await adjust.getByTestId('error-reason').waitFor();
    await adjust.getByTestId('field-reason').fill('Goodwill for the delayed payout');
    await adjust.getByTestId('adjust-submit').click();
    await adjust.getByTestId('adjusted').waitFor();
    await expect.poll(async () => (await dialog.getByTestId('balance-main').textContent())?.replace(/\s/g, ' ')).toBe('F CFA 5,150');
    await expect.poll(async () => (await ledger.textContent()) ?? '').toContain('adjustment');
    await dialog.getByTestId('player-balances').scrollIntoViewIfNeeded();
    await shot(finance, 'player-en');
    await ledger.scrollIntoViewIfNeeded();
    await shot(finance, 'player-ledger-en');
    // Finance reads whether the player may play but cannot switch it: that is risk's (members.manage).
    expect(await dialog.getByTestId('play-state').textContent()).toBe('Play allowed');
    expect(await dialog.getByTestId('play-submit').count()).toBe(0);

    // The owner switches the player's play off: a reason is required at its field, then every stake is refused.
    await owner.getByTestId('nav-players').click();
    await owner.getByTestId('filter-q').fill(uemoaWithdrawal.account);
    await owner.getByTestId(`open-player-${uemoaWithdrawal.account}`).click();
    const ownerDialog = owner.getByTestId('player-dialog');
    await ownerDialog.getByTestId('play-submit').click();
    await ownerDialog.getByTestId('error-playReason').waitFor();
    await ownerDialog.getByTestId('field-playReason').fill('Chargeback under review');
    await ownerDialog.getByTestId('play-submit').click();
    await expect.poll(() => ownerDialog.getByTestId('play-state').textContent()).toBe('Play switched off');
    await ownerDialog.getByTestId('play-form').scrollIntoViewIfNeeded();
    await shot(owner, 'player-play-off-en');
  });

  it('an adjustment at or above the threshold waits for a second operator: its maker cannot approve it, the owner does', async () => {
    // The owner lowers UEMOA's threshold to 5,000 F CFA in the merchant's settings (a bad value is refused at its field).
    await owner.getByTestId('player-dialog').getByRole('button', { name: 'Close' }).click();
    await owner.getByTestId('nav-merchants').click();
    await owner.getByTestId('manage-UEMOA').click();
    const merchant = owner.getByTestId('merchant-dialog');
    const threshold = merchant.getByTestId('threshold-form');
    await expect.poll(() => threshold.getByTestId('field-threshold').inputValue()).toBe('100000');
    await threshold.getByTestId('field-threshold').fill('0');
    await threshold.getByTestId('threshold-save').click();
    await threshold.getByTestId('error-threshold').waitFor();
    await threshold.getByTestId('field-threshold').fill('5000');
    await threshold.getByTestId('threshold-save').click();
    await expect.poll(() => threshold.getByTestId('error-threshold').count()).toBe(0);
    await threshold.getByRole('status').waitFor();
    await threshold.scrollIntoViewIfNeeded();
    await shot(owner, 'merchant-adjustment-threshold-en');
    await merchant.getByRole('button', { name: 'Close' }).click();

    // Finance asks for 6,000 F CFA: it goes to approval, nothing moves, the player's requests show it pending.
    const dialog = finance.getByTestId('player-dialog');
    const adjust = dialog.getByTestId('adjust-form');
    await adjust.getByTestId('field-amount').fill('6000');
    await adjust.getByTestId('field-reason').fill('Payout lost by the mobile-money provider');
    await adjust.getByTestId('adjust-submit').click();
    const requested = adjust.getByTestId('adjust-requested');
    await requested.waitFor();
    const id = Number(/(\d+)/.exec((await requested.textContent()) ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);
    expect((await dialog.getByTestId('balance-main').textContent())?.replace(/\s/g, ' ')).toBe('F CFA 5,150');
    const request = dialog.getByTestId(`player-request-${id}`);
    await request.waitFor();
    expect(await request.getByTestId('adjustment-status').textContent()).toBe('Pending');
    await request.scrollIntoViewIfNeeded();
    await shot(finance, 'player-adjustment-requested-en');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // On the adjustments screen the maker sees their own request (not Brazil's) with approve switched off and why; the server refuses it too.
    await finance.getByTestId('nav-adjustments').click();
    await finance.getByTestId(`adjustment-${id}`).waitFor();
    expect(await rows(finance, 'adjustments').count()).toBe(1);
    await finance.getByTestId(`review-adjustment-${id}`).click();
    const own = finance.getByTestId('adjustment-dialog');
    expect(await own.getByTestId('approve').isDisabled()).toBe(true);
    expect(await own.getByTestId('own-request').textContent()).toBe('You asked for this adjustment: another operator must approve it');
    const refused = await finance.evaluate(async (requestId) => {
      const token = JSON.parse(sessionStorage.getItem('adminSession') ?? '{}').token;
      const res = await fetch(`/admin/v1/adjustment-requests/${requestId}/approve`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return [res.status, (await res.json()).code];
    }, id);
    expect(refused).toEqual([403, 'APP_ERR_LEDGER_ADJUSTMENT_SAME_OPERATOR']);
    await shot(finance, 'adjustment-own-en');
    await own.getByRole('button', { name: 'Close' }).click();

    // The owner finds it beside the demo's request of Brazil; rejecting needs a reason at its field; the owner approves.
    await owner.getByTestId('nav-adjustments').click();
    await owner.getByTestId(`adjustment-${id}`).waitFor();
    await expect.poll(() => rows(owner, 'adjustments').count()).toBe(2);
    expect(await owner.getByTestId('table-adjustments').textContent()).toContain('demo.finance');
    await shot(owner, 'adjustments-en');
    await owner.getByTestId(`review-adjustment-${id}`).click();
    const review = owner.getByTestId('adjustment-dialog');
    await review.getByTestId('reject').click();
    await review.getByTestId('error-reason').waitFor();
    await shot(owner, 'adjustment-review-en');
    await review.getByTestId('field-reason').fill('Provider confirmed the lost payout');
    await review.getByTestId('approve').click();
    await review.getByTestId('adjustment-done').waitFor();
    expect(await review.getByTestId('adjustment-status').textContent()).toBe('Approved');
    expect(await review.getByTestId('adjustment-checker').textContent()).toContain('owner');
    await shot(owner, 'adjustment-approved-en');
    await review.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => rows(owner, 'adjustments').count()).toBe(1);
    await owner.getByTestId('status-approved').click();
    await expect.poll(async () => (await owner.getByTestId(`adjustment-${id}`).textContent()) ?? '').toContain('owner');
    await shot(owner, 'adjustments-approved-en');
    await owner.getByTestId('status-pending').click();
    await expect.poll(() => rows(owner, 'adjustments').count()).toBe(1);
    for (const code of ['PT', 'FR'] as const) {
      await owner.getByTestId('language').selectOption(code);
      await expect.poll(() => owner.getByTestId('status-pending').textContent()).toBe(code === 'PT' ? 'Pendente' : 'En attente');
      await shot(owner, `adjustments-${code.toLowerCase()}`);
    }
    await owner.getByTestId('language').selectOption('EN');

    // The money moved once: the player's main wallet, and the request approved by the owner.
    await finance.getByTestId('nav-players').click();
    await finance.getByTestId('filter-q').fill(uemoaWithdrawal.account);
    await finance.getByTestId(`open-player-${uemoaWithdrawal.account}`).click();
    await expect.poll(async () => (await dialog.getByTestId('balance-main').textContent())?.replace(/\s/g, ' ')).toBe('F CFA 11,150');
    const approved = dialog.getByTestId(`player-request-${id}`);
    await expect.poll(() => approved.getByTestId('adjustment-status').textContent()).toBe('Approved');
    expect(await approved.textContent()).toContain('owner');
    await approved.scrollIntoViewIfNeeded();
    await shot(finance, 'player-adjustment-approved-en');
  });

  it('the owner works a player as risk does: finds them by address, reads their logins and a linked account, adds a note, switches withdrawals off and ends their session', async () => {
    // The demo player of UEMOA is signed in on the site meanwhile (a live session).
    const token = await tokenOf(site.app, 'demoplayer', 'Demo1234', { merchant: 'UEMOA' });
    const asPlayer = { authorization: `Bearer ${token}`, merchant: 'UEMOA' };
    const info = () => site.app.inject({ url: '/wps/member/info', headers: asPlayer });
    expect((await info()).statusCode).toBe(200);

    await owner.getByTestId('nav-players').click();
    await owner.getByTestId('filter-q').fill('203.0.113.20');
    await owner.getByTestId('player-demotwin').waitFor();
    await expect.poll(() => rows(owner, 'players').count()).toBe(2);
    await shot(owner, 'players-by-address-en');
    await owner.getByTestId('open-player-demoplayer').click();
    const dialog = owner.getByTestId('player-dialog');

    await dialog.getByTestId('player-tab-logins').click();
    const ips = dialog.getByTestId('player-ips');
    await expect.poll(async () => (await ips.textContent()) ?? '').toContain('203.0.113.20');
    expect(await dialog.getByTestId('player-devices').textContent()).toContain('demouemoaphone00000001');
    await expect.poll(() => dialog.getByTestId('table-player-logins').locator('tbody tr:not(.spacer)').count()).toBeGreaterThanOrEqual(4);
    await shot(owner, 'player-logins-en');

    await dialog.getByTestId('player-tab-linked').click();
    const linked = dialog.getByTestId('player-linked');
    await expect.poll(async () => (await linked.textContent()) ?? '').toContain('demotwin');
    expect(await linked.textContent()).toContain('demouemoaphone00000001');
    await shot(owner, 'player-linked-en');

    // A note is plain text: markup typed into it shows as typed.
    await dialog.getByTestId('player-tab-notes').click();
    await dialog.getByTestId('note-submit').click();
    await dialog.getByTestId('error-note').waitFor();
    await dialog.getByTestId('field-note').fill('Shares a phone with demotwin. <b>Asked</b> for the ID of both.');
    await dialog.getByTestId('note-submit').click();
    const note = dialog.locator('li.note').filter({ hasText: 'Shares a phone' });
    await note.waitFor();
    expect(await note.textContent()).toContain('<b>Asked</b>');
    expect(await note.textContent()).toContain(FIRST_OWNER.account);
    await shot(owner, 'player-notes-en');

    await dialog.getByTestId('player-tab-account').click();
    const withdraw = dialog.getByTestId('withdraw-form');
    await withdraw.getByTestId('withdraw-submit').click();
    await withdraw.getByTestId('error-withdrawReason').waitFor();
    await withdraw.getByTestId('field-withdrawReason').fill('Multi-account review');
    await withdraw.getByTestId('withdraw-submit').click();
    await expect.poll(() => withdraw.getByTestId('withdraw-state').textContent()).toBe('Withdrawals switched off');
    const refused = await site.app.inject({
      method: 'POST',
      url: '/wps/withdraw',
      headers: asPlayer,
      payload: { accountId: 1, amount: 1_000, paymentPassword: '246810', requestId: rid('wd') },
    });
    expect(refused.json().code).toBe('APP_ERR_PAYMENT_WITHDRAW_BLOCKED');

    const actions = dialog.getByTestId('account-actions');
    await actions.getByTestId('field-actionReason').fill('Shared phone: signed out until the review ends');
    await actions.getByTestId('logout-submit').click();
    await expect.poll(() => actions.getByTestId('action-done').textContent()).toBe('Sessions ended: 1.');
    expect((await info()).statusCode).toBe(401);
    await withdraw.scrollIntoViewIfNeeded();
    await shot(owner, 'player-risk-actions-en');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('the owner reads the audit trail of all of it (the operator, the approval, the maintenance, the adjustments, the play switch) and verifies its chain', async () => {
    await owner.getByTestId('nav-audit').click();
    const table = owner.getByTestId('table-audit');
    await table.waitFor();
    const trail = async () => (await table.textContent()) ?? '';
    // Each waited for: the table may still be loading its page when the first line shows.
    for (const action of [
      'operator.create',
      'withdrawal.approve',
      'merchant.maintenance',
      'merchant.adjustment_threshold',
      'ledger.adjust',
      'ledger.adjust.request',
      'ledger.adjust.approve',
      'member.play',
      'member.note',
      'member.withdraw',
      'member.logout',
      'fin.uemoa',
    ])
      await expect.poll(trail, { message: action }).toContain(action);
    await owner.getByTestId('audit-verify').click();
    const verdict = owner.getByTestId('audit-verification');
    await verdict.waitFor();
    expect(await verdict.textContent()).toMatch(/The chain is intact: \d+ lines/);
    await shot(owner, 'audit-backoffice-en');
  });
});
