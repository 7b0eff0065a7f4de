import type { adminMerchantSchema } from '@platform/contract';
import type { z } from 'zod';

export type AdminMerchant = z.infer<typeof adminMerchantSchema>;

/** A `datetime-local` value (the reader's time) as epoch ms; null when empty or not a date. */
export function localInputMs(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** Epoch ms as a `datetime-local` value in the reader's time. */
export function msToLocalInput(ms: number | null): string {
  if (!ms) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "us, FR;sn" → ['US', 'FR', 'SN']: what an operator types into the countries field. */
export function parseCountries(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((c) => c.toUpperCase()),
    ),
  ];
}
