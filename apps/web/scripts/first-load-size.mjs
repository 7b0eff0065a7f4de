#!/usr/bin/env node
// Measures the JavaScript and CSS the home route loads on a first visit, gzip-compressed, from the
// Vite manifest of the last build: the entry with its static imports, the "index" page group with
// its static imports, and the English dictionary (the demo merchants' default language).
// Usage: node apps/web/scripts/first-load-size.mjs   (after `vite build`)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const files = new Set();
const visit = (key) => {
  const entry = manifest[key];
  if (!entry || files.has(entry.file)) return;
  files.add(entry.file);
  for (const css of entry.css ?? []) files.add(css);
  for (const dep of entry.imports ?? []) visit(dep);
};
for (const key of ['index.html', 'src/app/pages/index.ts', 'src/i18n/dictionaries/en.ts']) {
  if (!manifest[key]) throw new Error(`manifest has no ${key}`);
  visit(key);
}

let js = 0;
let css = 0;
const rows = [];
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  if (file.endsWith('.css')) css += size;
  else js += size;
  rows.push([size, file]);
}
rows.sort((a, b) => b[0] - a[0]);
for (const [size, file] of rows) console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
console.log(`home first load: JS ${(js / 1024).toFixed(1)} KB gzip, CSS ${(css / 1024).toFixed(1)} KB gzip`);
