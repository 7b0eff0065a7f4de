import { type DownlineType, maxPromoLinks, type PromoLink } from '@platform/contract';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { DateText } from '../../ui/DateText.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { TextField } from '../../ui/form.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { fieldTexts, StatusBadge, useFieldErrors, useLoad } from '../member/money-kit.tsx';
import { PrizeGroupField } from './AccountRegistration.tsx';
import { createPromoLink, promoLinks, promoLinkUrl, switchPromoLink } from './agent-api.ts';
import { CopyButton } from './CopyButton.tsx';
import { readPrizeGroup } from './contract-terms.ts';
import { useAgentLabels } from './labels.ts';
import { TypeChoice } from './TypeChoice.tsx';

/** Promotion links: make one (player or agent, prize group, days valid), share its address or QR code, switch it off. */
export function PromoLinks({ ownGroup }: { ownGroup: number }) {
  const { t } = useTranslation();
  const { value: links, error, reload } = useLoad(promoLinks, []);
  return (
    <div className="agent-links">
      <PromoLinkForm ownGroup={ownGroup} onCreated={reload} full={(links?.length ?? 0) >= maxPromoLinks} />
      {error ? <p className="form-error">{error}</p> : null}
      {!links ? (
        error ? null : (
          <Loader label={t('common.loading')} />
        )
      ) : links.length === 0 ? (
        <EmptyState title={t('agent.links.empty')} />
      ) : (
        <ul className="money-rows" data-testid="promo-links">
          {links.map((link) => (
            <PromoLinkRow key={link.id} link={link} onChanged={reload} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PromoLinkForm({ ownGroup, onCreated, full }: { ownGroup: number; onCreated: () => void; full: boolean }) {
  const { t } = useTranslation();
  const [type, setType] = useState<DownlineType>('player');
  const [group, setGroup] = useState(String(ownGroup));
  const [days, setDays] = useState('');
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const read = readPrizeGroup(group, ownGroup);
    if ('problem' in read) found.prizeGroup = t(read.problem as 'validation.required');
    const dayText = days.trim();
    if (dayText && (!/^\d+$/.test(dayText) || Number(dayText) < 1 || Number(dayText) > 3650)) found.validDays = t('agent.links.daysRange');
    setErrors(found);
    if (Object.keys(found).length > 0 || !('value' in read)) return;
    setBusy(true);
    try {
      await createPromoLink({ type, prizeGroup: read.value, ...(dayText ? { validDays: Number(dayText) } : {}) });
      onCreated();
    } catch (err) {
      setErrors(fieldTexts(t, err, 'prizeGroup'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form money-form" onSubmit={submit} onChange={clearOnEdit} noValidate data-testid="promo-link-form">
      <TypeChoice value={type} onValue={setType} name="link-type" />
      <PrizeGroupField value={group} onValue={setGroup} own={ownGroup} error={errors.prizeGroup} />
      <TextField
        name="validDays"
        label={t('agent.links.validDays')}
        value={days}
        onValue={setDays}
        error={errors.validDays}
        inputMode="numeric"
        maxLength={4}
        autoComplete="off"
        placeholder={t('agent.links.noExpiry')}
      />
      {full ? <p className="agent-warning">{t('error.agent_promo_link_limit')}</p> : null}
      <Button type="submit" variant="primary" busy={busy} disabled={full} data-testid="promo-link-submit">
        {t('agent.links.create')}
      </Button>
    </form>
  );
}

/** The link's QR code, drawn here (no third-party image service sees the link). */
function LinkQr({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { width: 120, margin: 1, errorCorrectionLevel: 'M' }).then(
      (data) => live && setSrc(data),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return src ? (
    <img className="agent-qr" src={src} width={120} height={120} alt={alt} data-testid="promo-link-qr" />
  ) : (
    <span className="agent-qr skeleton" />
  );
}

function PromoLinkRow({ link, onChanged }: { link: PromoLink; onChanged: () => void }) {
  const { t } = useTranslation();
  const labels = useAgentLabels();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const url = promoLinkUrl(window.location.origin, link.code);
  const status = link.valid ? 'valid' : link.enabled ? 'expired' : 'off';
  const toggle = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await switchPromoLink(link.id, !link.enabled);
      onChanged();
    } catch (err) {
      setProblem(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="money-rows__item agent-link" data-testid="promo-link" data-code={link.code}>
      <LinkQr url={url} alt={t('agent.links.qr', { code: link.code })} />
      <div className="agent-link__body">
        <div className="money-rows__line">
          <strong className="agent-secret">{link.code}</strong>
          <StatusBadge status={link.valid ? 'approved' : 'expired'} text={t(`agent.links.status.${status}`)} />
        </div>
        <p className="money-ref" data-testid="promo-link-url">
          {url}
        </p>
        <p className="money-muted">
          {labels.type(link.isAgent)} · {t('agent.prizeGroup')} {link.prizeGroup} ({labels.percent(link.rebateBp)}) ·{' '}
          {t('agent.links.registrations', { count: link.registrations })}
        </p>
        <p className="money-muted">
          {link.expiresAt ? (
            <>
              {t('agent.links.expires')} <DateText value={link.expiresAt} pattern="yyyy-MM-dd HH:mm" />
            </>
          ) : (
            t('agent.links.noExpiry')
          )}
        </p>
        <div className="agent-actions">
          <CopyButton text={url} testId="promo-link-copy" />
          <Button size="sm" variant="ghost" busy={busy} onClick={() => void toggle()} data-testid="promo-link-switch">
            {link.enabled ? t('agent.links.switchOff') : t('agent.links.switchOn')}
          </Button>
        </div>
        {problem ? (
          <p className="form-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </li>
  );
}
