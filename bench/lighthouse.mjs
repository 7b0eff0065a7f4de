// Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G link, simulated throttling) of
// the site's first screens, as a first-time visitor opens them: the performance score and the Largest
// Contentful Paint of each page, each page audited `rounds` times and the median kept (one audit
// moves by several points from run to run).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { summary } from './harness.mjs';

/** The pages issue 16 names: the home page, the slots lobby and the lottery. */
export const lighthousePages = ['/', '/rng', '/lottery'];

/**
 * One audit of `url`. Lighthouse sometimes fails to record a page load's trace (NO_NAVSTART and the
 * like, a known flake of re-auditing in the same browser): such an audit is run again, up to 3 times.
 */
async function audit(url, port) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  }
}

/** Performance score (0-100) and LCP (ms) per page, medians of `rounds` audits, with each round's values. */
export async function lighthouseFigure(base, { rounds = 3, onRound } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    const pages = {};
    for (const path of lighthousePages) {
      const scores = [];
      const lcps = [];
      for (let round = 1; round <= rounds; round++) {
        const lhr = await audit(`${base}${path}`, chrome.port);
        const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
        const lcp = Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
        scores.push(score);
        lcps.push(lcp);
        onRound?.(`  lighthouse ${path} round ${round}/${rounds}: performance ${score}, LCP ${lcp} ms`);
      }
      pages[path] = { score: summary(scores), lcpMs: summary(lcps), rounds: scores.map((s, i) => ({ score: s, lcpMs: lcps[i] })) };
    }
    return pages;
  } finally {
    await chrome.kill();
  }
}
