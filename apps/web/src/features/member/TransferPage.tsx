import type { WalletBalance } from '@platform/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { TextField } from '../../ui/form.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { transferFund, walletBalance } from './money-api.ts';
import { Figures, fieldTexts, useAmountParser, useFieldErrors, useLoad, useMoney } from './money-kit.tsx';

/** transferFund: the main wallet to and from each transfer-wallet vendor (all in, all out, or an amount). */
export function TransferPage() {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const { value: loaded, error } = useLoad(walletBalance, []);
  const [balance, setBalance] = useState<WalletBalance | null>(null);
  const [vendor, setVendor] = useState('');
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [amount, setAmount] = useState('');
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    if (loaded) setBalance(loaded);
  }, [loaded]);
  const money = useMoney(balance?.currency);
  const readAmount = useAmountParser(balance?.currency);
  if (error) return <p className="form-error">{error}</p>;
  if (!balance) return <Loader label={t('common.loading')} />;
  const target = vendor || balance.wallets[0]?.vendor || '';

  const move = async (key: string, body: Parameters<typeof transferFund>[0]) => {
    setBusy(key);
    setErrors({});
    try {
      const answer = await transferFund(body);
      setBalance(answer.balance);
      setAmount('');
    } catch (err) {
      if (key === 'amount') setErrors(fieldTexts(t, err, 'amount'));
      else void dialog({ kind: 'warning', message: errorText(t, err) });
    } finally {
      setBusy(null);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = readAmount(amount);
    if ('problem' in parsed) return setErrors({ amount: t(parsed.problem as 'validation.required') });
    void move('amount', { vendor: target, direction, amount: parsed.amount });
  };

  return (
    <div className="money-page" data-testid="transfer-page">
      <h3>{t('wallet.transferTitle')}</h3>
      <Figures
        items={[
          { label: t('wallet.total'), value: money(balance.sumBalance) },
          { label: t('wallet.main'), value: money(balance.main), testId: 'wallet-main' },
          { label: t('wallet.locked'), value: money(balance.locked) },
        ]}
      />
      {balance.wallets.length === 0 ? (
        <EmptyState title={t('wallet.noVendorWallets')} />
      ) : (
        <>
          <ul className="money-rows">
            {balance.wallets.map((w) => (
              <li key={w.vendor} className="money-rows__item money-rows__line" data-testid={`vendor-wallet-${w.vendor}`}>
                <span>
                  <strong>{w.name}</strong>{' '}
                  <span className="amount" data-testid="vendor-balance">
                    {money(w.balance)}
                  </span>
                </span>
                <span className="money-actions">
                  <Button
                    size="sm"
                    variant="outline"
                    busy={busy === `in:${w.vendor}`}
                    disabled={balance.main <= 0}
                    onClick={() => void move(`in:${w.vendor}`, { vendor: w.vendor, direction: 'in', all: true })}
                    data-testid="all-in"
                  >
                    {t('wallet.allIn')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    busy={busy === `out:${w.vendor}`}
                    disabled={w.balance <= 0}
                    onClick={() => void move(`out:${w.vendor}`, { vendor: w.vendor, direction: 'out', all: true })}
                    data-testid="all-out"
                  >
                    {t('wallet.allOut')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
          <form className="form money-form" onSubmit={submit} noValidate onChange={clearOnEdit} data-testid="transfer-form">
            <fieldset className="money-choice" aria-label={t('wallet.direction')}>
              {(['in', 'out'] as const).map((d) => (
                <button
                  key={d}
                  type="button"
                  aria-pressed={direction === d}
                  className={`money-choice__item${direction === d ? ' is-active' : ''}`}
                  onClick={() => setDirection(d)}
                  data-testid={`direction-${d}`}
                >
                  {d === 'in' ? t('wallet.toVendor') : t('wallet.toMain')}
                </button>
              ))}
            </fieldset>
            <label className="field__label">
              {t('wallet.vendorWallet')}
              <select className="field__input" value={target} onChange={(e) => setVendor(e.target.value)} data-testid="field-vendor">
                {balance.wallets.map((w) => (
                  <option key={w.vendor} value={w.vendor}>
                    {w.name}
                  </option>
                ))}
              </select>
            </label>
            <TextField
              name="amount"
              label={t('wallet.amount')}
              value={amount}
              onValue={setAmount}
              error={errors.amount ?? errors.vendor}
              inputMode="decimal"
              required
              autoComplete="off"
            />
            <Button type="submit" variant="primary" busy={busy === 'amount'} data-testid="transfer-submit">
              {t('wallet.transfer')}
            </Button>
          </form>
        </>
      )}
    </div>
  );
}
