import { useEffect } from 'react';

/** The server ends an operator's session after 15 idle minutes (decision 0018); the page leaves first. */
export const idleTimeoutMs = 15 * 60_000;
const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Calls `onIdle` once nobody has touched the page for `timeoutMs`: the screen must not stay open
 * with someone's money on it when the operator walked away. Checked every few seconds rather than
 * one long timer, so a laptop waking from sleep acts at once.
 */
export function useIdleTimeout(onIdle: () => void, timeoutMs = idleTimeoutMs): void {
  useEffect(() => {
    let last = Date.now();
    const touch = () => {
      last = Date.now();
    };
    for (const e of events) window.addEventListener(e, touch, { passive: true });
    const timer = window.setInterval(() => {
      if (Date.now() - last >= timeoutMs) {
        window.clearInterval(timer);
        onIdle();
      }
    }, 5_000);
    return () => {
      window.clearInterval(timer);
      for (const e of events) window.removeEventListener(e, touch);
    };
  }, [onIdle, timeoutMs]);
}
