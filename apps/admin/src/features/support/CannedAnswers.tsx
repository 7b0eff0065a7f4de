import {
  inboxLanguages,
  SUPPORT_CANNED_TITLE_MAX,
  SUPPORT_TEXT_MAX,
  type SupportCanned,
  type SupportCannedBody,
  supportPaths,
} from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { Dialog } from '@platform/ui/Dialog.tsx';
import { TextField } from '@platform/ui/form.tsx';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { fieldErrors } from '../../ui/field-errors.ts';

/** The canned answers of every merchant in the operator's scope, and a way to load them again after a change. */
export function useCanned() {
  const [list, setList] = useState<SupportCanned[]>([]);
  const reload = useCallback(async () => {
    const found = await api.get<{ list: SupportCanned[] }>(supportPaths.adminCanned);
    setList(found.list);
  }, []);
  useEffect(() => {
    void reload().catch(() => undefined);
  }, [reload]);
  return { list, reload };
}

/** A choice of the merchant's canned answers (and their versions per language) that puts the text into the answer box. */
export function CannedPicker({ answers, onPick }: { answers: SupportCanned[]; onPick: (text: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  if (answers.length === 0) return null;
  const pick = (value: string) => {
    const [cannedId, language] = value.split(':');
    const found = answers.find((a) => String(a.id) === cannedId);
    if (!found) return;
    onPick(language ? (found.translations[language as keyof SupportCanned['translations']] ?? found.content) : found.content);
  };
  return (
    <div className="console__canned">
      <label htmlFor={id}>{t('support.canned')}</label>
      <select id={id} value="" onChange={(e) => pick(e.target.value)} data-testid="support-canned">
        <option value="">{t('support.cannedChoose')}</option>
        {answers.map((a) => [
          <option key={a.id} value={String(a.id)}>
            {a.title}
          </option>,
          ...Object.keys(a.translations).map((language) => (
            <option key={`${a.id}:${language}`} value={`${a.id}:${language}`}>
              {`${a.title} (${language})`}
            </option>
          )),
        ])}
      </select>
    </div>
  );
}

const blank = (merchant: string): SupportCannedBody => ({ merchant, title: '', content: '', translations: {} });

/** The operators' list of canned answers: add, change and delete them (each audited by the server). */
export function CannedManager({
  answers,
  merchants,
  onClose,
  onChanged,
}: {
  answers: SupportCanned[];
  merchants: string[];
  onClose: () => void;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState<SupportCannedBody>(blank(merchants[0] ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const contentId = useId();
  const merchantId = useId();

  const run = async (name: string, work: () => Promise<void>) => {
    setBusy(name);
    setErrors({});
    try {
      await work();
      await onChanged();
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(null);
    }
  };
  const edit = (a: SupportCanned) => {
    setEditing(a.id);
    setErrors({});
    setForm({ merchant: a.merchant, title: a.title, content: a.content, translations: { ...a.translations } });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run('save', async () => {
      const translations = Object.fromEntries(Object.entries(form.translations).filter(([, v]) => v?.trim()));
      if (editing === null) await api.send(supportPaths.adminCanned, { ...form, translations });
      else
        await api.send(
          supportPaths.adminCannedOne,
          { title: form.title, content: form.content, translations },
          { method: 'PUT', params: { id: editing } },
        );
      setEditing(null);
      setForm(blank(form.merchant));
    });
  };
  const remove = (a: SupportCanned) =>
    run(`delete-${a.id}`, async () => {
      await api.send(supportPaths.adminCannedOne, undefined, { method: 'DELETE', params: { id: a.id } });
      if (editing === a.id) {
        setEditing(null);
        setForm(blank(form.merchant));
      }
    });

  return (
    <Dialog open onClose={onClose} title={t('support.cannedManage')} closeLabel={t('app.close')} size="lg" testId="canned-dialog">
      <div className="stack">
        {answers.length === 0 ? <p className="muted">{t('support.cannedNone')}</p> : null}
        <ul className="console__canned-list">
          {answers.map((a) => (
            <li key={a.id} data-testid={`canned-${a.id}`}>
              <div>
                <strong>{a.title}</strong> <span className="muted">{[a.merchant, ...Object.keys(a.translations)].join(' · ')}</span>
                <p className="console__canned-text">{a.content}</p>
              </div>
              <div className="row-end">
                <Button size="sm" variant="ghost" onClick={() => edit(a)}>
                  {t('support.edit')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => void remove(a)} busy={busy === `delete-${a.id}`}>
                  {t('support.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <form className="stack" onSubmit={save} noValidate data-testid="canned-form">
          <h3 className="section-title">{editing === null ? t('support.cannedAdd') : t('support.cannedEdit')}</h3>
          {editing === null && merchants.length > 1 ? (
            <div className="field">
              <label className="field__label" htmlFor={merchantId}>
                {t('support.merchant')}
              </label>
              <select id={merchantId} value={form.merchant} onChange={(e) => setForm({ ...form, merchant: e.target.value })}>
                {merchants.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <TextField
            name="title"
            label={t('support.cannedTitle')}
            value={form.title}
            onValue={(title) => setForm({ ...form, title })}
            error={errors.title}
            maxLength={SUPPORT_CANNED_TITLE_MAX}
          />
          <div className={`field${errors.content ? ' has-error' : ''}`}>
            <label className="field__label" htmlFor={contentId}>
              {t('support.cannedText')}
            </label>
            <textarea
              id={contentId}
              className="field__input"
              rows={3}
              value={form.content}
              maxLength={SUPPORT_TEXT_MAX}
              aria-invalid={errors.content ? true : undefined}
              onChange={(e) => setForm({ ...form, content: e.target.value })}
              data-testid="field-canned-content"
            />
            {errors.content ? <p className="field__error">{errors.content}</p> : null}
          </div>
          <details>
            <summary>{t('support.cannedLanguages')}</summary>
            <div className="stack">
              {inboxLanguages.map((language) => (
                <TextField
                  key={language}
                  name={`translation-${language}`}
                  label={language}
                  value={form.translations[language] ?? ''}
                  onValue={(text) => setForm({ ...form, translations: { ...form.translations, [language]: text } })}
                  maxLength={SUPPORT_TEXT_MAX}
                />
              ))}
            </div>
          </details>
          {errors.translations || errors.merchant || errors.form ? (
            <p className="form-error" role="alert">
              {errors.translations ?? errors.merchant ?? errors.form}
            </p>
          ) : null}
          <div className="row-end">
            {editing !== null ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setEditing(null);
                  setForm(blank(form.merchant));
                }}
              >
                {t('support.cancel')}
              </Button>
            ) : null}
            <Button type="submit" busy={busy === 'save'} data-testid="canned-save">
              {t('support.save')}
            </Button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}
