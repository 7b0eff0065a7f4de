import {
  type Page,
  type SupportConversation,
  type SupportEvent,
  type SupportHistory,
  type SupportMessage,
  type SupportNote,
  type SupportState,
  supportPaths,
  supportStates,
} from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { sessionToken } from '../../api/session.ts';
import { useMe } from '../../app/me.tsx';
import { locale } from '../../i18n/index.ts';
import { fieldErrors } from '../../ui/field-errors.ts';
import { CannedManager, CannedPicker, useCanned } from './CannedAnswers.tsx';
import { CapacitySetting, Notes, TransferControl } from './ConversationTools.tsx';
import { useSupportLive } from './use-support-live.ts';
import './texts.ts';
import '../../ui/screens.css';
import './support.css';

interface Thread {
  conversation: SupportConversation;
  messages: SupportMessage[];
  hasMore: boolean;
  notes: SupportNote[];
  /** Whether the player is typing now (shown for a few seconds after each signal). */
  typing: boolean;
}

/** How long "typing…" stays after the player's last signal. */
const TYPING_SHOWN_MS = 5000;
/** A typing signal goes out at most this often while the operator types. */
const TYPING_EVERY_MS = 3000;

/** A conversation with its read marks never moved back by an older copy. */
function withMarks(next: SupportConversation, old: SupportConversation | undefined): SupportConversation {
  if (!old || old.id !== next.id) return next;
  return {
    ...next,
    playerReadSeq: Math.max(next.playerReadSeq, old.playerReadSeq),
    operatorReadSeq: Math.max(next.operatorReadSeq, old.operatorReadSeq),
  };
}

/** Messages the console has not shown yet: after operators' read mark (answers move it). */
const unreadOf = (c: SupportConversation) => Math.max(0, c.lastSeq - c.operatorReadSeq);

const one = (path: string, id: number) => path.replace(':id', String(id));
const time = (ms: number) => new Date(ms).toLocaleTimeString(locale(), { hour: '2-digit', minute: '2-digit' });
/** Whole minutes between two instants, for waiting and first-answer times. */
const minutes = (from: number, to: number) => Math.max(0, Math.round((to - from) / 60_000));

/** Messages by sequence number, each once, oldest first. */
function merged(old: SupportMessage[], incoming: SupportMessage[]): SupportMessage[] {
  const bySeq = new Map(old.map((m) => [m.seq, m]));
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The list of a state in its order: the waiting queue first in, first out; others by their latest message. */
function placed(list: SupportConversation[], c: SupportConversation, state: SupportState): SupportConversation[] {
  const rest = list.filter((x) => x.id !== c.id);
  if (c.state !== state) return rest;
  const next = [
    ...rest,
    withMarks(
      c,
      list.find((x) => x.id === c.id),
    ),
  ];
  return state === 'waiting' ? next.sort((a, b) => a.createdAt - b.createdAt) : next.sort((a, b) => b.lastMessageAt - a.lastMessageAt);
}

/** An image the player sent, fetched with the operator's token (an <img> alone cannot send it). */
function ChatImage({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let url: string | undefined;
    let gone = false;
    const path = supportPaths.adminImage.replace(':id', String(message.conversationId)).replace(':seq', String(message.seq));
    fetch(path, { headers: { Authorization: `Bearer ${sessionToken() ?? ''}` } })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then(
        (blob) => {
          url = URL.createObjectURL(blob);
          if (!gone) setSrc(url);
        },
        () => undefined,
      );
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [message.conversationId, message.seq]);
  return src ? (
    <img className="console__image" src={src} alt={t('support.image')} width={240} height={180} />
  ) : (
    <span className="console__image console__image--loading" role="img" aria-label={t('support.image')} />
  );
}

/**
 * The support console: the waiting queue (first in, first out), conversations in progress and
 * closed ones of the operator's merchants, live; a conversation's history, taking it, answering
 * and closing it.
 */
export default function SupportPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [tab, setTab] = useState<SupportState>('waiting');
  const [list, setList] = useState<SupportConversation[]>([]);
  const [thread, setThread] = useState<Thread | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const tabRef = useRef(tab);
  tabRef.current = tab;
  const threadRef = useRef(thread);
  threadRef.current = thread;
  const listRef = useRef<HTMLOListElement>(null);
  const canned = useCanned();
  const [managing, setManaging] = useState(false);
  const typingOff = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastTyping = useRef(0);

  const loadList = useCallback(async (state: SupportState) => {
    const page = await api.get<Page<SupportConversation>>(supportPaths.adminConversations, { query: { state, pageSize: 100 } });
    if (tabRef.current === state) setList(page.content);
  }, []);

  const openThread = useCallback(async (id: number) => {
    const [history, notes] = await Promise.all([
      api.get<SupportHistory>(one(supportPaths.adminConversation, id), { query: { limit: 30 } }),
      api.get<{ list: SupportNote[] }>(one(supportPaths.adminNotes, id)),
    ]);
    if (history.conversation)
      setThread({
        conversation: history.conversation,
        messages: history.messages,
        hasMore: history.hasMore,
        notes: notes.list,
        typing: false,
      });
    setText('');
    setErrors({});
  }, []);

  useEffect(() => {
    void loadList(tab).catch(() => undefined);
  }, [tab, loadList]);

  const onEvent = useCallback((event: SupportEvent) => {
    if (event.type === 'support.ready') return;
    if (event.type === 'support.read') {
      const key = event.side === 'player' ? 'playerReadSeq' : 'operatorReadSeq';
      const moved = (c: SupportConversation) => (c.id === event.conversationId && c[key] < event.seq ? { ...c, [key]: event.seq } : c);
      setList((old) => old.map(moved));
      setThread((old) => (old ? { ...old, conversation: moved(old.conversation) } : old));
      return;
    }
    if (event.type === 'support.typing') {
      if (event.side !== 'player') return;
      setThread((old) => (old && old.conversation.id === event.conversationId ? { ...old, typing: true } : old));
      clearTimeout(typingOff.current);
      typingOff.current = setTimeout(() => setThread((old) => (old ? { ...old, typing: false } : old)), TYPING_SHOWN_MS);
      return;
    }
    if (event.type === 'support.note') {
      const note = event.note;
      setThread((old) =>
        old && old.conversation.id === note.conversationId && !old.notes.some((n) => n.id === note.id)
          ? { ...old, notes: [...old.notes, note] }
          : old,
      );
      return;
    }
    const c = event.conversation;
    setList((old) => placed(old, c, tabRef.current));
    setThread((old) => {
      if (!old || old.conversation.id !== c.id) return old;
      const fromPlayer = event.type === 'support.message' && event.message.author === 'player';
      return {
        ...old,
        conversation: withMarks(c, old.conversation),
        messages: event.type === 'support.message' ? merged(old.messages, [event.message]) : old.messages,
        typing: fromPlayer ? false : old.typing,
      };
    });
  }, []);
  useEffect(() => () => clearTimeout(typingOff.current), []);

  // Each (re)connection: the list again, and what the open conversation missed.
  const onReady = useCallback(() => {
    void loadList(tabRef.current).catch(() => undefined);
    const open = threadRef.current;
    if (!open) return;
    const after = open.messages.at(-1)?.seq ?? 0;
    api.get<SupportHistory>(one(supportPaths.adminConversation, open.conversation.id), { query: { after, limit: 100 } }).then(
      (h) =>
        setThread((old) =>
          old && h.conversation && old.conversation.id === h.conversation.id
            ? { ...old, conversation: withMarks(h.conversation, old.conversation), messages: merged(old.messages, h.messages) }
            : old,
        ),
      () => undefined,
    );
  }, [loadList]);

  const live = useSupportLive(onEvent, onReady);

  const last = thread?.messages.at(-1)?.seq;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message arrives or another conversation opens
  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [last, thread?.conversation.id]);

  const act = async (name: string, work: () => Promise<void>) => {
    setBusy(name);
    setErrors({});
    try {
      await work();
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(null);
    }
  };

  const c = thread?.conversation;
  const mine = c?.state === 'taken' && c.operatorId === me.operator.id;

  // What the console shows is read: operators' mark goes to the server once per new last message.
  const asked = useRef({ id: 0, seq: 0 });
  const shownId = c?.id;
  const readMark = c?.operatorReadSeq ?? 0;
  useEffect(() => {
    if (!shownId || !last || last <= readMark || !live) return;
    if (asked.current.id === shownId && asked.current.seq >= last) return;
    asked.current = { id: shownId, seq: last };
    api.send<{ seq: number }>(one(supportPaths.adminRead, shownId), { seq: last }).then(
      (r) =>
        setThread((old) =>
          old && old.conversation.id === shownId && old.conversation.operatorReadSeq < r.seq
            ? { ...old, conversation: { ...old.conversation, operatorReadSeq: r.seq } }
            : old,
        ),
      () => {
        asked.current = { id: 0, seq: 0 };
      },
    );
  }, [shownId, last, readMark, live]);

  const typed = (value: string) => {
    setText(value);
    const now = Date.now();
    if (!c || !mine || value.trim() === '' || now - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = now;
    api.send(one(supportPaths.adminTyping, c.id), {}).catch(() => undefined);
  };
  const merchantsInScope =
    me.operator.merchants === 'all'
      ? [...new Set(canned.list.map((a) => a.merchant).concat(list.map((x) => x.merchant)))]
      : me.operator.merchants;
  // The last of the operators' answers the player has seen carries "Read".
  const readSeq = c ? thread?.messages.findLast((m) => m.author === 'operator' && m.seq <= c.playerReadSeq)?.seq : undefined;

  const take = () =>
    act('take', async () => {
      if (!c) return;
      const taken = await api.send<SupportConversation>(one(supportPaths.adminTake, c.id), {});
      setThread((old) => (old ? { ...old, conversation: withMarks(taken, old.conversation) } : old));
      setList((old) => placed(old, taken, tabRef.current));
    });
  const close = () =>
    act('close', async () => {
      if (!c) return;
      const closed = await api.send<SupportConversation>(one(supportPaths.adminClose, c.id), {});
      setThread((old) => (old ? { ...old, conversation: withMarks(closed, old.conversation) } : old));
      setList((old) => placed(old, closed, tabRef.current));
    });
  const answer = (event: FormEvent) => {
    event.preventDefault();
    if (!c) return;
    if (text.trim() === '') {
      setErrors({ content: t('error.input_empty') });
      return;
    }
    void act('send', async () => {
      const sent = await api.send<SupportMessage>(one(supportPaths.adminMessages, c.id), { clientId: crypto.randomUUID(), content: text });
      setThread((old) => (old && old.conversation.id === sent.conversationId ? { ...old, messages: merged(old.messages, [sent]) } : old));
      setText('');
      // The next words are a new answer: say so at once.
      lastTyping.current = 0;
    });
  };
  const transferred = (moved: SupportConversation) => {
    setThread((old) => (old ? { ...old, conversation: withMarks(moved, old.conversation) } : old));
    setList((old) => placed(old, moved, tabRef.current));
  };
  const older = () =>
    act('older', async () => {
      if (!thread) return;
      const first = thread.messages[0]?.seq ?? 1;
      const h = await api.get<SupportHistory>(one(supportPaths.adminConversation, thread.conversation.id), {
        query: { before: first, limit: 30 },
      });
      setThread((old) => (old ? { ...old, messages: merged(old.messages, h.messages), hasMore: h.hasMore } : old));
    });

  return (
    <div className="page console">
      <div className="console__head">
        <h1 className="page__title">{t('nav.support')}</h1>
        <span className={`console__live${live ? ' is-live' : ''}`} role="status">
          {live ? t('support.live') : t('support.offline')}
        </span>
        <Button size="sm" variant="ghost" onClick={() => setManaging(true)} data-testid="support-canned-manage">
          {t('support.cannedManage')}
        </Button>
      </div>
      {me.permissions.includes('merchants.manage') && merchantsInScope.length > 0 ? (
        <CapacitySetting key={merchantsInScope.join()} merchants={merchantsInScope} />
      ) : null}
      {managing ? (
        <CannedManager answers={canned.list} merchants={merchantsInScope} onClose={() => setManaging(false)} onChanged={canned.reload} />
      ) : null}
      <div className="console__grid">
        <section className="panel console__queue" aria-label={t(`support.${tab}`)}>
          <div className="segments" role="tablist">
            {supportStates.map((s) => (
              <button
                key={s}
                type="button"
                role="tab"
                aria-selected={tab === s}
                className={`segment${tab === s ? ' is-active' : ''}`}
                onClick={() => setTab(s)}
                data-testid={`support-tab-${s}`}
              >
                {t(`support.${s}`)}
              </button>
            ))}
          </div>
          {list.length === 0 ? <p className="muted">{t('support.queueEmpty')}</p> : null}
          <ul className="console__items">
            {list.map((x) => (
              <li key={x.id}>
                <button
                  type="button"
                  className={`console__item${c?.id === x.id ? ' is-open' : ''}`}
                  onClick={() => void openThread(x.id)}
                  data-testid={`support-conversation-${x.account}`}
                >
                  <span className="console__item-head">
                    <strong>{x.account}</strong>
                    {x.state !== 'closed' && unreadOf(x) > 0 ? (
                      <span className="console__unread" data-testid="support-unread">
                        <span aria-hidden="true">{unreadOf(x)}</span>
                        <span className="visually-hidden">{t('support.unread', { count: unreadOf(x) })}</span>
                      </span>
                    ) : null}
                    {x.rating !== null ? (
                      <span className="console__rating" data-testid="support-rating">
                        {t('support.rating', { score: x.rating })}
                      </span>
                    ) : null}
                  </span>
                  <span className="muted">
                    {x.merchant}
                    {x.vipLevel > 0 ? ` · ${t('support.vip', { level: x.vipLevel })}` : ''}
                  </span>
                  <span className="muted">
                    {x.state === 'waiting'
                      ? t('support.waited', { time: time(x.createdAt), count: minutes(x.createdAt, Date.now()) })
                      : x.state === 'closed' && x.closedAt
                        ? t('support.closedAt', { time: time(x.closedAt) })
                        : x.operatorName
                          ? t('support.heldBy', { name: x.operatorName })
                          : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section className="panel console__thread" aria-label={c ? c.account : t('support.pick')}>
          {!c ? (
            <p className="muted">{t('support.pick')}</p>
          ) : (
            <>
              <div className="console__bar">
                <div>
                  <strong>{c.account}</strong>{' '}
                  <span className="muted">
                    {c.merchant} · {t(`support.state_${c.state}`)}
                    {c.operatorName ? ` · ${t('support.heldBy', { name: c.operatorName })}` : ''}
                  </span>
                  <div className="muted console__times" data-testid="support-times">
                    {t('support.waitedFor', { count: minutes(c.createdAt, c.takenAt ?? c.closedAt ?? Date.now()) })}
                    {c.firstAnswerAt ? ` · ${t('support.firstAnswer', { count: minutes(c.takenAt ?? c.createdAt, c.firstAnswerAt) })}` : ''}
                    {c.rating !== null ? ` · ${t('support.rating', { score: c.rating })}` : ''}
                  </div>
                  {c.ratingComment ? (
                    <p className="console__rating-comment" data-testid="support-rating-comment">
                      {c.ratingComment}
                    </p>
                  ) : null}
                </div>
                <div className="row-end">
                  {c.state === 'waiting' ? (
                    <Button size="sm" onClick={() => void take()} busy={busy === 'take'} data-testid="support-take">
                      {t('support.take')}
                    </Button>
                  ) : null}
                  {c.state === 'waiting' || mine ? (
                    <Button size="sm" variant="outline" onClick={() => void close()} busy={busy === 'close'} data-testid="support-close">
                      {t('support.close')}
                    </Button>
                  ) : null}
                </div>
              </div>
              {mine ? <TransferControl key={c.id} conversation={c} onTransferred={transferred} /> : null}
              <ol className="console__messages" ref={listRef} aria-live="polite">
                {thread?.hasMore ? (
                  <li className="console__older">
                    <Button size="sm" variant="ghost" onClick={() => void older()} busy={busy === 'older'}>
                      {t('support.older')}
                    </Button>
                  </li>
                ) : null}
                {thread?.messages.map((m) => (
                  <li key={m.seq} className={`console__msg console__msg--${m.author}`} data-seq={m.seq}>
                    <span className="console__who">
                      {m.author === 'player' ? `${t('support.player')} · ${c.account}` : (m.operatorName ?? t('support.you'))}
                    </span>
                    {m.image ? <ChatImage message={m} /> : <span className="console__text">{m.content}</span>}
                    <time className="console__time" dateTime={new Date(m.createdAt).toISOString()}>
                      {time(m.createdAt)}
                    </time>
                    {m.seq === readSeq ? (
                      <span className="console__read" data-testid="support-read">
                        {t('support.read')}
                      </span>
                    ) : null}
                  </li>
                ))}
                {thread?.typing ? (
                  <li className="console__typing" data-testid="support-typing">
                    {t('support.typing', { account: c.account })}
                  </li>
                ) : null}
              </ol>
              {errors.form ? (
                <p className="form-error" role="alert" data-testid="form-error">
                  {errors.form}
                </p>
              ) : null}
              {mine ? (
                <CannedPicker
                  answers={canned.list.filter((a) => a.merchant === c.merchant)}
                  onPick={(picked) => setText((old) => (old.trim() ? `${old.trimEnd()} ${picked}` : picked))}
                />
              ) : null}
              {mine ? (
                <form className="console__form" onSubmit={answer} noValidate>
                  <label className="visually-hidden" htmlFor="support-answer">
                    {t('support.answer')}
                  </label>
                  <textarea
                    id="support-answer"
                    rows={3}
                    value={text}
                    placeholder={t('support.answer')}
                    aria-invalid={errors.content ? true : undefined}
                    aria-describedby={errors.content ? 'support-answer-error' : undefined}
                    onChange={(e) => typed(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && !e.shiftKey) {
                        e.preventDefault();
                        e.currentTarget.form?.requestSubmit();
                      }
                    }}
                  />
                  <Button type="submit" busy={busy === 'send'} data-testid="support-send">
                    {t('support.send')}
                  </Button>
                  {errors.content ? (
                    <p id="support-answer-error" className="form-error" role="alert">
                      {errors.content}
                    </p>
                  ) : null}
                </form>
              ) : null}
              <Notes
                conversationId={c.id}
                notes={thread?.notes ?? []}
                onAdded={(note) =>
                  setThread((old) =>
                    old && old.conversation.id === note.conversationId && !old.notes.some((n) => n.id === note.id)
                      ? { ...old, notes: [...old.notes, note] }
                      : old,
                  )
                }
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
