import {
  SUPPORT_TEXT_MAX,
  type SupportConversation,
  type SupportNote,
  type SupportSettings,
  type SupportTransferTarget,
  supportPaths,
} from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { locale } from '../../i18n/index.ts';
import { fieldErrors } from '../../ui/field-errors.ts';

const one = (path: string, id: number) => path.replace(':id', String(id));
const time = (ms: number) => new Date(ms).toLocaleTimeString(locale(), { hour: '2-digit', minute: '2-digit' });

/** The holder hands the conversation to another operator of its merchant (who has room), or back to the queue. */
export function TransferControl({
  conversation,
  onTransferred,
}: {
  conversation: SupportConversation;
  onTransferred: (c: SupportConversation) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [targets, setTargets] = useState<SupportTransferTarget[]>([]);
  const [to, setTo] = useState('queue');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let gone = false;
    api.get<{ list: SupportTransferTarget[] }>(one(supportPaths.adminTransferTargets, conversation.id)).then(
      (found) => {
        if (!gone) setTargets(found.list);
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [conversation.id]);
  const transfer = async () => {
    setBusy(true);
    setError(null);
    try {
      onTransferred(
        await api.send<SupportConversation>(one(supportPaths.adminTransfer, conversation.id), {
          operatorId: to === 'queue' ? null : Number(to),
        }),
      );
    } catch (err) {
      const errors = fieldErrors(t, err);
      setError(errors.operatorId ?? errors.form ?? null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="console__transfer">
      <label htmlFor={id}>{t('support.transferTo')}</label>
      <select id={id} value={to} onChange={(e) => setTo(e.target.value)} data-testid="support-transfer-to">
        <option value="queue">{t('support.backToQueue')}</option>
        {targets.map((o) => (
          <option key={o.id} value={String(o.id)} disabled={!o.free}>
            {t(o.free ? 'support.targetFree' : 'support.targetFull', { name: o.name, count: o.holding })}
          </option>
        ))}
      </select>
      <Button size="sm" variant="outline" onClick={() => void transfer()} busy={busy} data-testid="support-transfer">
        {t('support.transfer')}
      </Button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Operators' private notes on the conversation: never sent to the player. */
export function Notes({
  conversationId,
  notes,
  onAdded,
}: {
  conversationId: number;
  notes: SupportNote[];
  onAdded: (n: SupportNote) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError(t('error.input_empty'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onAdded(await api.send<SupportNote>(one(supportPaths.adminNotes, conversationId), { content: text }));
      setText('');
    } catch (err) {
      const errors = fieldErrors(t, err);
      setError(errors.content ?? errors.form ?? null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="console__notes" aria-labelledby={`${id}-title`} data-testid="support-notes">
      <h2 className="section-title" id={`${id}-title`}>
        {t('support.notes')} <span className="muted">· {t('support.notesPrivate')}</span>
      </h2>
      {notes.length === 0 ? <p className="muted">{t('support.notesNone')}</p> : null}
      <ul className="console__note-list">
        {notes.map((n) => (
          <li key={n.id} className="console__note">
            <span className="console__who">
              {n.operatorName} · {time(n.createdAt)}
            </span>
            <span className="console__text">{n.content}</span>
          </li>
        ))}
      </ul>
      <form className="console__note-form" onSubmit={add} noValidate>
        <label className="visually-hidden" htmlFor={id}>
          {t('support.noteAdd')}
        </label>
        <textarea
          id={id}
          rows={2}
          value={text}
          maxLength={SUPPORT_TEXT_MAX}
          placeholder={t('support.noteAdd')}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setText(e.target.value)}
          data-testid="support-note-text"
        />
        <Button type="submit" size="sm" variant="outline" busy={busy} data-testid="support-note-add">
          {t('support.noteSave')}
        </Button>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}

/** A merchant's open conversations per operator, for operators who manage merchants (audited by the server). */
export function CapacitySetting({ merchants }: { merchants: string[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [merchant, setMerchant] = useState(merchants[0] ?? '');
  const [capacity, setCapacity] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const code = merchant || merchants[0] || '';
  useEffect(() => {
    if (!code) return;
    let gone = false;
    api.get<SupportSettings>(supportPaths.adminSettings.replace(':code', code)).then(
      (s) => {
        if (!gone) setCapacity(String(s.capacity));
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [code]);
  if (!code) return null;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNote(null);
    try {
      const saved = await api.send<SupportSettings>(
        supportPaths.adminSettings.replace(':code', code),
        { capacity: Number(capacity) },
        { method: 'PUT' },
      );
      setNote({ ok: true, text: t('support.capacitySaved', { merchant: saved.merchant, count: saved.capacity }) });
    } catch (err) {
      const errors = fieldErrors(t, err);
      setNote({ ok: false, text: errors.capacity ?? errors.form ?? '' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="console__capacity" onSubmit={save} noValidate data-testid="support-capacity">
      <label htmlFor={id}>{t('support.capacity')}</label>
      {merchants.length > 1 ? (
        <select value={code} onChange={(e) => setMerchant(e.target.value)} aria-label={t('support.merchant')}>
          {merchants.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      ) : (
        <span className="muted">{code}</span>
      )}
      <input
        id={id}
        type="number"
        min={1}
        max={50}
        value={capacity}
        aria-invalid={note && !note.ok ? true : undefined}
        onChange={(e) => setCapacity(e.target.value)}
      />
      <Button type="submit" size="sm" variant="outline" busy={busy}>
        {t('support.save')}
      </Button>
      {note ? (
        <span className={note.ok ? 'muted' : 'form-error'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </span>
      ) : null}
    </form>
  );
}
