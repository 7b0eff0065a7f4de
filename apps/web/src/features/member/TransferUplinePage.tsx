import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { newRequestId, transferUpline, walletBalance } from './money-api.ts';
import { Figures, fieldTexts, owedText, PaymentPasswordField, useAmountParser, useFieldErrors, useLoad, useMoney } from './money-kit.tsx';

/** transferUpline: money from the main wallet to the member's agent, or from an agent to a direct downline. */
export function TransferUplinePage() {
  const { t } = useTranslation();
  const session = useSession();
  const dialog = useGlobalDialog();
  const [version, setVersion] = useState(0);
  const { value: balance, error } = useLoad(walletBalance, [version]);
  const [account, setAccount] = useState(session?.info?.toUpline ?? '');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  // Kept while the same transfer is retried, so a lost answer cannot send it twice.
  const [requestId, setRequestId] = useState(newRequestId);
  const money = useMoney(balance?.currency);
  const readAmount = useAmountParser(balance?.currency);
  if (error) return <p className="form-error">{error}</p>;
  if (!balance) return <Loader label={t('common.loading')} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string | null> = {};
    const parsed = readAmount(amount);
    if (!account.trim()) found.account = t('validation.required');
    if ('problem' in parsed) found.amount = t(parsed.problem as 'validation.required');
    else if (parsed.amount > balance.main) found.amount = t('error.insufficient_funds');
    if (!password) found.paymentPassword = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0 || 'problem' in parsed) return;
    setBusy(true);
    try {
      const answer = await transferUpline({ account: account.trim(), amount: parsed.amount, paymentPassword: password, requestId });
      setRequestId(newRequestId());
      setAmount('');
      setPassword('');
      setVersion((v) => v + 1);
      void dialog({
        message: t('wallet.uplineSent', { amount: money(answer.amount), account: account.trim() }),
        timeoutMs: 2500,
        closeOnCover: true,
      });
    } catch (err) {
      const owed = owedText(t, err, money);
      setErrors(owed ? { amount: owed } : fieldTexts(t, err, 'account'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="money-page" data-testid="transfer-upline-page">
      <h3>{t('wallet.uplineTitle')}</h3>
      <Figures items={[{ label: t('wallet.main'), value: money(balance.main), testId: 'upline-main' }]} />
      <p className="money-muted">{t('wallet.uplineHint')}</p>
      <form className="form money-form" onSubmit={submit} onChange={clearOnEdit} noValidate data-testid="transfer-upline-form">
        <TextField
          name="account"
          label={t('wallet.receiver')}
          value={account}
          onValue={setAccount}
          error={errors.account}
          required
          maxLength={64}
        />
        <TextField
          name="amount"
          label={t('wallet.amount')}
          value={amount}
          onValue={setAmount}
          error={errors.amount}
          inputMode="decimal"
          required
          autoComplete="off"
        />
        <PaymentPasswordField value={password} onValue={setPassword} error={errors.paymentPassword} />
        <Button type="submit" variant="primary" busy={busy} data-testid="transfer-upline-submit">
          {t('wallet.transfer')}
        </Button>
      </form>
    </div>
  );
}
