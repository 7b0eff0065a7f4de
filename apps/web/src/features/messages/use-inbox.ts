import { type InboxEvent, type InboxMessage, inboxPaths } from '@platform/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { sessionToken } from '../../api/session.ts';
import { unreadCount } from './messages-api.ts';

/**
 * The unread count of platform messages, shared by the header, the menus and the messages page,
 * kept live by one socket of the inbox channel per page however many places show it: the server
 * sends the count once in and again with each new message. A dropped connection is opened again
 * after a growing pause (and the count asked again meanwhile); a refused session (4401) is not.
 */
interface InboxState {
  unread: number;
  /** The last message pushed live (the messages page shows it without reloading). */
  latest: InboxMessage | undefined;
}

let state: InboxState = { unread: 0, latest: undefined };
const listeners = new Set<() => void>();
const set = (next: Partial<InboxState>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

let users = 0;
let connection: { account: string; stop: () => void } | undefined;

function connect(): () => void {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let pause = 1000;
  let stopped = false;
  const open = () => {
    const token = sessionToken();
    if (stopped || !token || typeof WebSocket === 'undefined') return;
    const url = new URL(inboxPaths.live, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(url);
    socket.onopen = () => socket?.send(JSON.stringify({ token }));
    socket.onmessage = (message) => {
      pause = 1000;
      try {
        const event = JSON.parse(String(message.data)) as InboxEvent;
        if (event.type === 'inbox') set(event.message ? { unread: event.unread, latest: event.message } : { unread: event.unread });
      } catch {
        // Not an inbox event: nothing to show.
      }
    };
    socket.onclose = (event) => {
      if (stopped || event.code === 4401) return;
      retry = setTimeout(open, pause);
      pause = Math.min(pause * 2, 30_000);
      unreadCount().then(
        (v) => set({ unread: v.unReadCount }),
        () => undefined,
      );
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
  };
}

/** Sets the count after the reader changed it (read, deleted, all read) without waiting for the server. */
export const setUnread = (unread: number) => set({ unread: Math.max(0, unread) });

/** The live inbox of the logged-in account (none: 0 unread and no socket). */
export function useInbox(account: string | undefined): InboxState {
  useEffect(() => {
    if (!account) return;
    users++;
    if (connection?.account !== account) {
      connection?.stop();
      set({ unread: 0, latest: undefined });
      connection = { account, stop: connect() };
    }
    return () => {
      users--;
      // The last user gone: close after a tick, so a component remounting (a route change) keeps the socket.
      setTimeout(() => {
        if (users === 0 && connection) {
          connection.stop();
          connection = undefined;
        }
      }, 0);
    };
  }, [account]);
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
  return account ? current : { unread: 0, latest: undefined };
}
