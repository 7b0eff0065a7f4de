import { moduleIds, SUPPORT_TEXT_MAX, type SupportMessage } from '@platform/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { isTrial, useSession } from '../../api/session.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { errorText } from '../../i18n/error-text.ts';
import { messageText } from '../../i18n/problem-text.ts';
import { Button } from '../../ui/Button.tsx';
import { DateText } from '../../ui/DateText.tsx';
import { IconClose, IconCollapse, IconExpand, IconHeadset, IconLink } from '../../ui/icons.tsx';
import { chatWindow, useChatWindow } from './chat-store.ts';
import { imageUrl, newClientId, sendImage, sendText } from './support-api.ts';
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
  const { thread, loadOlder, add } = useSupportChat(active);
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a message arrives
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [last, view.hidden, view.large]);

  // An answer that arrives while the window is not shown brings up the launcher, marked.
  const lastOperator = thread.messages.findLast((m) => m.author === 'operator')?.seq ?? 0;
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!thread.live) return;
    if (seen.current === null || (view.open && !view.hidden)) seen.current = lastOperator;
    else if (lastOperator > seen.current) chatWindow.reveal();
  }, [lastOperator, thread.live, view.open, view.hidden]);
  const unseen = seen.current !== null && lastOperator > seen.current;

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

  const c = thread.conversation;
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
      <p className="chat__status" role="status" data-state={c?.state ?? 'none'}>
        {thread.live ? status : t('support.reconnecting')}
      </p>
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
          </li>
        ))}
      </ol>
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
          onChange={(e) => setText(e.target.value)}
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
