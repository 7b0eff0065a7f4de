import { apiPaths, type Captcha } from '@platform/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiGet } from '../../api/client.ts';

/** Captcha refreshes are throttled to one a second (spec §9). */
export const captchaRefreshMs = 1000;

/** A captcha image while `active`; `refresh` fetches a new one, at most once a second. */
export function useCaptcha(active: boolean) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const last = useRef(0);

  const load = useCallback(async (force: boolean) => {
    const now = Date.now();
    if (!force && now - last.current < captchaRefreshMs) return;
    last.current = now;
    try {
      setCaptcha(await apiGet(apiPaths.captcha));
    } catch {
      setCaptcha(null);
    }
  }, []);

  useEffect(() => {
    if (active) void load(true);
    else setCaptcha(null);
  }, [active, load]);

  return { captcha, refresh: () => load(false), renew: () => load(true) };
}
