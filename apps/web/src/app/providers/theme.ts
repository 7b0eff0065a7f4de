import type { MerchantTheme } from '@platform/contract';
import { useSyncExternalStore } from 'react';

export type Theme = 'dark' | 'light';

const listeners = new Set<() => void>();

/** The stored theme (localStorage 'theme'); dark unless the reader chose light. */
export function storedTheme(): Theme {
  return localStorage.getItem('theme') === 'light' ? 'light' : 'dark';
}

function current(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  localStorage.setItem('theme', theme);
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', theme === 'light' ? '#f4f5fb' : '#0a0c1d');
  for (const listener of listeners) listener();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    () => 'dark',
  );
}

function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const n = Number.parseInt(m[1], 16);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** Text colour with the better WCAG contrast on a background: near-black or white. */
function textOn(hex: string): string {
  const l = luminance(hex);
  if (l === null) return '#ffffff';
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#0b0c14' : '#ffffff';
}

/** Applies the merchant's brand colours to the design tokens; the whole site follows. */
export function applyBrand(theme: MerchantTheme): void {
  const root = document.documentElement.style;
  if (luminance(theme.primary) !== null) {
    root.setProperty('--brand-primary', theme.primary);
    root.setProperty('--on-primary', textOn(theme.primary));
  }
  if (luminance(theme.accent) !== null) {
    root.setProperty('--brand-accent', theme.accent);
    root.setProperty('--on-accent', textOn(theme.accent));
  }
}
