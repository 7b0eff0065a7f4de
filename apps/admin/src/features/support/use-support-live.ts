import { type SupportEvent, supportPaths } from '@platform/contract';
import { useEffect, useRef, useState } from 'react';
import { sessionToken } from '../../api/session.ts';

/**
 * The operators' support channel: the operator's token as the first message, then every message and
 * state change of the conversations of their merchants. `onReady` runs at each (re)connection so the
 * screen asks for what it missed; a dropped socket reopens after a growing pause, a refused one
 * (4401: session ended) does not.
 */
export function useSupportLive(onEvent: (event: SupportEvent) => void, onReady: () => void): boolean {
  const [live, setLive] = useState(false);
  const handlers = useRef({ onEvent, onReady });
  handlers.current = { onEvent, onReady };

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let pause = 1000;
    let stopped = false;
    const open = () => {
      const token = sessionToken();
      if (stopped || !token) return;
      const url = new URL(supportPaths.operatorLive, window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(url);
      socket.onopen = () => socket?.send(JSON.stringify({ token }));
      socket.onmessage = (raw) => {
        let event: SupportEvent;
        try {
          event = JSON.parse(String(raw.data)) as SupportEvent;
        } catch {
          return;
        }
        if (event.type === 'support.ready') {
          pause = 1000;
          setLive(true);
          handlers.current.onReady();
        } else handlers.current.onEvent(event);
      };
      socket.onclose = (event) => {
        setLive(false);
        if (stopped || event.code === 4401) return;
        retry = setTimeout(open, pause);
        pause = Math.min(pause * 2, 30_000);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, []);
  return live;
}
