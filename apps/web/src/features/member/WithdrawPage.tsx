import { pixKeyTypes, type Withdrawal, type WithdrawalAccount, type WithdrawInfo } from '@platform/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { DateText } from '../../ui/DateText.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SendCodeButton, TextField } from '../../ui/form.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import {
  bindAccount,
  confirmWithdrawal,
  newRequestId,
  removeAccount,
  requestWithdrawal,
  sendAccountCode,
  setPaymentPassword,
  uploadProof,
  withdrawalList,
  withdrawInfo,
} from './money-api.ts';
import {
  type Fields,
  Figures,
  fieldTexts,
  PaymentPasswordField,
  parseAmount,
  StatusBadge,
  useFieldErrors,
  useLoad,
  useMoney,
} from './money-kit.tsx';
import { usePagerLabels } from './use-pager-labels.ts';

const mobileBrands = ['orange', 'wave', 'mtn', 'moov', 'free'] as const;
/** How often a list with withdrawals under review is read again. */
const reviewPollMs = 5000;

function Select({
  name,
  label,
  value,
  onValue,
  options,
  error,
}: {
  name: string;
  label: string;
  value: string;
  onValue: (v: string) => void;
  options: { value: string; label: string }[];
  error?: string | null;
}) {
  return (
    <div className={`field${error ? ' has-error' : ''}`} data-field={name}>
      <label className="field__label">
        {label}
        <select className="field__input" name={name} value={value} onChange={(e) => onValue(e.target.value)} data-testid={`field-${name}`}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <p className="field__error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Sets the 6-digit payment password, or changes it with the old one. */
function PaymentPasswordForm({ hasOne, onDone }: { hasOne: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Fields = {};
    if (hasOne && !old) found.oldPaymentPassword = t('validation.required');
    if (!/^\d{6}$/.test(next)) found.newPaymentPassword = t('validation.payment_password_format');
    if (confirm !== next) found.confirmPaymentPassword = t('validation.confirm_mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await setPaymentPassword({ oldPaymentPassword: hasOne ? old : undefined, newPaymentPassword: next, confirmPaymentPassword: confirm });
      await dialog({ message: t('withdraw.paymentPasswordSaved'), timeoutMs: 2500, closeOnCover: true });
      onDone();
    } catch (err) {
      setErrors(fieldTexts(t, err, hasOne ? 'oldPaymentPassword' : 'newPaymentPassword'));
    } finally {
      setBusy(false);
    }
  };
  const pin = { type: 'password', inputMode: 'numeric', maxLength: 6, autoComplete: 'off', required: true } as const;
  return (
    <form
      className="form money-form money-form--inset"
      onSubmit={submit}
      noValidate
      onChange={clearOnEdit}
      data-testid="payment-password-form"
    >
      {hasOne ? (
        <TextField
          name="oldPaymentPassword"
          label={t('withdraw.oldPaymentPassword')}
          value={old}
          onValue={setOld}
          error={errors.oldPaymentPassword}
          {...pin}
        />
      ) : null}
      <TextField
        name="newPaymentPassword"
        label={t('withdraw.newPaymentPassword')}
        value={next}
        onValue={setNext}
        error={errors.newPaymentPassword}
        {...pin}
      />
      <TextField
        name="confirmPaymentPassword"
        label={t('withdraw.confirmPaymentPassword')}
        value={confirm}
        onValue={setConfirm}
        error={errors.confirmPaymentPassword}
        {...pin}
      />
      <Button type="submit" variant="primary" busy={busy} data-testid="payment-password-submit">
        {t('security.save')}
      </Button>
    </form>
  );
}

/** Binds a withdrawal account (PIX key, bank account or mobile-money number) with a code sent to the member's own phone. */
function BindAccountForm({ kinds, onDone }: { kinds: WithdrawInfo['accountKinds']; onDone: () => void }) {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const [kind, setKind] = useState<string>(kinds[0] ?? 'bank');
  const [institution, setInstitution] = useState('');
  const [holderName, setHolderName] = useState('');
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const chosen = institution || (kind === 'pix' ? 'cpf' : kind === 'mobile_money' ? 'orange' : '');

  const send = async () => {
    try {
      const sent = await sendAccountCode();
      return Date.now() + sent.expiredMinutes * 60_000;
    } catch (err) {
      void dialog({ kind: 'warning', message: errorText(t, err) });
      return null;
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Fields = {};
    if (holderName.trim().length < 2) found.holderName = t(holderName.trim() ? 'validation.too_small' : 'validation.required');
    if (!chosen.trim()) found.institution = t('validation.required');
    if (!number.trim()) found.number = t('validation.required');
    if (!code.trim()) found.verificationCode = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await bindAccount({
        kind,
        holderName: holderName.trim(),
        institution: chosen.trim(),
        number: number.trim(),
        verificationCode: code.trim(),
      });
      onDone();
    } catch (err) {
      const fallback = err instanceof ApiError && err.code === 'APP_ERR_VERIFICATION_CODE_INVALID' ? 'verificationCode' : 'number';
      setErrors(fieldTexts(t, err, fallback));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form money-form money-form--inset" onSubmit={submit} noValidate onChange={clearOnEdit} data-testid="bind-account-form">
      <Select
        name="kind"
        label={t('withdraw.accountKind')}
        value={kind}
        onValue={(v) => {
          setKind(v);
          setInstitution('');
        }}
        options={kinds.map((k) => ({ value: k, label: t(`withdraw.kinds.${k}`) }))}
        error={errors.kind}
      />
      {kind === 'pix' ? (
        <Select
          name="institution"
          label={t('withdraw.pixKeyType')}
          value={chosen}
          onValue={setInstitution}
          options={pixKeyTypes.map((p) => ({ value: p, label: t(`withdraw.pixTypes.${p}`) }))}
          error={errors.institution}
        />
      ) : kind === 'mobile_money' ? (
        <Select
          name="institution"
          label={t('withdraw.operator')}
          value={chosen}
          onValue={setInstitution}
          options={mobileBrands.map((b) => ({ value: b, label: t(`withdraw.brands.${b}`) }))}
          error={errors.institution}
        />
      ) : (
        <TextField
          name="institution"
          label={t('withdraw.bankName')}
          value={institution}
          onValue={setInstitution}
          error={errors.institution}
          required
          maxLength={40}
        />
      )}
      <TextField
        name="holderName"
        label={t('withdraw.holderName')}
        value={holderName}
        onValue={setHolderName}
        error={errors.holderName}
        required
        maxLength={60}
      />
      <TextField
        name="number"
        label={kind === 'pix' ? t('withdraw.pixKey') : kind === 'mobile_money' ? t('withdraw.mobileNumber') : t('withdraw.bankAccount')}
        value={number}
        onValue={setNumber}
        error={errors.number}
        required
        maxLength={80}
        autoComplete="off"
      />
      <TextField
        name="verificationCode"
        label={t('withdraw.code')}
        value={code}
        onValue={setCode}
        error={errors.verificationCode}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={255}
        trailing={
          <SendCodeButton onSend={send} label={t('auth.sendCode')} countdownLabel={(s) => t('auth.sentCountdown', { seconds: s })} />
        }
      />
      <p className="money-muted">{t('withdraw.codeHint')}</p>
      <Button type="submit" variant="primary" busy={busy} data-testid="bind-account-submit">
        {t('withdraw.bindAccount')}
      </Button>
    </form>
  );
}

/** How a bound account reads in lists: its kind (already translated), institution, masked number and holder. */
const accountText = (kind: string, a: WithdrawalAccount) => `${kind} · ${a.institution.toUpperCase()} · ${a.number} · ${a.holderName}`;

function WithdrawForm({ info, onDone }: { info: WithdrawInfo; onDone: (w: Withdrawal) => void }) {
  const { t } = useTranslation();
  const money = useMoney(info.currency);
  const [accountId, setAccountId] = useState(String(info.accounts[0]?.id ?? ''));
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Fields = {};
    const parsed = parseAmount(amount);
    if ('problem' in parsed) found.amount = t(parsed.problem as 'validation.required');
    else if (parsed.amount < info.min) found.amount = t('validation.amount_below_min', { min: money(info.min) });
    else if (parsed.amount > info.max) found.amount = t('validation.amount_above_max', { max: money(info.max) });
    else if (parsed.amount > info.balance) found.amount = t('error.insufficient_funds');
    if (!password) found.paymentPassword = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0 || 'problem' in parsed) return;
    setBusy(true);
    try {
      const w = await requestWithdrawal({ accountId: Number(accountId), amount: parsed.amount, paymentPassword: password, requestId });
      setRequestId(newRequestId());
      setAmount('');
      setPassword('');
      onDone(w);
    } catch (err) {
      const e = fieldTexts(t, err, 'amount');
      // The turnover message names what is still to be wagered, in money.
      if (err instanceof ApiError && err.code === 'APP_ERR_WALLET_TURNOVER_NOT_MET') {
        e.amount = t('error.turnover_not_met', { remaining: money(Number(err.fields[0]?.params?.remaining ?? info.turnover.remaining)) });
      }
      setErrors(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form money-form" onSubmit={submit} noValidate onChange={clearOnEdit} data-testid="withdraw-form">
      <Select
        name="accountId"
        label={t('withdraw.toAccount')}
        value={accountId}
        onValue={setAccountId}
        options={info.accounts.map((a) => ({ value: String(a.id), label: accountText(t(`withdraw.kinds.${a.kind}`), a) }))}
        error={errors.accountId}
      />
      <TextField
        name="amount"
        label={t('withdraw.amount')}
        value={amount}
        onValue={setAmount}
        error={errors.amount}
        inputMode="decimal"
        required
        autoComplete="off"
        trailing={
          <button
            type="button"
            className="btn btn--outline btn--md field__side"
            onClick={() => setAmount(String(Math.min(info.balance, info.max)))}
          >
            {t('withdraw.all')}
          </button>
        }
      />
      <PaymentPasswordField value={password} onValue={setPassword} error={errors.paymentPassword} />
      <Button type="submit" variant="primary" busy={busy} data-testid="withdraw-submit">
        {t('withdraw.submit')}
      </Button>
    </form>
  );
}

/** The spec's confirmation of a paid withdrawal: received, not received, or partly received with the amount and a proof image. */
function ConfirmForm({ w, onDone }: { w: Withdrawal; onDone: () => void }) {
  const { t } = useTranslation();
  const money = useMoney(w.currency);
  const [result, setResult] = useState<'received' | 'not_received' | 'partly_received'>('received');
  const [received, setReceived] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const parsed = parseAmount(received);
  const remaining = 'amount' in parsed && parsed.amount < w.amount ? w.amount - parsed.amount : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Fields = {};
    if (result === 'partly_received') {
      if ('problem' in parsed) found.receivedAmount = t(parsed.problem as 'validation.required');
      else if (parsed.amount >= w.amount)
        found.receivedAmount = t('validation.amount_above_max', { max: money((Math.round(w.amount * 100) - 1) / 100) });
      if (!file) found.proof = t('validation.required');
      else if (!/^image\/(png|jpeg)$/.test(file.type)) found.proof = t('validation.image_type');
      else if (file.size > 5 * 1024 * 1024) found.proof = t('validation.image_too_big', { max: 5 });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (result === 'partly_received' && file) await uploadProof(w.reference, file);
      await confirmWithdrawal(w.reference, {
        result,
        receivedAmount: result === 'partly_received' && 'amount' in parsed ? parsed.amount : undefined,
      });
      onDone();
    } catch (err) {
      setErrors(fieldTexts(t, err, 'result'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form money-form money-form--inset" onSubmit={submit} noValidate onChange={clearOnEdit} data-testid="confirm-form">
      <p className="money-muted">
        {t('withdraw.confirmAsk', { amount: money(w.amount) })}
        {w.confirmBy ? (
          <>
            {' '}
            {t('withdraw.confirmBy')} <DateText value={w.confirmBy} />
          </>
        ) : null}
      </p>
      <fieldset className="money-choice" aria-label={t('withdraw.confirmTitle')}>
        {(['received', 'not_received', 'partly_received'] as const).map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={result === r}
            className={`money-choice__item${result === r ? ' is-active' : ''}`}
            onClick={() => setResult(r)}
            data-testid={`confirm-${r}`}
          >
            {t(`withdraw.status.${r}`)}
          </button>
        ))}
      </fieldset>
      {result === 'partly_received' ? (
        <>
          <TextField
            name="receivedAmount"
            label={t('withdraw.receivedAmount')}
            value={received}
            onValue={setReceived}
            error={errors.receivedAmount}
            inputMode="decimal"
            required
          />
          <p className="money-muted" data-testid="remaining-amount">
            {t('withdraw.remainingAmount')}: {remaining === null ? '—' : money(remaining)}
          </p>
          <div className={`field${errors.proof ? ' has-error' : ''}`} data-field="proof">
            <label className="field__label">
              {t('withdraw.proof')}
              <input
                type="file"
                className="field__input"
                name="proof"
                accept="image/png,image/jpeg"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                data-testid="field-proof"
              />
            </label>
            {errors.proof ? (
              <p className="field__error" data-testid="error-proof">
                {errors.proof}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
      {errors.result ? <p className="field__error">{errors.result}</p> : null}
      <Button type="submit" variant="primary" busy={busy} data-testid="confirm-submit">
        {t('security.confirm')}
      </Button>
    </form>
  );
}

function WithdrawalList({ version, currency }: { version: number; currency: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<string | null>(null);
  const { value, error, reload } = useLoad(() => withdrawalList(page), [page, version]);
  const money = useMoney(currency);
  // Withdrawals under review change on the operator's side: look again now and then until they settle.
  const open = value?.content.some((w) => w.status === 'pending' || w.status === 'paying') ?? false;
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(reload, reviewPollMs);
    return () => clearInterval(timer);
  }, [open, reload]);
  const labels = usePagerLabels();
  if (error) return <p className="form-error">{error}</p>;
  if (!value) return <Loader label={t('common.loading')} />;
  return (
    <section className="money-section" data-testid="withdrawal-list">
      <h4>{t('withdraw.history')}</h4>
      {value.content.length === 0 ? (
        <EmptyState title={t('records.empty')} />
      ) : (
        <ul className="money-rows">
          {value.content.map((w) => (
            <li key={w.reference} className="money-rows__item" data-reference={w.reference}>
              <div className="money-rows__line">
                <span>
                  <strong>{money(w.amount)}</strong> → {w.account}
                </span>
                <StatusBadge status={w.status} text={t(`withdraw.status.${w.status}`)} />
              </div>
              <div className="money-rows__line money-muted">
                <span>
                  {w.reference} · <DateText value={w.createdAt} />
                </span>
                {w.status === 'paid' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setConfirming((c) => (c === w.reference ? null : w.reference))}
                    data-testid="confirm-open"
                  >
                    {t('withdraw.confirmTitle')}
                  </Button>
                ) : null}
              </div>
              {w.reason ? <p className="money-muted">{t('withdraw.reason', { reason: w.reason })}</p> : null}
              {w.receivedAmount !== null ? (
                <p className="money-muted">
                  {t('withdraw.receivedAmount')}: {money(w.receivedAmount)} · {t('withdraw.remainingAmount')}:{' '}
                  {money(w.remainingAmount ?? 0)}
                </p>
              ) : null}
              {w.autoConfirmed ? <p className="money-muted">{t('withdraw.autoConfirmed')}</p> : null}
              {confirming === w.reference ? (
                <ConfirmForm
                  w={w}
                  onDone={() => {
                    setConfirming(null);
                    reload();
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={value.totalPages} onChange={setPage} labels={labels} />
    </section>
  );
}

type Open = 'password' | 'bind' | null;

/** withdraw: limits and turnover, payment password, bound accounts, the request, and the list with its confirmation. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const [version, setVersion] = useState(0);
  const { value: info, error, reload } = useLoad(withdrawInfo, [version]);
  const [open, setOpen] = useState<Open>(null);
  const money = useMoney(info?.currency);
  const changed = () => {
    setOpen(null);
    setVersion((v) => v + 1);
  };
  if (error) return <p className="form-error">{error}</p>;
  if (!info) return <Loader label={t('common.loading')} />;
  const toggle = (what: Open) => setOpen((o) => (o === what ? null : what));
  const remove = async (a: WithdrawalAccount) => {
    if (!(await dialog({ message: t('withdraw.removeConfirm', { account: a.number }), cancelText: t('common.cancel') }))) return;
    await removeAccount(a.id).then(changed, (err: unknown) => dialog({ kind: 'warning', message: errorText(t, err) }));
  };
  const owed = info.turnover.remaining > 0;
  return (
    <div className="money-page" data-testid="withdraw-page">
      <h3>{t('withdraw.title')}</h3>
      <Figures
        items={[
          { label: t('withdraw.available'), value: money(info.balance), testId: 'withdraw-balance' },
          { label: t('withdraw.limits'), value: `${money(info.min)} – ${money(info.max)}` },
          { label: t('withdraw.todayCount'), value: `${info.usedCount} / ${info.dailyCount}`, testId: 'withdraw-count' },
          { label: t('withdraw.todayAmount'), value: `${money(info.usedAmount)} / ${money(info.dailyAmount)}` },
        ]}
      />
      <div className={`money-turnover${owed ? ' is-owed' : ''}`} data-testid="turnover">
        <strong>{t('withdraw.turnover')}</strong>{' '}
        {info.turnover.multiplier === 0
          ? t('withdraw.turnoverNone')
          : t('withdraw.turnoverText', {
              multiplier: info.turnover.multiplier,
              wagered: money(info.turnover.wagered),
              required: money(info.turnover.required),
            })}{' '}
        {owed ? (
          <span data-testid="turnover-remaining">{t('withdraw.turnoverRemaining', { remaining: money(info.turnover.remaining) })}</span>
        ) : null}
        <progress
          max={Math.max(info.turnover.required, 0.01)}
          value={Math.min(info.turnover.wagered, info.turnover.required)}
          aria-label={t('withdraw.turnover')}
        />
      </div>

      <section className="money-section">
        <div className="money-section__head">
          <h4>{t('withdraw.paymentPassword')}</h4>
          <span data-testid="payment-password-state">{info.hasPaymentPassword ? t('security.set') : t('security.notSet')}</span>
          <Button size="sm" variant="outline" onClick={() => toggle('password')} data-testid="payment-password-open">
            {info.hasPaymentPassword ? t('security.change') : t('withdraw.setPaymentPassword')}
          </Button>
        </div>
        {open === 'password' ? <PaymentPasswordForm hasOne={info.hasPaymentPassword} onDone={changed} /> : null}
      </section>

      <section className="money-section" data-testid="withdraw-accounts">
        <div className="money-section__head">
          <h4>{t('withdraw.accounts')}</h4>
          {info.accounts.length < 5 ? (
            <Button size="sm" variant="outline" onClick={() => toggle('bind')} data-testid="bind-account-open">
              {t('withdraw.bindAccount')}
            </Button>
          ) : null}
        </div>
        {info.accounts.length === 0 ? <p className="money-muted">{t('withdraw.noAccounts')}</p> : null}
        <ul className="money-rows">
          {info.accounts.map((a) => (
            <li key={a.id} className="money-rows__item money-rows__line" data-testid="withdraw-account">
              <span>{accountText(t(`withdraw.kinds.${a.kind}`), a)}</span>
              <Button size="sm" variant="ghost" onClick={() => void remove(a)}>
                {t('withdraw.remove')}
              </Button>
            </li>
          ))}
        </ul>
        {open === 'bind' ? <BindAccountForm kinds={info.accountKinds} onDone={changed} /> : null}
      </section>

      <section className="money-section">
        <h4>{t('withdraw.request')}</h4>
        {!info.hasPaymentPassword ? (
          <p className="money-muted">{t('withdraw.needPassword')}</p>
        ) : info.accounts.length === 0 ? (
          <p className="money-muted">{t('withdraw.needAccount')}</p>
        ) : (
          <WithdrawForm
            info={info}
            onDone={(w) => {
              void dialog({ message: t('withdraw.requested', { amount: money(w.amount) }), timeoutMs: 2500, closeOnCover: true });
              reload();
              setVersion((v) => v + 1);
            }}
          />
        )}
      </section>
      <WithdrawalList version={version} currency={info.currency} />
    </div>
  );
}
