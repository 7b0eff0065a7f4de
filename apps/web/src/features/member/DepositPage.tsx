import type { Deposit, DepositChannel } from '@platform/contract';
import QRCode from 'qrcode';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { DateText } from '../../ui/DateText.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { TextField, useCountdown } from '../../ui/form.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { amountPresets } from './amount.ts';
import { createDeposit, depositChannels, depositList, depositOf, newRequestId } from './money-api.ts';
import { fieldTexts, RecordTable, StatusBadge, useAmountParser, useFieldErrors, useLoad, useMoney } from './money-kit.tsx';

/** How often a pending deposit's state is asked again while it is on screen. */
const pollMs = 2500;

function PixQr({ code, alt }: { code: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(code, { width: 180, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => live && setSrc(url),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [code]);
  return src ? (
    <img className="deposit-qr" src={src} width={180} height={180} alt={alt} data-testid="deposit-qr" />
  ) : (
    <span className="deposit-qr skeleton" />
  );
}

/** A deposit being paid: the PIX code and QR (or the phone the request went to), the provider's page, live status. */
function DepositCard({ initial, onBack, onSettled }: { initial: Deposit; onBack: () => void; onSettled: () => void }) {
  const { t } = useTranslation();
  const [deposit, setDeposit] = useState(initial);
  const [copied, setCopied] = useState(false);
  const money = useMoney(deposit.currency);
  const pending = deposit.status === 'pending';
  const left = useCountdown(pending ? deposit.expiresAt : null);

  useEffect(() => {
    if (!pending) return;
    let live = true;
    const timer = setInterval(() => {
      depositOf(deposit.reference).then(
        (d) => {
          if (!live) return;
          setDeposit(d);
          if (d.status !== 'pending') onSettled();
        },
        () => undefined,
      );
    }, pollMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [pending, deposit.reference, onSettled]);

  const copy = async () => {
    await navigator.clipboard?.writeText(deposit.payCode).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  const isPix = deposit.method === 'pix';
  const mm = String(Math.floor(left / 60)).padStart(2, '0');
  const ss = String(left % 60).padStart(2, '0');

  return (
    <div className="deposit-card" data-testid="deposit-card" data-reference={deposit.reference}>
      <div className="deposit-card__head">
        <strong>{money(deposit.amount)}</strong>
        <StatusBadge status={deposit.status} text={t(`deposit.status.${deposit.status}`)} />
      </div>
      <p className="money-muted">
        {t('deposit.reference')}: <span data-testid="deposit-reference">{deposit.reference}</span> · {t('deposit.fee')}:{' '}
        {money(deposit.fee)}
        {/* A declined or expired deposit credits nothing. */}
        {pending || deposit.status === 'approved' ? ` · ${t('deposit.credited')}: ${money(deposit.credited)}` : null}
      </p>
      {pending ? (
        <>
          <p className="deposit-card__timer" aria-live="off">
            {t('deposit.expiresIn', { time: `${mm}:${ss}` })}
          </p>
          {isPix ? (
            <div className="deposit-pix">
              <PixQr code={deposit.payCode} alt={t('deposit.qrAlt')} />
              <div className="deposit-pix__code">
                <label className="field__label" htmlFor="pix-code">
                  {t('deposit.pixCode')}
                </label>
                <textarea
                  id="pix-code"
                  className="field__input deposit-pix__text"
                  readOnly
                  rows={4}
                  value={deposit.payCode}
                  data-testid="pix-code"
                />
                <Button variant="outline" size="sm" onClick={() => void copy()} data-testid="pix-copy">
                  {copied ? t('deposit.copied') : t('deposit.copy')}
                </Button>
              </div>
            </div>
          ) : (
            <p data-testid="mobile-push">{t('deposit.pushSent', { number: deposit.payCode })}</p>
          )}
          <p>
            <a
              className="btn btn--accent btn--md money-pay-link"
              href={deposit.payUrl}
              target="_blank"
              rel="noopener"
              data-testid="deposit-pay-link"
            >
              {isPix ? t('deposit.openPayPage') : t('deposit.openPhonePage')}
            </a>
          </p>
          <p className="money-muted">{t('deposit.waiting')}</p>
        </>
      ) : (
        <p role="status" data-testid="deposit-outcome">
          {t(`deposit.outcome.${deposit.status}`)}
        </p>
      )}
      <Button variant="ghost" size="sm" onClick={onBack} data-testid="deposit-back">
        {t('deposit.newDeposit')}
      </Button>
    </div>
  );
}

function DepositForm({ channels, onCreated }: { channels: DepositChannel[]; onCreated: (d: Deposit) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(channels[0]?.code ?? '');
  const [amount, setAmount] = useState('');
  const [mobile, setMobile] = useState('');
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  // One id per intended deposit: a retry after a lost answer returns the same deposit.
  const [requestId, setRequestId] = useState(newRequestId);
  const channel = channels.find((c) => c.code === code) ?? channels[0];
  const money = useMoney(channel?.currency);
  const readAmount = useAmountParser(channel?.currency);
  if (!channel) return <EmptyState title={t('deposit.noChannels')} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = readAmount(amount);
    if ('problem' in parsed) return setErrors({ amount: t(parsed.problem as 'validation.required') });
    if (parsed.amount < channel.min) return setErrors({ amount: t('validation.amount_below_min', { min: money(channel.min) }) });
    if (parsed.amount > channel.max) return setErrors({ amount: t('validation.amount_above_max', { max: money(channel.max) }) });
    setErrors({});
    setBusy(true);
    try {
      const d = await createDeposit({ channel: channel.code, amount: parsed.amount, mobileNum: mobile.trim() || undefined, requestId });
      setRequestId(newRequestId());
      onCreated(d);
    } catch (err) {
      setErrors(fieldTexts(t, err, 'amount'));
    } finally {
      setBusy(false);
    }
  };
  const fee = channel.feeFixed > 0 || channel.feePercent > 0;
  return (
    <form className="form money-form" onSubmit={submit} noValidate onChange={clearOnEdit} data-testid="deposit-form">
      <fieldset className="money-choice" aria-label={t('deposit.channel')}>
        {channels.map((c) => (
          <button
            key={c.code}
            type="button"
            aria-pressed={c.code === channel.code}
            className={`money-choice__item${c.code === channel.code ? ' is-active' : ''}`}
            onClick={() => {
              setCode(c.code);
              setRequestId(newRequestId());
            }}
            data-testid={`channel-${c.code}`}
          >
            {c.name}
          </button>
        ))}
      </fieldset>
      {errors.channel ? <p className="field__error">{errors.channel}</p> : null}
      <dl className="money-facts">
        <dt>{t('deposit.limits')}</dt>
        <dd data-testid="channel-limits">
          {money(channel.min)} – {money(channel.max)}
        </dd>
        <dt>{t('deposit.fee')}</dt>
        <dd>
          {fee
            ? [channel.feeFixed > 0 ? money(channel.feeFixed) : null, channel.feePercent > 0 ? `${channel.feePercent}%` : null]
                .filter(Boolean)
                .join(' + ')
            : t('deposit.noFee')}
        </dd>
      </dl>
      <p className="money-instructions" data-testid="channel-instructions">
        {channel.instructions}
      </p>
      <fieldset className="money-presets" aria-label={t('deposit.presets')}>
        {amountPresets(channel.min, channel.max).map((a) => (
          <button
            key={a}
            type="button"
            className={`chip-btn${amount === String(a) ? ' is-active' : ''}`}
            onClick={() => setAmount(String(a))}
            data-testid={`preset-${a}`}
          >
            {money(a)}
          </button>
        ))}
      </fieldset>
      <TextField
        name="amount"
        label={t('deposit.amount')}
        value={amount}
        onValue={setAmount}
        error={errors.amount}
        inputMode="decimal"
        required
        autoComplete="off"
      />
      {channel.needsMobile ? (
        <TextField
          name="mobileNum"
          label={t('deposit.mobile')}
          value={mobile}
          onValue={(v) => setMobile(v.replace(/[^\d+]/g, ''))}
          error={errors.mobileNum}
          type="tel"
          inputMode="tel"
          placeholder={t('deposit.mobileHint')}
          maxLength={20}
        />
      ) : null}
      <Button type="submit" variant="primary" busy={busy} data-testid="deposit-submit">
        {t('deposit.submit')}
      </Button>
    </form>
  );
}

function DepositList({
  version,
  onOpen,
  channelName,
}: {
  version: number;
  onOpen: (d: Deposit) => void;
  channelName: (code: string) => string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { value, error } = useLoad(() => depositList(page), [page, version]);
  const money = useMoney(value?.content[0]?.currency);
  if (error) return <p className="form-error">{error}</p>;
  if (!value) return <Loader label={t('common.loading')} />;
  return (
    <section className="money-section" data-testid="deposit-list">
      <h4>{t('deposit.history')}</h4>
      <RecordTable
        rows={value.content}
        rowKey={(d) => d.reference}
        rowAttributes={(d) => ({ 'data-reference': d.reference })}
        page={page}
        pageCount={value.totalPages}
        onPage={setPage}
        columns={[
          {
            head: t('records.time'),
            cellClassName: 'money-table__stack',
            cell: (d) => (
              <>
                <span>
                  <DateText value={d.createdAt} pattern="yyyy-MM-dd" />
                </span>
                <span className="money-muted">
                  <DateText value={d.createdAt} pattern="HH:mm:ss" />
                </span>
              </>
            ),
          },
          {
            head: t('deposit.channel'),
            // Stacked lines in a table cell (a flex cell leaves the row, pushing the amount off a phone's width).
            cellClassName: 'money-table__stack money-table__wrap',
            cell: (d) => (
              <>
                <span>{channelName(d.channel)}</span>
                <span>
                  <button
                    type="button"
                    className="link-btn money-ref"
                    onClick={() => onOpen(d)}
                    aria-label={`${t('deposit.reference')} ${d.reference}`}
                  >
                    {d.reference}
                  </button>
                </span>
              </>
            ),
          },
          { head: t('deposit.amount'), className: 'num', cell: (d) => money(d.amount) },
          { head: t('records.status'), cell: (d) => <StatusBadge status={d.status} text={t(`deposit.status.${d.status}`)} /> },
        ]}
      />
    </section>
  );
}

/** depositv2: pick a channel and an amount, pay through the provider, watch the deposit until it ends. */
export function DepositPage() {
  const { t } = useTranslation();
  const { value: channels, error } = useLoad(depositChannels, []);
  const [open, setOpen] = useState<Deposit | null>(null);
  const [version, setVersion] = useState(0);
  const settled = useCallback(() => setVersion((v) => v + 1), []);
  if (error) return <p className="form-error">{error}</p>;
  if (!channels) return <Loader label={t('common.loading')} />;
  return (
    <div className="money-page" data-testid="deposit-page">
      <h3>{t('deposit.title')}</h3>
      {open ? (
        <DepositCard
          key={open.reference}
          initial={open}
          onSettled={settled}
          onBack={() => {
            setOpen(null);
            setVersion((v) => v + 1);
          }}
        />
      ) : (
        <DepositForm
          channels={channels}
          onCreated={(d) => {
            setOpen(d);
            setVersion((v) => v + 1);
          }}
        />
      )}
      <DepositList
        version={version}
        channelName={(code) => channels.find((c) => c.code === code)?.name ?? code}
        onOpen={(d) => {
          // Lists leave out the QR: the full deposit is read again.
          depositOf(d.reference).then(setOpen, () => setOpen(d));
        }}
      />
    </div>
  );
}
