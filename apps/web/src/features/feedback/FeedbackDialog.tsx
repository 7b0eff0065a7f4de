import { FEEDBACK_MAX_CHARS, FEEDBACK_MAX_IMAGE_MB, FEEDBACK_MAX_IMAGES, FEEDBACK_MAX_WORDS, FEEDBACK_MIN_WORDS } from '@platform/contract';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { requestLanguage } from '../../api/request-context.ts';
import { errorText } from '../../i18n/error-text.ts';
import { problemText } from '../../i18n/problem-text.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { IconClose } from '../../ui/icons.tsx';
import { sendFeedback } from './feedback-api.ts';
import { contentCounts, contentProblem, imagesProblem } from './feedback-form.ts';
import './feedback.css';

type Errors = { content?: string | null; images?: string | null; form?: string | null };
/** A chosen image with a key of its own (the same file may be chosen twice). */
type Chosen = { file: File; key: string };

/** A chosen image shown small, its object URL released when it goes. */
function Thumb({ file, n, onRemove }: { file: File; n: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <li className="feedback__thumb" data-testid="feedback-image">
      {src ? <img src={src} alt={t('feedback.image', { n })} width={72} height={72} /> : null}
      <button type="button" className="feedback__remove" aria-label={t('feedback.removeImage', { n })} onClick={onRemove}>
        <IconClose size={14} />
      </button>
    </li>
  );
}

/**
 * The side menu's feedback dialog (spec §5): a text of at most 140 characters within the word
 * bounds, checked here by the server's own rule and again by the server, and up to 3 png/jpg images
 * of 5 MB, sent together with PUT /wps/feedback. The answer comes later as a platform message.
 */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const id = useId();
  const [content, setContent] = useState('');
  const [images, setImages] = useState<Chosen[]>([]);
  const [tried, setTried] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const language = requestLanguage();
  const counts = contentCounts(content, language);
  // Once a send was tried, the text's problem follows the typing.
  const contentError = (tried ? problemText(t, contentProblem(content, language)) : null) ?? errors.content ?? null;
  const bounds = { min: FEEDBACK_MIN_WORDS, max: FEEDBACK_MAX_WORDS, chars: FEEDBACK_MAX_CHARS };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    if (picked.length === 0) return;
    const problem = imagesProblem(
      images.map((i) => i.file),
      picked,
    );
    setErrors((e) => ({ ...e, images: problemText(t, problem), form: null }));
    if (!problem) setImages((old) => [...old, ...picked.map((file) => ({ file, key: crypto.randomUUID() }))]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    if (contentProblem(content, language)) return;
    setBusy(true);
    setErrors({});
    try {
      await sendFeedback(
        content.trim(),
        images.map((i) => i.file),
      );
      setContent('');
      setImages([]);
      setTried(false);
      onClose();
      await dialog({ kind: 'info', title: t('feedback.sentTitle'), message: t('feedback.sent') });
    } catch (err) {
      const next: Errors = {};
      if (err instanceof ApiError && err.fields.length > 0) {
        for (const f of err.fields) {
          const text = problemText(t, { key: f.message, params: { ...bounds, ...f.params } });
          if (f.field === 'content' || f.field === 'images') next[f.field] = text;
          else next.form = text;
        }
      } else next.form = errorText(t, err);
      setErrors(next);
    } finally {
      setBusy(false);
    }
  };

  const over = counts.chars > FEEDBACK_MAX_CHARS || counts.words > FEEDBACK_MAX_WORDS;
  return (
    <Dialog open={open} onClose={onClose} title={t('feedback.title')} closeLabel={t('common.close')} size="sm" testId="feedback-dialog">
      <form className="form feedback" onSubmit={submit} noValidate data-testid="feedback-form">
        <p className="feedback__intro">{t('feedback.intro')}</p>
        <div className={`field${contentError ? ' has-error' : ''}`} data-field="content">
          <label className="field__label" htmlFor={`${id}-content`}>
            {t('feedback.content')}
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <textarea
            id={`${id}-content`}
            className="field__input feedback__text"
            rows={4}
            value={content}
            placeholder={t('feedback.placeholder')}
            aria-required
            aria-invalid={contentError ? true : undefined}
            aria-describedby={`${id}-rules${contentError ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              setContent(e.target.value);
              setErrors((old) => ({ ...old, content: null }));
            }}
            data-testid="field-content"
          />
          <p id={`${id}-rules`} className="feedback__rules">
            <span>{t('feedback.rules', bounds)}</span>
            <span className={`feedback__count${over ? ' is-over' : ''}`} data-testid="feedback-count" aria-live="polite">
              {t('feedback.characters', { count: counts.chars, max: FEEDBACK_MAX_CHARS })} · {t('feedback.words', { count: counts.words })}
            </span>
          </p>
          {contentError ? (
            <p id={`${id}-error`} className="field__error" data-testid="error-content">
              {contentError}
            </p>
          ) : null}
        </div>
        <div className={`field${errors.images ? ' has-error' : ''}`} data-field="images">
          <span className="field__label">{t('feedback.images')}</span>
          <p className="feedback__rules">{t('feedback.imagesHint', { max: FEEDBACK_MAX_IMAGES, mb: FEEDBACK_MAX_IMAGE_MB })}</p>
          <ul className="feedback__thumbs">
            {images.map((image, i) => (
              <Thumb
                key={image.key}
                file={image.file}
                n={i + 1}
                onRemove={() => {
                  setImages((old) => old.filter((o) => o.key !== image.key));
                  setErrors((e) => ({ ...e, images: null }));
                }}
              />
            ))}
            {images.length < FEEDBACK_MAX_IMAGES ? (
              <li>
                <label className="feedback__add">
                  <input
                    type="file"
                    accept="image/png,image/jpeg"
                    multiple
                    className="sr-only"
                    disabled={busy}
                    onChange={pick}
                    data-testid="feedback-file"
                  />
                  <span aria-hidden="true" className="feedback__plus">
                    +
                  </span>
                  <span className="feedback__add-label">{t('feedback.addImage')}</span>
                </label>
              </li>
            ) : null}
          </ul>
          {errors.images ? (
            <p className="field__error" role="alert" data-testid="error-images">
              {errors.images}
            </p>
          ) : null}
        </div>
        {errors.form ? (
          <p className="form-error" role="alert" data-testid="feedback-form-error">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" busy={busy} data-testid="feedback-submit">
          {t('feedback.send')}
        </Button>
      </form>
    </Dialog>
  );
}
