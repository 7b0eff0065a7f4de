import { type DocumentKind, documentKinds, type Verification } from '@platform/contract';
import { type ChangeEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/error-text.ts';
import { Button } from '../../../ui/Button.tsx';
import { Loader } from '../../../ui/Loader.tsx';
import { type Fields, fieldTexts } from '../field-texts.ts';
import { myVerification, submitVerification, uploadDocument } from './verification-api.ts';
import './verification.css';

/** The verification's state as a badge (none, pending, approved, rejected). */
export function VerificationStatus({ status }: { status: Verification['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`kyc-status kyc-status--${status}`} data-testid="kyc-status" data-status={status}>
      {t(`kyc.status.${status}`)}
    </span>
  );
}

/**
 * Identity verification in the security centre: the player uploads the ID's two sides, a selfie and
 * optionally a proof of address, then sends them for review; the state and a refusal's reason are shown.
 */
export function VerificationPanel({ onChange }: { onChange?: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<Verification>();
  const [errors, setErrors] = useState<Fields>({});
  const [busy, setBusy] = useState<DocumentKind | 'send' | null>(null);
  const [loadError, setLoadError] = useState<string>();

  const load = useCallback(
    () =>
      myVerification().then(
        (v) => setState(v),
        (err) => setLoadError(errorText(t, err)),
      ),
    [t],
  );
  useEffect(() => {
    load();
  }, [load]);

  if (loadError)
    return (
      <p className="form-error" role="alert">
        {loadError}
      </p>
    );
  if (!state) return <Loader label={t('common.loading')} />;

  const editable = state.status === 'none' || state.status === 'rejected';
  const pick = async (kind: DocumentKind, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(kind);
    setErrors((e) => ({ ...e, [kind]: null, send: null }));
    try {
      await uploadDocument(kind, file);
      await load();
    } catch (err) {
      const fields = fieldTexts(t, err, 'image');
      setErrors((e) => ({ ...e, [kind]: fields.image ?? fields.kind ?? Object.values(fields)[0] ?? null }));
    } finally {
      setBusy(null);
    }
  };
  const send = async () => {
    setBusy('send');
    setErrors({});
    try {
      setState(await submitVerification());
      onChange?.();
    } catch (err) {
      setErrors(fieldTexts(t, err, 'send'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="rg-section kyc" data-testid="verification-panel">
      <h4>
        {t('kyc.title')} <VerificationStatus status={state.status} />
      </h4>
      {state.status === 'approved' ? <p data-testid="kyc-approved">{t('kyc.approvedText')}</p> : null}
      {state.status === 'pending' ? <p data-testid="kyc-pending">{t('kyc.pendingText')}</p> : null}
      {state.status === 'rejected' ? (
        <p className="kyc-note" role="status" data-testid="kyc-rejected">
          {t('kyc.rejectedText', { reason: state.reason ?? '' })}
        </p>
      ) : null}
      {editable ? (
        <>
          {state.requiredForWithdrawal ? <p className="kyc-note">{t('kyc.requiredForWithdrawal')}</p> : null}
          <p className="kyc-intro">
            {t('kyc.intro')} {t('kyc.formats')}
          </p>
          <ul className="kyc-documents">
            {documentKinds.map((kind) => {
              const doc = state.documents.find((d) => d.kind === kind);
              return (
                <li key={kind} className="kyc-document" data-testid={`kyc-document-${kind}`}>
                  <strong>{t(`kyc.kind.${kind}`)}</strong>
                  <span className={`kyc-document__state${doc ? ' kyc-document__state--done' : ''}`}>
                    {doc ? `✓ ${t('kyc.uploaded')} (${Math.max(1, Math.round(doc.size / 1024))} KB)` : t('kyc.missing')}
                  </span>
                  <label className="btn btn--outline btn--sm kyc-document__pick">
                    <input
                      type="file"
                      accept="image/png,image/jpeg"
                      data-testid={`kyc-file-${kind}`}
                      disabled={busy !== null}
                      onChange={(e) => pick(kind, e)}
                    />
                    {busy === kind ? t('common.loading') : doc ? t('kyc.replace') : t('kyc.choose')}
                  </label>
                  {errors[kind] ? (
                    <span className="form-error" role="alert" data-testid={`kyc-error-${kind}`}>
                      {errors[kind]}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {Object.entries(errors)
            .filter(([field, text]) => text && !documentKinds.includes(field as DocumentKind))
            .map(([field, text]) => (
              <p key={field} className="form-error" role="alert" data-testid="kyc-send-error">
                {text}
              </p>
            ))}
          <Button variant="primary" busy={busy === 'send'} disabled={busy !== null} onClick={send} data-testid="kyc-send">
            {t('kyc.send')}
          </Button>
        </>
      ) : null}
    </section>
  );
}
