// A site's first-load JavaScript as Chromium loads a page (`/`, `/admin`): every script response until the network is
// idle, each body gzipped here (level 9) so the figure does not depend on what the server negotiated.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/** Gzip KB and file list of the scripts Chromium loads for `url` before the page is idle. */
export async function firstLoadScripts(url) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const pending = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(response.body().then((body) => ({ path: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = await Promise.all(pending);
    return { kb: files.reduce((n, f) => n + f.gzip, 0) / 1024, files };
  } finally {
    await browser.close();
  }
}
