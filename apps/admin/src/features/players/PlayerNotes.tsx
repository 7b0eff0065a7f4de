import { type PlayerNote, playerPaths } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { Loader } from '@platform/ui/Loader.tsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { locale } from '../../i18n/index.ts';
import { fieldErrors } from '../../ui/field-errors.ts';

/** How many of the newest notes the dialog shows. */
const shown = 50;

/**
 * Operators' private notes on the player, newest first, and a new one for those who may write (the
 * player never sees them). A note is plain text: React renders it as text, never as markup.
 */
export function PlayerNotes({ memberId, canWrite }: { memberId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const notes = useLoad(
    (signal) =>
      api.get<{ list: PlayerNote[]; total: number }>(playerPaths.notes, { signal, params: { memberId }, query: { pageSize: shown } }),
    [memberId, version],
  );
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await api.send(playerPaths.notes, { text }, { params: { memberId } });
      setText('');
      setVersion((v) => v + 1);
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="stack" data-testid="player-notes">
      {canWrite ? (
        <form className="stack" onSubmit={submit} noValidate data-testid="note-form">
          <div className={`field${errors.text ? ' has-error' : ''}`} data-field="note">
            <label className="field__label" htmlFor="player-note">
              {t('players.noteNew')}
            </label>
            <textarea
              id="player-note"
              className="field__input note-input"
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={2100}
              rows={3}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={errors.text ? 'player-note-error' : undefined}
              data-testid="field-note"
            />
            {errors.text ? (
              <p id="player-note-error" className="field__error" data-testid="error-note">
                {errors.text}
              </p>
            ) : null}
          </div>
          <p className="muted">{t('players.noteHint')}</p>
          {errors.form ? (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className="row-end">
            <Button type="submit" busy={busy} data-testid="note-submit">
              {t('players.noteAdd')}
            </Button>
          </div>
        </form>
      ) : null}
      {!notes.data ? (
        <Loader label={t('app.loading')} />
      ) : notes.data.list.length === 0 ? (
        <p className="muted">{t('players.notesNone')}</p>
      ) : (
        <ol className="note-list">
          {notes.data.list.map((n) => (
            <li key={n.id} className="note" data-testid={`note-${n.id}`}>
              <p className="note__meta muted">
                {n.operator} · {new Date(n.createdAt).toLocaleString(locale(), { dateStyle: 'short', timeStyle: 'short' })}
              </p>
              <p className="note__text">{n.text}</p>
            </li>
          ))}
        </ol>
      )}
      {notes.data && notes.data.total > shown ? <p className="muted">{t('players.notesMore', { n: notes.data.total - shown })}</p> : null}
    </section>
  );
}
