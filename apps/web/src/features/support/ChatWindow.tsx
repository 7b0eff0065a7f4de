import { moduleIds, SUPPORT_RATING_COMMENT_MAX, SUPPORT_TEXT_MAX, type SupportConversation, type SupportMessage } from '@platform/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { isTrial, useSession } from '../../api/session.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { errorText } from '../../i18n/error-text.ts';
import { messageText } from '../../i18n/problem-text.ts';
import { Button } from '../../ui/Button.tsx';
import { DateText } from '../../ui/DateText.tsx';
import { IconClose, IconCollapse, IconDownload, IconExpand, IconHeadset, IconLink } from '../../ui/icons.tsx';
import { chatWindow, useChatWindow } from './chat-store.ts';
import { downloadTranscript, imageUrl, markRead, newClientId, rate, sendImage, sendText, sendTyping } from './support-api.ts';
import { useSupportChat } from './use-support-chat.ts';
import './support.css';

/** An image message, fetched with the session (an <img> alone cannot send it). */
function ChatImage({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let url: string | undefined;
    let gone = false;
    imageUrl(message.conversationId, message.seq).then(
      (u) => {
        url = u;
        if (!gone) setSrc(u);
      },
      () => undefined,
    );
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [message.conversationId, message.seq]);
  return src ? (
    <img className="chat__image" src={src} alt={t('support.image')} width={200} height={150} />
  ) : (
    <span className="chat__image chat__image--loading" role="img" aria-label={t('support.image')} />
  );
}

/** A typing signal goes out at most this often while the player types. */
const TYPING_EVERY_MS = 3000;

/** The end of a closed conversation: the rating asked once (1 to 5 and a comment), then what was given. */
function Rating({ conversation, onRated }: { conversation: SupportConversation; onRated: (c: SupportConversation) => void }) {
  const { t } = useTranslation();
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (conversation.rating !== null)
    return (
      <p className="chat__rated" data-testid="chat-rated">
        {t('support.rated', { score: conversation.rating })}
      </p>
    );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (score === 0) {
      setProblem(t('support.rateChoose'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onRated(await rate(conversation.id, score, comment));
    } catch (err) {
      const field = err instanceof ApiError ? err.fields[0] : undefined;
      setProblem(field ? messageText(t, field.message, { max: SUPPORT_RATING_COMMENT_MAX }) || t('validation.invalid') : errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="chat__rate" onSubmit={submit} noValidate data-testid="chat-rating">
      <fieldset className="chat__stars">
        <legend className="chat__rate-title">{t('support.rateTitle')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`chat__star${n <= score ? ' is-on' : ''}`} data-testid={`chat-star-${n}`}>
            <input
              type="radio"
              className="sr-only"
              name={`chat-score-${conversation.id}`}
              value={n}
              checked={score === n}
              onChange={() => setScore(n)}
            />
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
            </svg>
            <span className="sr-only">{t('support.stars', { score: n })}</span>
          </label>
        ))}
      </fieldset>
      <textarea
        className="chat__input"
        rows={1}
        value={comment}
        maxLength={SUPPORT_RATING_COMMENT_MAX}
        placeholder={t('support.rateComment')}
        aria-label={t('support.rateComment')}
        onChange={(e) => setComment(e.target.value)}
      />
      <Button type="submit" size="sm" busy={busy}>
        {t('support.rateSend')}
      </Button>
      {problem ? (
        <p className="chat__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The customer-service chat room: a window that starts small at the corner, can be enlarged or
 * hidden to its launcher (the conversation stays live), a full-screen sheet on phones. Texts are
 * shown as text (markup stays visible and inert).
 */
export function ChatWindow() {
  const { t } = useTranslation();
  const session = useSession();
  const platform = usePlatform();
  const view = useChatWindow();
  const allowed = Boolean(session) && !(session && isTrial(session));
  const active = (view.open || view.loaded) && allowed;
  const { thread, loadOlder, add, update, readUpTo } = useSupportChat(active);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const pending = useRef<string | null>(null);

  // A logout closes the window; a login loads the chat behind its launcher when the merchant's switch CBS3 is on.
  const autoLoad = platform.isOn(moduleIds.chatService);
  const account = allowed ? session?.account : undefined;
  useEffect(() => {
    if (!account) chatWindow.unload();
    else if (autoLoad) chatWindow.load();
  }, [account, autoLoad]);

  // New messages scroll into view.
  const last = thread.messages.at(-1)?.seq;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a message or the typing line arrives
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [last, view.hidden, view.large, thread.typing, thread.conversation?.state]);

  // An answer that arrives while the window is not shown brings up the launcher, marked.
  const lastOperator = thread.messages.findLast((m) => m.author === 'operator')?.seq ?? 0;
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!thread.live) return;
    if (seen.current === null || (view.open && !view.hidden)) seen.current = lastOperator;
    else if (lastOperator > seen.current) chatWindow.reveal();
  }, [lastOperator, thread.live, view.open, view.hidden]);
  const unseen = seen.current !== null && lastOperator > seen.current;

  // What the window shows is read: the mark goes to the server once per new last message.
  const c = thread.conversation;
  const shown = view.open && !view.hidden && thread.live;
  const asked = useRef({ id: 0, seq: 0 });
  const readMark = c?.playerReadSeq ?? 0;
  useEffect(() => {
    if (!shown || !c || !last || last <= readMark) return;
    if (asked.current.id === c.id && asked.current.seq >= last) return;
    asked.current = { id: c.id, seq: last };
    markRead(c.id, last).then(
      (r) => readUpTo(c.id, r.seq),
      () => {
        asked.current = { id: 0, seq: 0 };
      },
    );
  }, [shown, c, last, readMark, readUpTo]);
  const lastTyping = useRef(0);

  if (!active || !view.open) return null;
  if (view.hidden)
    return (
      <button type="button" className="chat-launcher" onClick={chatWindow.open} aria-label={t('support.open')} data-testid="chat-launcher">
        <IconHeadset />
        {unseen ? <span className="chat-launcher__dot" aria-hidden="true" /> : null}
      </button>
    );

  const fail = (err: unknown) => {
    const field = err instanceof ApiError ? err.fields[0] : undefined;
    setProblem(field ? messageText(t, field.message, { max: SUPPORT_TEXT_MAX }) || t('validation.invalid') : errorText(t, err));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (text.trim() === '') {
      setProblem(t('error.input_empty'));
      return;
    }
    setBusy(true);
    setProblem(null);
    // The same id is sent again if this attempt's answer is lost, so a retry never doubles the message.
    pending.current ??= newClientId();
    try {
      add(await sendText(text, pending.current));
      pending.current = null;
      setText('');
      lastTyping.current = 0;
    } catch (err) {
      fail(err);
      if (!(err instanceof ApiError) || err.status < 500) pending.current = null;
    } finally {
      setBusy(false);
    }
  };

  const attach = async (chosen: File | undefined) => {
    if (!chosen) return;
    setBusy(true);
    setProblem(null);
    try {
      add(await sendImage(chosen, newClientId()));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  };

  const typed = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value.trim() === '' || !c || c.state === 'closed' || now - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = now;
    sendTyping().catch(() => undefined);
  };
  // "Read" goes under the player's last message that support has seen.
  const readSeq = c ? thread.messages.findLast((m) => m.author === 'player' && m.seq <= c.operatorReadSeq)?.seq : undefined;
  const download = () => {
    if (c) downloadTranscript(c.id).catch((err) => setProblem(errorText(t, err)));
  };

  const status =
    c?.state === 'waiting'
      ? t('support.waiting')
      : c?.state === 'taken'
        ? t('support.taken', { name: c.operatorName ?? t('support.agent') })
        : c?.state === 'closed'
          ? t('support.closed')
          : t('support.welcome');

  return (
    <section className={`chat${view.large ? ' chat--large' : ''}`} aria-label={t('support.title')} data-testid="chat-window">
      <header className="chat__bar">
        <IconHeadset size={18} />
        <h2 className="chat__title">{t('support.title')}</h2>
        {c ? (
          <button
            type="button"
            className="icon-btn"
            onClick={download}
            aria-label={t('support.transcript')}
            title={t('support.transcript')}
            data-testid="chat-transcript"
          >
            <IconDownload size={18} />
          </button>
        ) : null}
        <button
          type="button"
          className="icon-btn"
          onClick={chatWindow.toggleSize}
          aria-label={view.large ? t('support.shrink') : t('support.enlarge')}
        >
          {view.large ? <IconCollapse size={18} /> : <IconExpand size={18} />}
        </button>
        <button type="button" className="icon-btn" onClick={chatWindow.hide} aria-label={t('support.hide')}>
          <span aria-hidden="true" className="chat__hide" />
        </button>
        <button type="button" className="icon-btn" onClick={chatWindow.close} aria-label={t('support.close')}>
          <IconClose size={18} />
        </button>
      </header>
      <div className="chat__status">
        <p role="status" data-state={c?.state ?? 'none'}>
          {thread.live ? status : t('support.reconnecting')}
        </p>
      </div>
      <ol className="chat__list" ref={list} aria-label={t('support.history')} aria-live="polite">
        {thread.hasMore ? (
          <li className="chat__older">
            <Button variant="ghost" size="sm" onClick={() => void loadOlder()}>
              {t('support.older')}
            </Button>
          </li>
        ) : null}
        {thread.messages.map((m) => (
          <li key={m.seq} className={`chat__msg chat__msg--${m.author}`} data-seq={m.seq}>
            <span className="chat__who">{m.author === 'player' ? t('support.you') : (m.operatorName ?? t('support.agent'))}</span>
            {m.image ? <ChatImage message={m} /> : <span className="chat__text">{m.content}</span>}
            <span className="chat__time">
              <DateText value={m.createdAt} pattern="HH:mm" />
            </span>
            {m.seq === readSeq ? (
              <span className="chat__read" data-testid="chat-read">
                {t('support.read')}
              </span>
            ) : null}
          </li>
        ))}
        {thread.typing ? (
          <li className="chat__typing" data-testid="chat-typing">
            {t('support.typing', { name: c?.operatorName ?? t('support.agent') })}
          </li>
        ) : null}
      </ol>
      {c?.state === 'closed' ? <Rating key={c.id} conversation={c} onRated={update} /> : null}
      <form className="chat__form" onSubmit={submit} noValidate>
        <label className="icon-btn chat__attach" title={t('support.attach')}>
          <IconLink size={18} />
          <span className="sr-only">{t('support.attach')}</span>
          <input
            ref={file}
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            disabled={busy}
            onChange={(e) => void attach(e.target.files?.[0])}
            data-testid="chat-attach"
          />
        </label>
        <textarea
          className="chat__input"
          rows={2}
          value={text}
          maxLength={SUPPORT_TEXT_MAX}
          placeholder={t('support.placeholder')}
          aria-label={t('support.placeholder')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'chat-problem' : undefined}
          onChange={(e) => typed(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <Button type="submit" size="sm" busy={busy}>
          {t('support.send')}
        </Button>
        {problem ? (
          <p id="chat-problem" className="chat__problem" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </section>
  );
}
