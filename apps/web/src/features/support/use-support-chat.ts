import { type SupportConversation, type SupportEvent, type SupportMessage, supportPaths } from '@platform/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sessionToken } from '../../api/session.ts';
import { supportHistory } from './support-api.ts';

export interface ChatThread {
  conversation: SupportConversation | null;
  /** The conversation's messages by sequence number, oldest first, each once. */
  messages: SupportMessage[];
  hasMore: boolean;
  /** Whether the live socket is in (false while it reconnects). */
  live: boolean;
}

const empty: ChatThread = { conversation: null, messages: [], hasMore: false, live: false };

/**
 * Messages merged into the thread: by sequence number, so one that arrives twice (from the socket
 * and from the send's answer, or from the history after a reconnect) is shown once. A newer
 * conversation replaces the thread.
 */
export function mergeThread(thread: ChatThread, conversation: SupportConversation | null, incoming: SupportMessage[]): ChatThread {
  if (!conversation) return thread;
  const current = thread.conversation;
  if (current && conversation.id < current.id) return thread;
  const base = current && conversation.id > current.id ? [] : thread.messages;
  const bySeq = new Map(base.map((m) => [m.seq, m]));
  for (const m of incoming) if (m.conversationId === conversation.id) bySeq.set(m.seq, m);
  const fresher =
    !current || conversation.id > current.id || conversation.lastMessageAt >= current.lastMessageAt || conversation.state !== current.state;
  return {
    ...thread,
    conversation: fresher ? conversation : current,
    messages: [...bySeq.values()].sort((a, b) => a.seq - b.seq),
    hasMore: current && conversation.id > current.id ? false : thread.hasMore,
  };
}

/**
 * The player's support conversation while the chat is open: its latest page, live events from the
 * support channel, and what was missed after each (re)connection, asked by the last sequence number
 * held. A dropped socket reopens after a growing pause; a refused session (4401) does not.
 */
export function useSupportChat(active: boolean) {
  const [thread, setThread] = useState<ChatThread>(empty);
  const latest = useRef(thread);
  latest.current = thread;

  /** What came after the last message held; `fresh`: the latest page instead (another conversation began). */
  const catchUp = useCallback(async (fresh = false) => {
    const have = latest.current;
    const last = fresh ? undefined : have.messages.at(-1)?.seq;
    const page = await supportHistory(last !== undefined ? { after: last, limit: 100 } : { limit: 30 });
    setThread((t) => {
      const merged = mergeThread(t, page.conversation, page.messages);
      return last === undefined ? { ...merged, hasMore: page.hasMore } : merged;
    });
  }, []);

  useEffect(() => {
    if (!active) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let pause = 1000;
    let stopped = false;
    const open = () => {
      const token = sessionToken();
      if (stopped || !token) return;
      const url = new URL(supportPaths.live, window.location.href);
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
          setThread((t) => ({ ...t, live: true }));
          catchUp().catch(() => undefined);
        } else if (event.type === 'support.message') setThread((t) => mergeThread(t, event.conversation, [event.message]));
        else setThread((t) => mergeThread(t, event.conversation, []));
      };
      socket.onclose = (event) => {
        setThread((t) => ({ ...t, live: false }));
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
  }, [active, catchUp]);

  const loadOlder = useCallback(async () => {
    const first = latest.current.messages[0]?.seq;
    if (first === undefined) return;
    const page = await supportHistory({ before: first, limit: 30 });
    setThread((t) => ({ ...mergeThread(t, page.conversation, page.messages), hasMore: page.hasMore }));
  }, []);

  /** Shows a message the server answered with (the socket brings it too; it is merged once). */
  const add = useCallback(
    (message: SupportMessage) => {
      const known = latest.current.conversation;
      if (known && message.conversationId === known.id) setThread((t) => mergeThread(t, known, [message]));
      // A new conversation: its row and first lines come with the history (the socket may not have told it yet).
      else catchUp(true).catch(() => undefined);
    },
    [catchUp],
  );

  return { thread, loadOlder, add };
}
