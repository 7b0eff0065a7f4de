#!/usr/bin/env node
// Generates the site's own artwork as SVG (plus a favicon.ico) into apps/web/public: logo, favicon, fallback pictures,
// banners of both demo merchants, promotion pictures, payment badges and the download-step phone
// mockups. Every picture is drawn here from shapes and text (no third-party logos or game art), with
// a seeded random generator, so running it again gives the same files.
// Usage: node apps/web/scripts/make-artwork.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const font = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif";
let written = 0;

function write(path, svg) {
  const file = join(publicDir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${svg.trim()}\n`);
  written += 1;
}

/** Deterministic pseudo-random numbers (mulberry32), seeded per picture. */
function random(seedText) {
  let seed = 0;
  for (const ch of seedText) seed = (Math.imul(seed ^ ch.charCodeAt(0), 2654435761) >>> 0) + 1;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r1 = (n) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Motifs: abstract illustrations placed on the right of banners and promotion pictures.

const motifs = {
  coins: (x, y, s, c) => {
    let out = '';
    for (let i = 0; i < 4; i++) {
      const cy = y + 60 * s - i * 22 * s;
      out += `<ellipse cx="${x}" cy="${r1(cy + 8 * s)}" rx="${70 * s}" ry="${22 * s}" fill="${c.deep}"/>`;
      out += `<ellipse cx="${x}" cy="${r1(cy)}" rx="${70 * s}" ry="${22 * s}" fill="url(#gold)" stroke="${c.deep}" stroke-width="${2 * s}"/>`;
    }
    out += `<circle cx="${x + 95 * s}" cy="${y - 40 * s}" r="${46 * s}" fill="url(#gold)" stroke="${c.deep}" stroke-width="${3 * s}"/>`;
    out += `<text x="${x + 95 * s}" y="${y - 24 * s}" text-anchor="middle" font-family="${font}" font-weight="900" font-size="${44 * s}" fill="${c.deep}">$</text>`;
    return out;
  },
  phone: (x, y, s, c) =>
    `<g transform="translate(${x - 60 * s} ${y - 110 * s}) rotate(-8 ${60 * s} ${110 * s})">` +
    `<rect width="${120 * s}" height="${220 * s}" rx="${18 * s}" fill="${c.deep}" stroke="${c.light}" stroke-width="${3 * s}"/>` +
    `<rect x="${8 * s}" y="${18 * s}" width="${104 * s}" height="${184 * s}" rx="${8 * s}" fill="url(#screen)"/>` +
    `<path d="M${60 * s} ${70 * s}l-${22 * s} ${38 * s}h${18 * s}l-${8 * s} ${40 * s} ${34 * s}-${50 * s}h-${18 * s}l${10 * s}-${28 * s}z" fill="url(#gold)"/>` +
    `<rect x="${44 * s}" y="${7 * s}" width="${32 * s}" height="${5 * s}" rx="${2.5 * s}" fill="${c.light}" opacity=".5"/></g>`,
  balls: (x, y, s, c) => {
    const balls = [
      [-70, 20, 44, c.a, '7'],
      [10, -30, 54, c.b, '21'],
      [85, 30, 40, c.light, '3'],
      [-10, 70, 36, c.accent, '15'],
    ];
    return balls
      .map(
        ([dx, dy, r, fill, n]) =>
          `<circle cx="${x + dx * s}" cy="${y + dy * s}" r="${r * s}" fill="${fill}"/>` +
          `<circle cx="${x + dx * s}" cy="${y + dy * s}" r="${r * 0.55 * s}" fill="#fff"/>` +
          `<circle cx="${x + (dx - r * 0.35) * s}" cy="${y + (dy - r * 0.4) * s}" r="${r * 0.18 * s}" fill="#fff" opacity=".45"/>` +
          `<text x="${x + dx * s}" y="${y + (dy + r * 0.2) * s}" text-anchor="middle" font-family="${font}" font-weight="900" font-size="${r * 0.6 * s}" fill="${c.deep}">${n}</text>`,
      )
      .join('');
  },
  gift: (x, y, s, c) =>
    `<rect x="${x - 80 * s}" y="${y - 20 * s}" width="${160 * s}" height="${110 * s}" rx="${10 * s}" fill="${c.a}"/>` +
    `<rect x="${x - 90 * s}" y="${y - 50 * s}" width="${180 * s}" height="${40 * s}" rx="${8 * s}" fill="${c.b}"/>` +
    `<rect x="${x - 14 * s}" y="${y - 50 * s}" width="${28 * s}" height="${140 * s}" fill="url(#gold)"/>` +
    `<path d="M${x} ${y - 50 * s}c-${30 * s}-${50 * s}-${80 * s}-${30 * s}-${50 * s}-${6 * s}M${x} ${y - 50 * s}c${30 * s}-${50 * s} ${80 * s}-${30 * s} ${50 * s}-${6 * s}" fill="none" stroke="url(#gold)" stroke-width="${10 * s}" stroke-linecap="round"/>`,
  gem: (x, y, s, c) =>
    `<path d="M${x - 90 * s} ${y - 30 * s}l${40 * s}-${50 * s}h${100 * s}l${40 * s} ${50 * s}-${90 * s} ${110 * s}z" fill="${c.a}"/>` +
    `<path d="M${x - 90 * s} ${y - 30 * s}h${180 * s}l-${90 * s} ${110 * s}z" fill="${c.b}" opacity=".85"/>` +
    `<path d="M${x - 50 * s} ${y - 80 * s}l${20 * s} ${50 * s} ${30 * s}-${50 * s} ${30 * s} ${50 * s} ${20 * s}-${50 * s}" fill="none" stroke="${c.light}" stroke-width="${3 * s}" opacity=".7"/>` +
    `<path d="M${x - 30 * s} ${y - 30 * s}l${30 * s} ${110 * s} ${30 * s}-${110 * s}" fill="none" stroke="${c.light}" stroke-width="${3 * s}" opacity=".5"/>`,
  bubble: (x, y, s, c) =>
    `<path d="M${x - 100 * s} ${y - 70 * s}h${150 * s}a${24 * s} ${24 * s} 0 0 1 ${24 * s} ${24 * s}v${70 * s}a${24 * s} ${24 * s} 0 0 1-${24 * s} ${24 * s}h-${90 * s}l-${40 * s} ${34 * s}v-${34 * s}h-${20 * s}a${24 * s} ${24 * s} 0 0 1-${24 * s}-${24 * s}v-${70 * s}a${24 * s} ${24 * s} 0 0 1 ${24 * s}-${24 * s}z" fill="${c.a}"/>` +
    `<circle cx="${x - 60 * s}" cy="${y - 10 * s}" r="${10 * s}" fill="#fff"/><circle cx="${x - 25 * s}" cy="${y - 10 * s}" r="${10 * s}" fill="#fff"/><circle cx="${x + 10 * s}" cy="${y - 10 * s}" r="${10 * s}" fill="#fff"/>` +
    `<circle cx="${x + 80 * s}" cy="${y + 60 * s}" r="${40 * s}" fill="url(#gold)"/><text x="${x + 80 * s}" y="${y + 76 * s}" text-anchor="middle" font-family="${font}" font-weight="900" font-size="${44 * s}" fill="${c.deep}">?</text>`,
  key: (x, y, s, c) =>
    `<circle cx="${x - 40 * s}" cy="${y}" r="${56 * s}" fill="none" stroke="url(#gold)" stroke-width="${22 * s}"/>` +
    `<path d="M${x + 10 * s} ${y}h${120 * s}v${40 * s}M${x + 90 * s} ${y}v${30 * s}" fill="none" stroke="url(#gold)" stroke-width="${20 * s}" stroke-linecap="round"/>` +
    `<circle cx="${x - 40 * s}" cy="${y}" r="${18 * s}" fill="${c.a}"/>`,
  cards: (x, y, s, c) =>
    `<g transform="rotate(-14 ${x} ${y})"><rect x="${x - 110 * s}" y="${y - 80 * s}" width="${110 * s}" height="${160 * s}" rx="${12 * s}" fill="#fff"/>` +
    `<text x="${x - 55 * s}" y="${y + 20 * s}" text-anchor="middle" font-family="${font}" font-weight="900" font-size="${64 * s}" fill="${c.b}">A</text></g>` +
    `<g transform="rotate(10 ${x} ${y})"><rect x="${x - 20 * s}" y="${y - 90 * s}" width="${110 * s}" height="${160 * s}" rx="${12 * s}" fill="${c.light}"/>` +
    `<path d="M${x + 35 * s} ${y - 40 * s}c-${30 * s} ${30 * s}-${40 * s} ${40 * s}-${40 * s} ${55 * s}a${18 * s} ${18 * s} 0 0 0 ${40 * s} ${6 * s}a${18 * s} ${18 * s} 0 0 0 ${40 * s}-${6 * s}c0-${15 * s}-${10 * s}-${25 * s}-${40 * s}-${55 * s}z" fill="${c.a}"/></g>` +
    `<rect x="${x + 70 * s}" y="${y + 30 * s}" width="${70 * s}" height="${70 * s}" rx="${14 * s}" fill="url(#gold)" transform="rotate(18 ${x + 105 * s} ${y + 65 * s})"/>` +
    `<circle cx="${x + 92 * s}" cy="${y + 52 * s}" r="${7 * s}" fill="${c.deep}"/><circle cx="${x + 118 * s}" cy="${y + 78 * s}" r="${7 * s}" fill="${c.deep}"/>`,
  crown: (x, y, s, c) =>
    `<path d="M${x - 110 * s} ${y - 50 * s}l${50 * s} ${50 * s} ${60 * s}-${80 * s} ${60 * s} ${80 * s} ${50 * s}-${50 * s}-${25 * s} ${130 * s}h-${170 * s}z" fill="url(#gold)" stroke="${c.deep}" stroke-width="${4 * s}" stroke-linejoin="round"/>` +
    `<rect x="${x - 85 * s}" y="${y + 80 * s}" width="${170 * s}" height="${18 * s}" rx="${6 * s}" fill="${c.deep}"/>` +
    `<circle cx="${x}" cy="${y + 30 * s}" r="${14 * s}" fill="${c.a}"/><circle cx="${x - 50 * s}" cy="${y + 45 * s}" r="${10 * s}" fill="${c.b}"/><circle cx="${x + 50 * s}" cy="${y + 45 * s}" r="${10 * s}" fill="${c.b}"/>`,
  arrows: (x, y, s, c) =>
    `<path d="M${x - 80 * s} ${y}a${80 * s} ${80 * s} 0 0 1 ${140 * s}-${52 * s}" fill="none" stroke="url(#gold)" stroke-width="${22 * s}" stroke-linecap="round"/>` +
    `<path d="M${x + 80 * s} ${y}a${80 * s} ${80 * s} 0 0 1-${140 * s} ${52 * s}" fill="none" stroke="${c.a}" stroke-width="${22 * s}" stroke-linecap="round"/>` +
    `<path d="M${x + 80 * s} ${y - 90 * s}l-${10 * s} ${50 * s}-${44 * s}-${22 * s}z" fill="url(#gold)"/><path d="M${x - 80 * s} ${y + 90 * s}l${10 * s}-${50 * s} ${44 * s} ${22 * s}z" fill="${c.a}"/>`,
  people: (x, y, s, c) =>
    `<circle cx="${x - 50 * s}" cy="${y - 40 * s}" r="${34 * s}" fill="${c.a}"/><path d="M${x - 110 * s} ${y + 80 * s}a${60 * s} ${60 * s} 0 0 1 ${120 * s} 0z" fill="${c.a}"/>` +
    `<circle cx="${x + 50 * s}" cy="${y - 50 * s}" r="${38 * s}" fill="url(#gold)"/><path d="M${x - 16 * s} ${y + 80 * s}a${66 * s} ${66 * s} 0 0 1 ${132 * s} 0z" fill="url(#gold)"/>` +
    `<circle cx="${x + 120 * s}" cy="${y - 90 * s}" r="${22 * s}" fill="${c.b}"/><path d="M${x + 112 * s} ${y - 90 * s}h${16 * s}M${x + 120 * s} ${y - 98 * s}v${16 * s}" stroke="#fff" stroke-width="${5 * s}" stroke-linecap="round"/>`,
  calendar: (x, y, s, c) =>
    `<rect x="${x - 90 * s}" y="${y - 70 * s}" width="${180 * s}" height="${160 * s}" rx="${16 * s}" fill="#fff"/>` +
    `<rect x="${x - 90 * s}" y="${y - 70 * s}" width="${180 * s}" height="${44 * s}" rx="${16 * s}" fill="${c.a}"/><rect x="${x - 90 * s}" y="${y - 44 * s}" width="${180 * s}" height="${18 * s}" fill="${c.a}"/>` +
    `<text x="${x}" y="${y + 60 * s}" text-anchor="middle" font-family="${font}" font-weight="900" font-size="${72 * s}" fill="${c.b}">S</text>` +
    `<circle cx="${x + 100 * s}" cy="${y - 80 * s}" r="${40 * s}" fill="url(#gold)"/>`,
};

// ---------------------------------------------------------------------------------------------
// Banners (1200 x 400) and promotion pictures (800 x 400)

const palettes = {
  brazil: { bg: ['#052e1f', '#0d5c3a', '#17914f'], a: '#1fb56b', b: '#2a6fdb', accent: '#ffe066', light: '#d9ffe9', deep: '#06281b' },
  uemoa: { bg: ['#2a0d52', '#5a1f9e', '#d4581a'], a: '#ff7a1a', b: '#b06cff', accent: '#ffc46b', light: '#ffe9d6', deep: '#230a42' },
  house: { bg: ['#0d1033', '#2b1f7a', '#5b2bb5'], a: '#7c5cff', b: '#ff5d8f', accent: '#f5c542', light: '#e6e1ff', deep: '#0b0c24' },
};

function defs(c, id) {
  return `<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.bg[0]}"/><stop offset=".55" stop-color="${c.bg[1]}"/><stop offset="1" stop-color="${c.bg[2]}"/></linearGradient>
  <linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3b0"/><stop offset=".45" stop-color="${c.accent}"/><stop offset="1" stop-color="#c98a12"/></linearGradient>
  <linearGradient id="screen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.b}"/><stop offset="1" stop-color="${c.a}"/></linearGradient>
  <radialGradient id="glow-${id}"><stop offset="0" stop-color="${c.accent}" stop-opacity=".55"/><stop offset="1" stop-color="${c.accent}" stop-opacity="0"/></radialGradient>
  <radialGradient id="glow2-${id}"><stop offset="0" stop-color="${c.b}" stop-opacity=".6"/><stop offset="1" stop-color="${c.b}" stop-opacity="0"/></radialGradient>
  <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".45"/><stop offset=".6" stop-color="#000" stop-opacity="0"/></linearGradient>
</defs>`;
}

/** Soft abstract background: glows, rings, diagonal bands and confetti. */
function backdrop(w, h, c, id, rand) {
  let out = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  out += `<circle cx="${r1(w * (0.65 + rand() * 0.2))}" cy="${r1(h * (0.3 + rand() * 0.4))}" r="${r1(h * 0.9)}" fill="url(#glow-${id})"/>`;
  out += `<circle cx="${r1(w * rand() * 0.4)}" cy="${r1(h * (0.8 + rand() * 0.3))}" r="${r1(h * 0.8)}" fill="url(#glow2-${id})"/>`;
  for (let i = 0; i < 3; i++) {
    const x = r1(w * (0.2 + rand() * 0.8));
    out += `<path d="M${x} ${-20} l${r1(h * 0.6)} ${h + 40}" stroke="${c.light}" stroke-opacity="${r1(0.04 + rand() * 0.06)}" stroke-width="${Math.round(30 + rand() * 70)}"/>`;
  }
  for (let i = 0; i < 3; i++) {
    out += `<circle cx="${r1(w * rand())}" cy="${r1(h * rand())}" r="${Math.round(40 + rand() * 120)}" fill="none" stroke="${c.light}" stroke-opacity=".1" stroke-width="${Math.round(2 + rand() * 6)}"/>`;
  }
  for (let i = 0; i < 26; i++) {
    const x = r1(w * (0.45 + rand() * 0.55));
    const y = r1(h * rand());
    const size = r1(3 + rand() * 7);
    const fill = [c.accent, c.light, c.a, c.b][i % 4];
    out +=
      i % 3 === 0
        ? `<rect x="${x}" y="${y}" width="${size}" height="${size * 2}" rx="1.5" fill="${fill}" opacity=".7" transform="rotate(${Math.round(rand() * 180)} ${x} ${y})"/>`
        : `<circle cx="${x}" cy="${y}" r="${r1(size / 2)}" fill="${fill}" opacity="${r1(0.4 + rand() * 0.5)}"/>`;
  }
  out += `<rect width="${w}" height="${h}" fill="url(#shade)"/>`;
  return out;
}

/** Breaks a headline into at most two lines of about `max` characters. */
function lines(text, max) {
  if (text.length <= max) return [text];
  const words = text.split(' ');
  let first = '';
  while (words.length && `${first} ${words[0]}`.trim().length <= max) first = `${first} ${words.shift()}`.trim();
  return [first, words.join(' ')];
}

/**
 * A banner: backdrop and motif, no words. The site writes the banner's title over the left side in
 * the reader's language (BannerStrip), and a labelled call to action over the lower left corner of a
 * clickable slide, so one picture serves every language.
 */
function banner({ file, palette, motif, seed }) {
  const c = palettes[palette];
  const rand = random(seed);
  const w = 1200;
  const h = 400;
  const id = seed.replace(/[^a-z0-9]/gi, '');
  write(
    file,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" aria-hidden="true">
${defs(c, id)}
${backdrop(w, h, c, id, rand)}
<g>${motifs[motif](935, 200, 1.2, c)}</g>
</svg>`,
  );
}

// The motif of each banner (their titles are the seed's, in every language: content.seed.ts).
const bannerSets = {
  brazil: { home: ['coins', 'phone', 'balls'] },
  uemoa: { home: ['coins', 'phone', 'cards'] },
};

const groupBanners = { down: 'phone', promotion: 'gift', shop: 'gem', help: 'bubble', reg: 'key', inhouse: 'cards' };

for (const palette of ['brazil', 'uemoa']) {
  bannerSets[palette].home.forEach((motif, i) => {
    banner({ file: `img/banners/${palette}-home-${i + 1}.svg`, palette, motif, seed: `${palette}-home-${i}` });
  });
  for (const [group, motif] of Object.entries(groupBanners)) {
    banner({ file: `img/banners/${palette}-${group}.svg`, palette, motif, seed: `${palette}-${group}` });
  }
}

// Promotion pictures (800 x 400): backdrop and motif, no words, so one picture serves every
// language; the card, the page and the register carousel write the promotion's title beside it.
const promotions = {
  welcome: 'gift',
  rebate: 'coins',
  reload: 'arrows',
  cashback: 'coins',
  referral: 'people',
  vip: 'crown',
  lottery: 'balls',
  weekend: 'calendar',
  mobile: 'phone',
};

for (const [key, motif] of Object.entries(promotions)) {
  const c = palettes.house;
  const rand = random(`promo-${key}`);
  const id = `p${key}`;
  write(
    `img/promotions/${key}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400" aria-hidden="true">
${defs(c, id)}
${backdrop(800, 400, c, id, rand)}
<g>${motifs[motif](400, 200, 1.35, c)}</g>
</svg>`,
  );
}

// ---------------------------------------------------------------------------------------------
// Payment badges (120 x 48): the method's name as styled text, never the brand's logo.

const payments = {
  pix: ['PIX', '#0f7f73', '#ffffff'],
  boleto: ['Boleto', '#23262f', '#ffffff'],
  visa: ['VISA', '#1a2b8f', '#ffffff'],
  mastercard: ['Mastercard', '#2b2b2b', '#ffb347'],
  'orange-money': ['Orange Money', '#ff7900', '#1a1a1a'],
  wave: ['Wave', '#1dc8f2', '#06243a'],
  'mtn-momo': ['MTN MoMo', '#ffcc00', '#1a1a1a'],
  'moov-money': ['Moov Money', '#0a4ea2', '#ffffff'],
};

for (const [key, [name, bg, fg]] of Object.entries(payments)) {
  const size = Math.min(20, Math.floor(104 / (name.length * 0.7)));
  write(
    `img/payments/${key}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="48" viewBox="0 0 120 48" role="img" aria-label="${esc(name)}">
<rect x="1" y="1" width="118" height="46" rx="10" fill="${bg}" stroke="#ffffff" stroke-opacity=".18" stroke-width="2"/>
<rect x="1" y="1" width="118" height="23" rx="10" fill="#ffffff" opacity=".08"/>
<text x="60" y="${24 + size * 0.36}" text-anchor="middle" font-family="${font}" font-weight="800" font-size="${size}" fill="${fg}">${esc(name)}</text>
</svg>`,
  );
}

// ---------------------------------------------------------------------------------------------
// Logo, favicon and fallback pictures

const crest = (size) => `<defs>
  <linearGradient id="crest-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c5cff"/><stop offset="1" stop-color="#2a1d6e"/></linearGradient>
  <linearGradient id="crest-gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3b0"/><stop offset=".5" stop-color="#f5c542"/><stop offset="1" stop-color="#c98a12"/></linearGradient>
</defs>
<rect x="2" y="2" width="${size - 4}" height="${size - 4}" rx="${size * 0.26}" fill="url(#crest-bg)"/>
<rect x="2" y="2" width="${size - 4}" height="${size - 4}" rx="${size * 0.26}" fill="none" stroke="url(#crest-gold)" stroke-width="${size * 0.05}"/>
<path d="M${size / 2} ${size * 0.18}l${size * 0.09} ${size * 0.2} ${size * 0.22} ${size * 0.03}-${size * 0.16} ${size * 0.15} ${size * 0.04} ${size * 0.22}-${size * 0.19}-${size * 0.11}-${size * 0.19} ${size * 0.11} ${size * 0.04}-${size * 0.22}-${size * 0.16}-${size * 0.15} ${size * 0.22}-${size * 0.03}z" fill="url(#crest-gold)"/>`;

write('img/logo.svg', `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${crest(64)}</svg>`);
// Lion Bet (the UEMOA demo merchant) has its own mark: a lion's head, mane in the brand's orange and
// violet, on the same rounded square. The site shows /img/logos/<merchant>.svg, the crest otherwise.
const lion = (size) => {
  const k = size / 64;
  const mane = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    const x = 32 + Math.cos(a) * 17;
    const y = 34 + Math.sin(a) * 17;
    return `<circle cx="${(x * k).toFixed(1)}" cy="${(y * k).toFixed(1)}" r="${(7.5 * k).toFixed(1)}" fill="${i % 2 ? '#ff7a1a' : '#ffa640'}"/>`;
  }).join('');
  return `<defs>
  <linearGradient id="lion-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b06cff"/><stop offset="1" stop-color="#3b1470"/></linearGradient>
  <linearGradient id="lion-face" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe7a8"/><stop offset="1" stop-color="#f5b942"/></linearGradient>
</defs>
<rect x="${2 * k}" y="${2 * k}" width="${60 * k}" height="${60 * k}" rx="${16.6 * k}" fill="url(#lion-bg)"/>
${mane}
<circle cx="${20 * k}" cy="${20 * k}" r="${4.5 * k}" fill="#f5b942"/><circle cx="${44 * k}" cy="${20 * k}" r="${4.5 * k}" fill="#f5b942"/>
<circle cx="${32 * k}" cy="${34 * k}" r="${14 * k}" fill="url(#lion-face)"/>
<circle cx="${26.5 * k}" cy="${31 * k}" r="${1.9 * k}" fill="#2a1206"/><circle cx="${37.5 * k}" cy="${31 * k}" r="${1.9 * k}" fill="#2a1206"/>
<path d="M${28.5 * k} ${37 * k}h${7 * k}l-${3.5 * k} ${3.6 * k}z" fill="#5a2a0c"/>
<path d="M${32 * k} ${40.6 * k}v${2.4 * k}M${32 * k} ${43 * k}c-${2 * k} ${2 * k}-${4.4 * k} ${1.6 * k}-${5.4 * k} 0M${32 * k} ${43 * k}c${2 * k} ${2 * k} ${4.4 * k} ${1.6 * k} ${5.4 * k} 0" fill="none" stroke="#5a2a0c" stroke-width="${1.4 * k}" stroke-linecap="round"/>`;
};

write('img/logos/brazil.svg', `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${crest(64)}</svg>`);
write(
  'img/logos/uemoa.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="Lion Bet">${lion(64)}</svg>`,
);
write(
  'favicon.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><title>Favicon</title>${crest(32)}</svg>`,
);

write(
  'img/default.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="d" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b2050"/><stop offset="1" stop-color="#2a1d6e"/></linearGradient></defs>
<rect width="400" height="200" fill="url(#d)"/>
<g fill="none" stroke="#b3b8de" stroke-width="4" stroke-linejoin="round" opacity=".7">
<rect x="160" y="66" width="80" height="64" rx="8"/><path d="M164 124l24-26 18 18 12-12 18 20"/><circle cx="220" cy="86" r="7"/>
</g>
</svg>`,
);

write(
  'img/avatar-error.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b3170"/><stop offset="1" stop-color="#1b2050"/></linearGradient></defs>
<circle cx="48" cy="48" r="46" fill="url(#a)" stroke="#f5c542" stroke-opacity=".6" stroke-width="3"/>
<circle cx="48" cy="38" r="16" fill="#b3b8de"/><path d="M18 80c5-16 16-24 30-24s25 8 30 24" fill="#b3b8de"/>
</svg>`,
);

// ---------------------------------------------------------------------------------------------
// Download steps: phone mockups (240 x 440) with one simple illustrated step each

const ui = { frame: '#14172f', screen: '#f4f5fb', ink: '#14172f', muted: '#8c92b8', accent: '#7c5cff', gold: '#f5c542', ok: '#1fb56b' };

function phoneMockup(content, label) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="440" viewBox="0 0 240 440" role="img" aria-label="${esc(label)}">
<rect x="10" y="6" width="220" height="428" rx="34" fill="${ui.frame}"/>
<rect x="22" y="20" width="196" height="400" rx="24" fill="${ui.screen}"/>
<rect x="92" y="28" width="56" height="10" rx="5" fill="${ui.frame}"/>
${content}
</svg>`;
}

const row = (y, text, extra = '') =>
  `<rect x="36" y="${y}" width="168" height="40" rx="10" fill="#ffffff" stroke="#e1e4f4"/><text x="48" y="${y + 25}" font-family="${font}" font-size="12" font-weight="600" fill="${ui.ink}">${esc(text)}</text>${extra}`;
const toggle = (y, on) =>
  `<rect x="160" y="${y + 12}" width="32" height="18" rx="9" fill="${on ? ui.ok : '#c9cce0'}"/><circle cx="${on ? 183 : 169}" cy="${y + 21}" r="7" fill="#fff"/>`;
const button = (y, text, color = ui.accent) =>
  `<rect x="48" y="${y}" width="144" height="40" rx="20" fill="${color}"/><text x="120" y="${y + 25}" text-anchor="middle" font-family="${font}" font-size="14" font-weight="800" fill="#fff">${esc(text)}</text>`;
const hand = (x, y) =>
  `<g transform="translate(${x} ${y})"><circle r="16" fill="${ui.gold}" opacity=".35"/><circle r="7" fill="${ui.gold}"/><path d="M4 6l14 22" stroke="${ui.ink}" stroke-width="3" stroke-linecap="round" opacity=".6"/></g>`;
const title = (text) => `<text x="36" y="72" font-family="${font}" font-size="15" font-weight="800" fill="${ui.ink}">${esc(text)}</text>`;
const appIcon = (x, y, highlight) =>
  `<rect x="${x}" y="${y}" width="40" height="40" rx="11" fill="${highlight ? 'url(#app)' : '#d5d8ec'}"/>${highlight ? `<path d="M${x + 20} ${y + 9}l4 8 9 1-7 6 2 9-8-5-8 5 2-9-7-6 9-1z" fill="${ui.gold}"/>` : ''}`;

function homeScreen() {
  let icons = '';
  for (let r = 0; r < 4; r++) for (let col = 0; col < 4; col++) icons += appIcon(38 + col * 44, 90 + r * 56, r === 2 && col === 1);
  return `<defs><linearGradient id="app" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c5cff"/><stop offset="1" stop-color="#2a1d6e"/></linearGradient></defs>
<rect x="22" y="20" width="196" height="400" rx="24" fill="#dfe3ff"/>${icons}${hand(104, 226)}
<rect x="36" y="330" width="168" height="60" rx="14" fill="#ffffff"/>${button(340, 'Sign in', ui.ok)}`;
}

const steps = {
  android: {
    2: phoneMockup(
      `${title('Install apps')}${row(96, 'Chrome')}${row(146, 'This source', toggle(146, true))}${hand(176, 176)}<text x="36" y="230" font-family="${font}" font-size="12" fill="${ui.muted}">Allow once, then go back.</text>`,
      'Android step 2: allow installs from this source',
    ),
    3: phoneMockup(
      `${title('Install app?')}<rect x="36" y="96" width="168" height="150" rx="16" fill="#ffffff" stroke="#e1e4f4"/><defs><linearGradient id="app" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c5cff"/><stop offset="1" stop-color="#2a1d6e"/></linearGradient></defs>${appIcon(100, 116, true)}<rect x="70" y="172" width="100" height="10" rx="5" fill="#d5d8ec"/><rect x="84" y="192" width="72" height="8" rx="4" fill="#e5e7f3"/>${button(270, 'Install')}${hand(150, 296)}`,
      'Android step 3: open the file and install',
    ),
    4: phoneMockup(homeScreen(), 'Android step 4: open the app and sign in'),
  },
  ios: {
    2: phoneMockup(
      `${title('Settings')}${row(96, 'Profile Downloaded', `<circle cx="186" cy="116" r="9" fill="${ui.accent}"/>`)}${row(146, 'General')}${row(196, 'Privacy')}${hand(120, 126)}`,
      'iOS step 2: open Settings, Profile Downloaded',
    ),
    3: phoneMockup(
      `${title('Install Profile')}<rect x="36" y="96" width="168" height="120" rx="16" fill="#ffffff" stroke="#e1e4f4"/><rect x="52" y="114" width="36" height="36" rx="9" fill="${ui.accent}"/><rect x="98" y="118" width="90" height="10" rx="5" fill="#d5d8ec"/><rect x="98" y="136" width="64" height="8" rx="4" fill="#e5e7f3"/><text x="52" y="186" font-family="${font}" font-size="12" fill="${ui.ok}" font-weight="700">Verified</text>${button(240, 'Install')}<rect x="60" y="300" width="120" height="26" rx="8" fill="#e5e7f3"/><circle cx="82" cy="313" r="4" fill="${ui.ink}"/><circle cx="100" cy="313" r="4" fill="${ui.ink}"/><circle cx="118" cy="313" r="4" fill="${ui.ink}"/><circle cx="136" cy="313" r="4" fill="${ui.ink}"/>${hand(150, 266)}`,
      'iOS step 3: install and enter your passcode',
    ),
    4: phoneMockup(homeScreen(), 'iOS step 4: find the app and sign in'),
  },
};

for (const [platform, list] of Object.entries(steps)) {
  for (const [n, svg] of Object.entries(list)) write(`img/download/${platform}-step-${n}.svg`, svg);
}

// ---------------------------------------------------------------------------------------------
// Game tiles (400 x 400) for every game of the demo catalog (apps/server/src/seed/catalog.seed.ts),
// named img/games/<vendor>-<code>.svg as the catalog's image paths are. Third-party vendors get our
// own abstract art with the vendor named in text, never their logos or game art.

const tileMotifs = {
  reels: (c, rand) => {
    let out = `<rect x="70" y="92" width="260" height="150" rx="20" fill="${c.deep}" stroke="url(#gold)" stroke-width="6"/>`;
    const glyphs = ['7', '★', '♦', '♣', 'W', '$', '♥', 'BAR'];
    for (let i = 0; i < 3; i++) {
      const x = 92 + i * 76;
      out += `<rect x="${x}" y="108" width="64" height="118" rx="10" fill="${c.light}"/>`;
      const g = glyphs[Math.floor(rand() * glyphs.length)];
      out += `<text x="${x + 32}" y="${g.length > 1 ? 178 : 186}" text-anchor="middle" font-family="${font}" font-weight="900" font-size="${g.length > 1 ? 24 : 52}" fill="${[c.a, c.b, '#c98a12'][i]}">${g}</text>`;
    }
    return (
      out +
      `<circle cx="352" cy="120" r="14" fill="url(#gold)"/><path d="M352 134v60" stroke="${c.light}" stroke-width="6" stroke-linecap="round"/>`
    );
  },
  dice: (c) =>
    `<g transform="rotate(-12 150 170)"><rect x="90" y="110" width="120" height="120" rx="22" fill="${c.light}"/>` +
    [
      [120, 140],
      [180, 200],
      [150, 170],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="11" fill="${c.deep}"/>`)
      .join('') +
    `</g><g transform="rotate(14 260 160)"><rect x="205" y="100" width="110" height="110" rx="20" fill="url(#gold)"/>` +
    [
      [232, 127],
      [288, 127],
      [232, 183],
      [288, 183],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="10" fill="${c.deep}"/>`)
      .join('') +
    '</g>',
  rocket: (c) =>
    `<path d="M60 250 C160 240 240 190 320 80" fill="none" stroke="url(#gold)" stroke-width="10" stroke-linecap="round"/>` +
    `<g transform="translate(318 82) rotate(40)"><path d="M0-34c14 10 18 30 12 50h-24c-6-20-2-40 12-50z" fill="${c.light}"/><circle cy="-8" r="7" fill="${c.b}"/><path d="M-12 16l-10 12h44l-10-12z" fill="${c.a}"/></g>` +
    `<text x="80" y="150" font-family="${font}" font-weight="900" font-size="54" fill="${c.light}">2.48×</text>`,
  grid: (c, rand) => {
    let out = '';
    for (let r = 0; r < 4; r++)
      for (let k = 0; k < 4; k++) {
        const gem = rand() < 0.3;
        out += `<rect x="${104 + k * 50}" y="${84 + r * 50}" width="42" height="42" rx="8" fill="${gem ? 'url(#gold)' : c.deep}" stroke="${c.light}" stroke-opacity=".3"/>`;
      }
    return (
      out +
      `<circle cx="280" cy="240" r="26" fill="${c.deep}" stroke="${c.b}" stroke-width="5"/><path d="M280 205v-12M296 212l8-8M264 212l-8-8" stroke="${c.b}" stroke-width="5" stroke-linecap="round"/>`
    );
  },
  pegs: (c) => {
    let out = '';
    for (let r = 0; r < 6; r++)
      for (let k = 0; k <= r + 1; k++) out += `<circle cx="${200 + (k - (r + 1) / 2) * 34}" cy="${78 + r * 30}" r="5" fill="${c.light}"/>`;
    return (
      out +
      `<circle cx="217" cy="152" r="12" fill="url(#gold)"/>` +
      [0, 1, 2, 3, 4, 5, 6, 7]
        .map(
          (k) =>
            `<rect x="${64 + k * 34}" y="256" width="30" height="16" rx="4" fill="${[c.b, c.a, c.light][Math.abs(k - 3.5) > 2.5 ? 0 : Math.abs(k - 3.5) > 1 ? 1 : 2]}"/>`,
        )
        .join('')
    );
  },
  fish: (c) =>
    `<path d="M110 170c40-60 130-60 170 0-40 60-130 60-170 0z" fill="${c.a}"/><path d="M280 170l50-40v80z" fill="${c.b}"/><circle cx="150" cy="160" r="10" fill="#fff"/><circle cx="152" cy="160" r="5" fill="${c.deep}"/>` +
    `<circle cx="90" cy="110" r="10" fill="none" stroke="${c.light}" stroke-width="3"/><circle cx="70" cy="80" r="6" fill="none" stroke="${c.light}" stroke-width="3"/>`,
  ball: (c) =>
    `<circle cx="200" cy="165" r="90" fill="#fff"/><path d="M200 125l38 28-15 44h-46l-15-44z" fill="${c.deep}"/>` +
    `<path d="M200 125v-50M238 153l45-18M223 197l28 40M177 197l-28 40M162 153l-45-18" stroke="${c.deep}" stroke-width="6"/>`,
};
const tileMotifOf = {
  SLOT: 'reels',
  INSTANT: 'dice',
  CRASH: 'rocket',
  LIVE: 'cards',
  SPORTBOOK: 'ball',
  FISHING: 'fish',
  LOTTERY: 'balls',
  CARD: 'cards',
};
const tileMotifByCode = { mines: 'grid', plinko: 'pegs' };

/** [vendor, code, name, kind]: every game of the demo catalog. */
const gameTiles = [
  ['INHOUSE', 'jungle-gems', 'Jungle Gems', 'SLOT'],
  ['INHOUSE', 'carnival-nights', 'Carnival Nights', 'SLOT'],
  ['INHOUSE', 'savanna-sun', 'Savanna Sun', 'SLOT'],
  ['INHOUSE', 'dice', 'Dice', 'INSTANT'],
  ['INHOUSE', 'crash', 'Crash', 'CRASH'],
  ['INHOUSE', 'mines', 'Mines', 'INSTANT'],
  ['INHOUSE', 'plinko', 'Plinko', 'INSTANT'],
  ['TCG_SEA', 'SSC', 'Lucky SSC', 'LOTTERY'],
  ['TCG_SEA', '11X5', '11 Choose 5', 'LOTTERY'],
  ['TCG_SEA', 'PK10', 'PK10 Racing', 'LOTTERY'],
  ['TCG_SEA', 'LHC', 'Mark Six', 'LOTTERY'],
  ['TCG_SEA', 'VN_NORTH', 'Vietnam North', 'LOTTERY'],
  // The tiles of the southern (XSMN) and central (XSMT) provinces' games, one per region.
  ['TCG_SEA', 'XSMN', 'Vietnam South', 'LOTTERY'],
  ['TCG_SEA', 'XSMT', 'Vietnam Central', 'LOTTERY'],
  ['TCG_ELOTT', 'SSC1', 'SSC 1 minute', 'LOTTERY'],
  ['TCG_ELOTT', 'SSC3', 'SSC 3 minutes', 'LOTTERY'],
  ['TCG_ELOTT', 'PK10F', 'Fast PK10', 'LOTTERY'],
  ...['Golden Tiger Fortune', 'Dragon Treasure Ways', 'Lucky Koi Pond', 'Mystic Panda', 'Wild Samba', 'Pharaoh Riches'].map((n, i) => [
    'PG',
    `pg-${i + 1}`,
    n,
    'SLOT',
  ]),
  ...['Sweet Candy Bonanza', 'Olympus Thunder', 'Big Bass Harbour', 'Wolf Gold Moon', 'Fruit Party Deluxe'].map((n, i) => [
    'PP',
    `pp-${i + 1}`,
    n,
    'SLOT',
  ]),
  ...['Super Ace Cards', 'Money Coming', 'Fortune Gems Jili', 'Boxing King'].map((n, i) => ['JILI', `jili-${i + 1}`, n, 'SLOT']),
  ...['Elvis Frog Vegas', 'Aztec Magic Bonanza', 'Lucky Lady Moon'].map((n, i) => ['BGS', `bgs-${i + 1}`, n, 'SLOT']),
  ['EVO', 'evo-lobby', 'Live Casino Lobby', 'LIVE'],
  ['EVO', 'evo-baccarat', 'Speed Baccarat A', 'LIVE'],
  ['EVO', 'evo-roulette', 'Lightning Roulette', 'LIVE'],
  ['EZUGI', 'ezugi-blackjack', 'Blackjack VIP', 'LIVE'],
  ['SABA', 'saba-sportsbook', 'Sportsbook', 'SPORTBOOK'],
  ['IMES', 'imes-esports', 'IM eSports', 'SPORTBOOK'],
  ['TF', 'tf-esports', 'TF eSports', 'SPORTBOOK'],
  ['SV388', 'sv388-arena', 'SV388 Arena', 'LIVE'],
  ['JDB', 'jdb-dragon-fishing', 'Dragon Fishing', 'FISHING'],
  ['JDB', 'jdb-ocean-king', 'Ocean Catch', 'FISHING'],
  ['KM', 'km-teen-patti', 'Teen Patti', 'CARD'],
  ['KM', 'km-ludo', 'Ludo Royale', 'CARD'],
];

for (const [vendor, code, name, kind] of gameTiles) {
  const seed = `${vendor}-${code}`;
  const rand = random(seed);
  const hue = Math.floor(rand() * 360);
  const c = {
    bg: [`hsl(${hue} 55% 10%)`, `hsl(${hue} 55% 24%)`, `hsl(${(hue + 50) % 360} 60% 38%)`],
    a: `hsl(${(hue + 160) % 360} 70% 55%)`,
    b: `hsl(${(hue + 300) % 360} 75% 62%)`,
    accent: '#f5c542',
    light: `hsl(${hue} 60% 92%)`,
    deep: `hsl(${hue} 60% 10%)`,
  };
  const id = seed.replace(/[^a-z0-9]/gi, '');
  const motifName = tileMotifByCode[code] ?? tileMotifOf[kind] ?? 'gem';
  const art = tileMotifs[motifName] ? tileMotifs[motifName](c, rand) : motifs[motifName](200, 165, 0.95, c);
  const rows = lines(name, 15);
  const size = rows.length > 1 ? 30 : 34;
  const text = rows
    .map(
      (row, i) =>
        `<text x="200" y="${rows.length > 1 ? 318 + i * 36 : 338}" text-anchor="middle" font-family="${font}" font-weight="900" font-size="${size}" fill="#fff">${esc(row)}</text>`,
    )
    .join('');
  write(
    `img/games/${seed.toLowerCase()}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${esc(name)}">
${defs(c, id)}
${backdrop(400, 400, c, id, rand)}
<g>${art}</g>
<rect x="0" y="282" width="400" height="118" fill="${c.deep}" opacity=".55"/>
${text}
</svg>`,
  );
}

// ---------------------------------------------------------------------------------------------
// favicon.ico for browsers and tools that ask for it without reading the page's <link rel="icon">:
// the crest drawn pixel by pixel (32 x 32) as a PNG inside an ICO container.

function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function pngChunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function crestPng(size) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  const star = (x, y) => {
    // Five-pointed star test in polar form, centred.
    const dx = x - size / 2;
    const dy = y - size / 2 - size * 0.03;
    const r = Math.hypot(dx, dy);
    const a = Math.atan2(dy, dx) + Math.PI / 2;
    const spike = Math.abs((((((a / (2 * Math.PI)) * 5) % 1) + 1) % 1) - 0.5) * 2;
    return r < size * (0.16 + 0.17 * spike ** 2);
  };
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const i = y * (size * 4 + 1) + 1 + x * 4;
      const corner =
        Math.max(0, Math.abs(x + 0.5 - size / 2) - size / 2 + 7) ** 2 + Math.max(0, Math.abs(y + 0.5 - size / 2) - size / 2 + 7) ** 2;
      const inside = corner <= 49;
      const t = (x + y) / (2 * size);
      let rgb = [Math.round(124 - 82 * t), Math.round(92 - 63 * t), Math.round(255 - 145 * t)];
      if (star(x + 0.5, y + 0.5)) rgb = [245, 197 + Math.round(30 * (1 - y / size)), 66];
      raw.set([...rgb, inside ? 255 : 0], i);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

{
  const png = crestPng(32);
  const ico = Buffer.alloc(22);
  ico.writeUInt16LE(0, 0);
  ico.writeUInt16LE(1, 2);
  ico.writeUInt16LE(1, 4);
  ico.set([32, 32, 0, 0], 6);
  ico.writeUInt16LE(1, 10);
  ico.writeUInt16LE(32, 12);
  ico.writeUInt32LE(png.length, 14);
  ico.writeUInt32LE(22, 18);
  writeFileSync(join(publicDir, 'favicon.ico'), Buffer.concat([ico, png]));
  written += 1;
}

console.log(`make-artwork: wrote ${written} files under ${publicDir}`);
