import type { TeamMember } from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/form.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { newRequestId, transferUpline, walletBalance } from '../member/money-api.ts';
import {
  Figures,
  fieldTexts,
  owedText,
  PaymentPasswordField,
  useAmountParser,
  useFieldErrors,
  useLoad,
  useMoney,
} from '../member/money-kit.tsx';

/**
 * Money from the agent's main wallet to a direct downline, with the payment password: the upline
 * transfer of the wallet (the merchant must allow it; the server checks the downline and the balance).
 */
export function TransferDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const { value: balance, error } = useLoad(walletBalance, [version]);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  // Kept while the same transfer is retried, so a lost answer cannot send it twice.
  const [requestId, setRequestId] = useState(newRequestId);
  const money = useMoney(balance?.currency);
  const readAmount = useAmountParser(balance?.currency);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!balance) return;
    const found: Record<string, string> = {};
    const parsed = readAmount(amount);
    if ('problem' in parsed) found.amount = t(parsed.problem as 'validation.required');
    else if (parsed.amount > balance.main) found.amount = t('error.insufficient_funds');
    if (!password) found.paymentPassword = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0 || 'problem' in parsed) return;
    setBusy(true);
    try {
      const answer = await transferUpline({ account: member.account, amount: parsed.amount, paymentPassword: password, requestId });
      setRequestId(newRequestId());
      setSent(answer.amount);
      setAmount('');
      setPassword('');
      setVersion((v) => v + 1);
    } catch (err) {
      // Refused while the agent owes its downlines: the amount owed in money.
      const owed = owedText(t, err, money);
      setErrors(owed ? { amount: owed } : fieldTexts(t, err, 'amount'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('agent.team.transferTo', { account: member.account })}
      closeLabel={t('common.close')}
      testId="transfer-dialog"
      size="sm"
    >
      {error ? <p className="form-error">{error}</p> : null}
      {!balance ? (
        error ? null : (
          <Loader label={t('common.loading')} />
        )
      ) : (
        <form className="form money-page" onSubmit={submit} onChange={clearOnEdit} noValidate data-testid="transfer-form">
          <Figures items={[{ label: t('wallet.main'), value: money(balance.main), testId: 'transfer-main' }]} />
          {sent !== null ? (
            <p className="agent-success" role="status" data-testid="transfer-sent">
              {t('wallet.uplineSent', { amount: money(sent), account: member.account })}
            </p>
          ) : null}
          <TextField
            name="amount"
            label={t('wallet.amount')}
            value={amount}
            onValue={setAmount}
            error={errors.amount ?? errors.account}
            inputMode="decimal"
            required
            autoComplete="off"
          />
          <PaymentPasswordField value={password} onValue={setPassword} error={errors.paymentPassword} />
          <Button type="submit" variant="primary" busy={busy} data-testid="transfer-submit">
            {t('wallet.transfer')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
