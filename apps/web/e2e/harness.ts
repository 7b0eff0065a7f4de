import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/platform/config.ts';
import { type Database, openDatabase } from '../../server/src/platform/db.ts';
import { seedDemoData } from '../../server/src/seed/seed.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../../..');
export const screenshotDir = resolve(repoRoot, 'docs/screenshots');

export interface Site {
  url: string;
  app: FastifyInstance;
  database: Database;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The real server (in this process, on an in-memory PGlite seeded with the demo data) serving the
 * built site, and a headless Chromium to drive it.
 */
export async function startSite(): Promise<Site> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedDemoData(database.db);
  // trustProxy: tests pose as visitors from a given country through X-Forwarded-For.
  const config = {
    ...loadConfig({}),
    webDist: resolve(repoRoot, 'apps/web/dist'),
    merchantCacheSeconds: 0,
    logLevel: 'warn',
    trustProxy: true,
  };
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--no-first-run'],
  });
  mkdirSync(screenshotDir, { recursive: true });
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    browser,
    close: async () => {
      await browser.close();
      await app.close();
      await database.close();
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
  const page = await context.newPage();
  if (Object.keys(init).length > 0) {
    // Store the choices on the site's origin (from a non-site page), as the picker and switch would.
    await page.goto(`${site.url}/healthz`);
    await page.evaluate((values: Record<string, string>) => {
      for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
    }, init);
  }
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}
