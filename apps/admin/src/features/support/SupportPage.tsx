import {
  type Page,
  type SupportConversation,
  type SupportEvent,
  type SupportHistory,
  type SupportMessage,
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
import { useSupportLive } from './use-support-live.ts';
import './texts.ts';
import '../../ui/screens.css';
import './support.css';

interface Thread {
  conversation: SupportConversation;
  messages: SupportMessage[];
  hasMore: boolean;
}

const one = (path: string, id: number) => path.replace(':id', String(id));
const time = (ms: number) => new Date(ms).toLocaleTimeString(locale(), { hour: '2-digit', minute: '2-digit' });

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
  const next = [...rest, c];
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

  const loadList = useCallback(async (state: SupportState) => {
    const page = await api.get<Page<SupportConversation>>(supportPaths.adminConversations, { query: { state, pageSize: 100 } });
    if (tabRef.current === state) setList(page.content);
  }, []);

  const openThread = useCallback(async (id: number) => {
    const history = await api.get<SupportHistory>(one(supportPaths.adminConversation, id), { query: { limit: 30 } });
    if (history.conversation) setThread({ conversation: history.conversation, messages: history.messages, hasMore: history.hasMore });
    setErrors({});
  }, []);

  useEffect(() => {
    void loadList(tab).catch(() => undefined);
  }, [tab, loadList]);

  const onEvent = useCallback((event: SupportEvent) => {
    if (event.type === 'support.ready') return;
    const c = event.conversation;
    setList((old) => placed(old, c, tabRef.current));
    setThread((old) => {
      if (!old || old.conversation.id !== c.id) return old;
      return { ...old, conversation: c, messages: event.type === 'support.message' ? merged(old.messages, [event.message]) : old.messages };
    });
  }, []);

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
            ? { ...old, conversation: h.conversation, messages: merged(old.messages, h.messages) }
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

  const take = () =>
    act('take', async () => {
      if (!c) return;
      const taken = await api.send<SupportConversation>(one(supportPaths.adminTake, c.id), {});
      setThread((old) => (old ? { ...old, conversation: taken } : old));
      setList((old) => placed(old, taken, tabRef.current));
    });
  const close = () =>
    act('close', async () => {
      if (!c) return;
      const closed = await api.send<SupportConversation>(one(supportPaths.adminClose, c.id), {});
      setThread((old) => (old ? { ...old, conversation: closed } : old));
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
    });
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
      </div>
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
                  <strong>{x.account}</strong>
                  <span className="muted">
                    {x.merchant}
                    {x.vipLevel > 0 ? ` · ${t('support.vip', { level: x.vipLevel })}` : ''}
                  </span>
                  <span className="muted">
                    {x.state === 'waiting'
                      ? t('support.waited', { time: time(x.createdAt) })
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
                  </li>
                ))}
              </ol>
              {errors.form ? (
                <p className="form-error" role="alert" data-testid="form-error">
                  {errors.form}
                </p>
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
                    onChange={(e) => setText(e.target.value)}
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
            </>
          )}
        </section>
      </div>
    </div>
  );
}
