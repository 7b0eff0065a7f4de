import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { ageCounterForTest, setCaptchaAnswerForTest } from '../../server/src/modules/auth/auth.repository.ts';
import { captchaAnswerHash } from '../../server/src/modules/auth/bot-check.ts';
import { type Config, loadConfig } from '../../server/src/platform/config.ts';
import type { Database } from '../../server/src/platform/db.ts';
import { type SeedOptions, seedDemoData } from '../../server/src/seed/seed.ts';
import { openMigratedPglite } from '../../server/test/test-database.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../../..');
export const screenshotDir = resolve(repoRoot, 'docs/screenshots');

export interface Site {
  url: string;
  app: FastifyInstance;
  database: Database;
  browser: Browser;
  /** Content-Security-Policy violations any visitor's page reported: a journey with one fails. */
  cspViolations: string[];
  close(): Promise<void>;
}

/**
 * A console error saying the Content-Security-Policy blocked something. Not an inline event handler
 * (script-src-attr): the site never writes one (React attaches its listeners), and Chrome reports
 * one when the sanitiser parses hostile HTML in its inert document, though nothing runs there.
 */
const isCspViolation = (text: string) => /Content Security Policy/i.test(text) && !/'script-src-attr/.test(text);

function failOnCspViolations(violations: string[]): void {
  if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
}

/**
 * The real server (in this process, on an in-memory PGlite seeded with the demo data) serving the
 * built site, and a headless Chromium to drive it. Its periodic jobs run (as `npm start` runs them)
 * unless `overrides` says `jobs: false`. The vendors without a contract are switched on (the journeys
 * walk the whole catalog) unless `seed` asks for the demo's default.
 */
export async function startSite(overrides: Partial<Config> = {}, seed: SeedOptions = { vendorsWithoutContract: 'on' }): Promise<Site> {
  const database = await openMigratedPglite();
  await seedDemoData(database.db, new Date(), seed);
  // trustProxy: tests pose as visitors from a given country through X-Forwarded-For.
  const config = {
    ...loadConfig({}),
    // WEB_DIST: a build of one's own, when others rebuild apps/web/dist while a journey runs.
    webDist: process.env.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist'),
    merchantCacheSeconds: 0,
    logLevel: 'warn',
    trustProxy: true,
    ...overrides,
  };
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--no-first-run'],
  });
  mkdirSync(screenshotDir, { recursive: true });
  const cspViolations: string[] = [];
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    browser,
    cspViolations,
    close: async () => {
      await browser.close();
      await app.close();
      await database.close();
      // A visitor made outside a test (in a beforeAll) is checked here, failing the file.
      failOnCspViolations(cspViolations);
    },
  };
}

export interface Visitor {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far. */
  errors: string[];
}

/**
 * A new visitor (fresh storage) with the given stored merchant, language and theme, as the region
 * picker and theme switch would have stored them.
 */
export async function newVisitor(
  site: Site,
  opts: {
    merchantCode?: string;
    lang?: string;
    theme?: 'dark' | 'light';
    viewport?: { width: number; height: number };
    /** The visitor's address as a proxy in front of the site would report it. */
    ip?: string;
    /**
     * Whether the home page's notice popups open by themselves, as on a first visit this session.
     * Off unless a journey is about them: a popup arriving late covers whatever the journey clicks.
     */
    notices?: boolean;
  } = {},
): Promise<Visitor> {
  const context = await site.browser.newContext({
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    extraHTTPHeaders: opts.ip ? { 'X-Forwarded-For': opts.ip } : undefined,
  });
  const init: Record<string, string> = {};
  if (opts.merchantCode) init.merchantCode = opts.merchantCode;
  if (opts.lang) init.lang = opts.lang;
  if (opts.theme) init.theme = opts.theme;
  // As a visitor who has seen this session's popups: the site keeps that in sessionStorage.
  if (!opts.notices) await context.addInitScript(() => sessionStorage.setItem('index_notice', '1'));
  const page = await context.newPage();
  if (Object.keys(init).length > 0) {
    // Store the choices on the site's origin (from a non-site page), as the picker and switch would.
    await page.goto(`${site.url}/healthz`);
    await page.evaluate((values: Record<string, string>) => {
      for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
    }, init);
  }
  const errors: string[] = [];
  const seenBefore = site.cspViolations.length;
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    errors.push(msg.text());
    // Whatever a journey tolerates in `errors`, a blocked script, style, frame or socket fails it.
    if (isCspViolation(msg.text())) site.cspViolations.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(err.message));
  try {
    onTestFinished(() => failOnCspViolations(site.cspViolations.slice(seenBefore)));
  } catch {
    // Not inside a test: Site.close checks this visitor's pages.
  }
  return { context, page, errors };
}

/** A text message or e-mail the site sent, as the demo outbox lists it. */
export interface OutboxMessage {
  id: number;
  channel: string;
  to: string;
  body: string;
  createdAt: number;
}

/** The newest outbox message of the merchant to `to` created after `since`, read through the demo outbox API as a tester would. */
export async function waitForMessage(site: Site, merchant: string, to: string, since: number): Promise<OutboxMessage> {
  for (let i = 0; i < 150; i++) {
    const res = await fetch(`${site.url}${apiPaths.devOutbox}?to=${encodeURIComponent(to)}`, { headers: { Merchant: merchant } });
    const list = ((await res.json()) as { value: OutboxMessage[] }).value;
    const found = list.find((m) => m.createdAt >= since);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no message to ${to}`);
}

/** The verification code in a message. */
export function codeOf(message: OutboxMessage): string {
  const code = message.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code in ${message.body}`);
  return code;
}

/**
 * Presses a form's send-code button and returns the code that reached `to`. The server lets one code
 * a minute go to a number: the test moves that window back first, as if the minute had passed, and
 * waits a second so that the previous message is older than the one it looks for.
 */
export async function sendCode(site: Site, scope: Locator, merchant: string, to: string): Promise<string> {
  const since = Date.now() - 1000;
  await ageCounterForTest(site.database.db, `send:cool:sms:${to}`, 120_000);
  await scope.page().waitForTimeout(1100);
  await scope.getByTestId('send-code').click();
  return codeOf(await waitForMessage(site, merchant, to, since));
}

/** A captcha image cannot be read by a test: its answer is set to TEST in the database, then typed. */
export async function answerCaptcha(site: Site, scope: Locator): Promise<void> {
  const img = scope.locator('img[data-captcha-id]');
  await img.waitFor();
  const id = await img.getAttribute('data-captcha-id');
  if (!id) throw new Error('captcha without id');
  await setCaptchaAnswerForTest(site.database.db, id, captchaAnswerHash('TEST'));
  await scope.getByTestId('field-captcha').fill('TEST');
}
