import { useEffect, useState } from 'react';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { useAnnouncements } from './notice-api.ts';

/** Session key of the spec: set once the popups have been shown this session. */
const shownKey = 'index_notice';

/** On the home page, opens the notice dialog by itself once per session when there are popups. */
export function useAutoNotice(enabled: boolean): void {
  const { openNotice } = useUiActions();
  const [done, setDone] = useState(() => sessionStorage.getItem(shownKey) !== null);
  const page = useAnnouncements(enabled && !done ? 1 : null);
  const popups = page.data?.popupList.length ?? 0;
  useEffect(() => {
    if (!enabled || done || !page.data) return;
    sessionStorage.setItem(shownKey, '1');
    setDone(true);
    if (popups > 0) openNotice(true);
  }, [enabled, done, page.data, popups, openNotice]);
}
