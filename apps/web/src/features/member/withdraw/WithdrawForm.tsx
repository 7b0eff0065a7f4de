import type { Withdrawal, WithdrawInfo } from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/form.tsx';
import { newRequestId, requestWithdrawal } from '../money-api.ts';
import { type Fields, fieldTexts, owedText, PaymentPasswordField, useAmountParser, useFieldErrors, useMoney } from '../money-kit.tsx';
import { accountText } from './account-text.ts';
import { SelectField } from './SelectField.tsx';

/** The withdrawal request: a bound account, an amount within the limits and the balance, and the payment password. */
export function WithdrawForm({ info, onDone }: { info: WithdrawInfo; onDone: (w: Withdrawal) => void }) {
  const { t } = useTranslation();
  const money = useMoney(info.currency);
  const readAmount = useAmountParser(info.currency);
  const [accountId, setAccountId] = useState(String(info.accounts[0]?.id ?? ''));
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  // One id per request: a retry after a lost answer cannot withdraw twice; a new one only after success.
  const [requestId, setRequestId] = useState(newRequestId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Fields = {};
    const parsed = readAmount(amount);
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
      // An agent owing its downlines salary or dividend: the amount owed, in money.
      const owed = owedText(t, err, money);
      if (owed) e.amount = owed;
      setErrors(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form money-form" onSubmit={submit} noValidate onChange={clearOnEdit} data-testid="withdraw-form">
      <SelectField
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
