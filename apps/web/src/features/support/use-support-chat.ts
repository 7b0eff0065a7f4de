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
  /** Whether the operator is typing now (shown for a few seconds after each signal). */
  typing: boolean;
}

const empty: ChatThread = { conversation: null, messages: [], hasMore: false, live: false, typing: false };
/** How long "typing…" stays after the operator's last signal (they send one every few seconds while typing). */
const TYPING_SHOWN_MS = 5000;

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
  const chosen = fresher ? conversation : current;
  // Read marks only move forward, whichever event brought the conversation.
  const same = current && current.id === chosen.id ? current : null;
  return {
    ...thread,
    conversation: same
      ? {
          ...chosen,
          playerReadSeq: Math.max(chosen.playerReadSeq, same.playerReadSeq),
          operatorReadSeq: Math.max(chosen.operatorReadSeq, same.operatorReadSeq),
        }
      : chosen,
    messages: [...bySeq.values()].sort((a, b) => a.seq - b.seq),
    hasMore: current && conversation.id > current.id ? false : thread.hasMore,
  };
}

/** A read mark that moved: kept on the conversation it belongs to, never moved back. */
export function withReadMark(thread: ChatThread, conversationId: number, side: 'player' | 'operator', seq: number): ChatThread {
  const c = thread.conversation;
  if (!c || c.id !== conversationId) return thread;
  const key = side === 'player' ? 'playerReadSeq' : 'operatorReadSeq';
  return c[key] >= seq ? thread : { ...thread, conversation: { ...c, [key]: seq } };
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
    let typingOff: ReturnType<typeof setTimeout> | undefined;
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
        } else if (event.type === 'support.message') {
          setThread((t) => {
            const merged = mergeThread(t, event.conversation, [event.message]);
            return event.message.author === 'operator' ? { ...merged, typing: false } : merged;
          });
        } else if (event.type === 'support.conversation') setThread((t) => mergeThread(t, event.conversation, []));
        else if (event.type === 'support.read') setThread((t) => withReadMark(t, event.conversationId, event.side, event.seq));
        else if (event.type === 'support.typing' && event.side === 'operator') {
          clearTimeout(typingOff);
          setThread((t) => (t.conversation?.id === event.conversationId ? { ...t, typing: true } : t));
          typingOff = setTimeout(() => setThread((t) => ({ ...t, typing: false })), TYPING_SHOWN_MS);
        }
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
      clearTimeout(typingOff);
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

  /** Shows a conversation the server answered with (a rating given). */
  const update = useCallback((conversation: SupportConversation) => setThread((t) => mergeThread(t, conversation, [])), []);

  /** Keeps the read mark the server answered with. */
  const readUpTo = useCallback(
    (conversationId: number, seq: number) => setThread((t) => withReadMark(t, conversationId, 'player', seq)),
    [],
  );

  return { thread, loadOlder, add, update, readUpTo };
}
