// The back office's Agents screen as a finance operator of UEMOA uses it: UEMOA's demo agent found
// and opened (Brazil's agents refused), its team tree expanded, the sub-agent's signed contracts and
// its settled bill with the commission lines that add up to it, in EN, PT and FR (issue 20).
// Screenshots in docs/screenshots/admin/.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_OWNER } from '../../server/src/seed/operators.seed.ts';
import { type Site, startSite } from '../../web/e2e/harness.ts';
import { createOperator, firstSignIn, operatorPage, shot } from './operator-pages.ts';

let site: Site;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite({ jobs: false });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await site?.close();
});

const rows = (page: Page, table: string) => page.getByTestId(`table-${table}`).locator('tbody tr:not(.spacer)');

describe('the Agents screen', () => {
  let finance: Page;
  let owner: Page;

  it('the owner creates a finance operator of UEMOA, who signs in and sees the Agents entry', async () => {
    owner = await operatorPage(site, contexts);
    await firstSignIn(site, owner, FIRST_OWNER.account, FIRST_OWNER.password, 'owner-new-password-2026');
    await createOperator(owner, {
      account: 'fin.agents',
      name: 'Moussa Traoré',
      role: 'finance',
      merchants: ['UEMOA'],
      password: 'first-password-agents',
    });
    finance = await operatorPage(site, contexts);
    await firstSignIn(site, finance, 'fin.agents', 'first-password-agents', 'moussa-own-password-2026');
    expect(await finance.getByTestId('nav-agents').count()).toBe(1);
  });

  it("opens UEMOA's demo agent: the line above its sub-agent, the team tree, signed contracts and a settled bill whose lines add up; never Brazil's agents", async () => {
    await finance.getByTestId('nav-agents').click();
    await finance.getByTestId('agent-demoagent').waitFor();
    await finance.getByTestId('agent-demosubagent').waitFor();
    expect(await finance.getByTestId('agents-merchant').locator('option').allTextContents()).toEqual(['UEMOA']);
    const refused = await finance.evaluate(async () => {
      const token = JSON.parse(sessionStorage.getItem('adminSession') ?? '{}').token;
      const res = await fetch('/admin/v1/merchants/BRAZIL/agents', { headers: { authorization: `Bearer ${token}` } });
      return res.status;
    });
    expect(refused).toBe(403);
    await finance.getByTestId('filter-account').fill('sub');
    await expect.poll(() => rows(finance, 'agents').count()).toBe(1);
    await finance.getByTestId('filter-account').fill('');
    await expect.poll(() => rows(finance, 'agents').count()).toBeGreaterThanOrEqual(2);
    await shot(finance, 'agents-en');
    // Finance reads agents; setting a prize group is agents.manage's.

    // The demo agent: top of its line, its team as a tree, the sub-agent's players one level down.
    await finance.getByTestId('open-agent-demoagent').click();
    const dialog = finance.getByTestId('agent-dialog');
    await dialog.getByTestId('agent-line').waitFor();
    expect(await dialog.getByTestId('agent-line').textContent()).toContain('Top of a line');
    expect(await dialog.getByTestId('agent-team-size').textContent()).toBe('6');
    expect(await dialog.getByTestId('prize-group-form').count()).toBe(0);
    await dialog.getByTestId('tree-demosubagent').waitFor();
    expect(await dialog.getByTestId('tree-demoteam1').count()).toBe(0);
    await dialog.getByTestId('tree-toggle-demosubagent').click();
    await dialog.getByTestId('tree-demoteam1').waitFor();
    await dialog.getByTestId('tree-demoteam2').waitFor();
    expect(await dialog.getByTestId('tree-toggle-demosubagent').getAttribute('aria-expanded')).toBe('true');
    await shot(finance, 'agent-tree-en');

    // The sub-agent opened from the tree: the line above it, its two contracts signed with the demo agent.
    await dialog.getByTestId('tree-open-demosubagent').click();
    await dialog.getByTestId('upline-demoagent').waitFor();
    await dialog.getByTestId('agent-tab-contracts').click();
    const held = dialog.getByTestId('contracts-held');
    await held.waitFor();
    await expect.poll(() => held.getByTestId('contract-status').allTextContents()).toEqual(['In force', 'In force']);
    expect(await held.textContent()).toContain('Daily salary');
    expect(await held.textContent()).toContain('Dividend');
    expect(await held.getByTestId('contract-signed').first().textContent()).not.toBe('—');
    await shot(finance, 'agent-contracts-en');

    // Its settled day: the bill the demo agent paid it, and the lines that make it up.
    await dialog.getByTestId('agent-tab-bills').click();
    const bills = dialog.getByTestId('table-agent-bills');
    await expect.poll(() => bills.locator('tbody tr:not(.spacer)').count()).toBeGreaterThanOrEqual(1);
    const bill = bills.locator('[data-testid^="bill-demosubagent-daily-"]').first();
    expect(await bill.textContent()).toContain('demoagent');
    expect(await bill.getByTestId('bill-status').textContent()).toBe('Paid');
    await bill.locator('[data-testid^="bill-lines-"]').click();
    const lines = dialog.getByTestId('bill-lines');
    await lines.getByTestId('lines-sum').waitFor();
    await expect.poll(() => lines.locator('tbody tr:not(.spacer)').count()).toBeGreaterThanOrEqual(2);
    expect(await lines.getByTestId('lines-sum').getAttribute('class')).toBe('saved');
    // The click on a row's last column scrolled the wide table sideways: back to its first columns for the picture.
    await bills.locator('.table-scroll').evaluate((el) => {
      el.scrollLeft = 0;
    });
    await lines.scrollIntoViewIfNeeded();
    await shot(finance, 'agent-bills-en');
    for (const [code, paid] of [
      ['PT', 'Paga'],
      ['FR', 'Payée'],
    ] as const) {
      await finance.getByTestId('language').selectOption(code);
      await expect.poll(() => bill.getByTestId('bill-status').textContent()).toBe(paid);
      await bills.locator('.table-scroll').evaluate((el) => {
        el.scrollLeft = 0;
      });
      await shot(finance, `agent-bills-${code.toLowerCase()}`);
      await dialog.getByTestId('agent-tab-contracts').click();
      await held.waitFor();
      await shot(finance, `agent-contracts-${code.toLowerCase()}`);
      await dialog.getByTestId('agent-tab-bills').click();
      await bill.waitFor();
    }
    await finance.getByTestId('language').selectOption('EN');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it("the owner sets the sub-agent's prize group: above its upline's refused at the field, then set and shown with its rebate", async () => {
    await owner.getByTestId('nav-agents').click();
    await owner.getByTestId('agents-merchant').selectOption('UEMOA');
    await owner.getByTestId('open-agent-demosubagent').click();
    const dialog = owner.getByTestId('agent-dialog');
    const form = dialog.getByTestId('prize-group-form');
    await form.waitFor();
    await form.getByTestId('field-prizeGroup').fill('1960');
    await form.getByTestId('prize-group-submit').click();
    await form.getByTestId('error-prizeGroup').waitFor();
    await form.getByTestId('field-prizeGroup').fill('1920');
    await form.getByTestId('prize-group-submit').click();
    await form.getByTestId('prize-group-saved').waitFor();
    await expect.poll(() => dialog.getByTestId('agent-prize-group').textContent()).toBe('1920 · 11%');
    await shot(owner, 'agent-prize-group-en');
  });
});
