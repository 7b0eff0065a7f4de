import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { useGlobalDialog } from '../../../ui/GlobalDialog.tsx';
import { Loader } from '../../../ui/Loader.tsx';
import { useMoney } from '../money-kit.tsx';
import { AccountsSection } from './AccountsSection.tsx';
import { PaymentPasswordForm } from './PaymentPasswordForm.tsx';
import { requestedText } from './requested-text.ts';
import { useWithdrawPage } from './use-withdraw-page.ts';
import { WithdrawalList } from './WithdrawalList.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';
import { WithdrawSummary } from './WithdrawSummary.tsx';

/** withdraw: limits and turnover, payment password, bound accounts, the request, and the list with its confirmation. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const { info, error, version, open, toggle, changed, requested } = useWithdrawPage();
  const money = useMoney(info?.currency);
  if (error) return <p className="form-error">{error}</p>;
  if (!info) return <Loader label={t('common.loading')} />;
  return (
    <div className="money-page" data-testid="withdraw-page">
      <h3>{t('withdraw.title')}</h3>
      <WithdrawSummary info={info} />

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

      <AccountsSection info={info} binding={open === 'bind'} onToggleBind={() => toggle('bind')} onChanged={changed} />

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
              // No timeout: the confirmation carries the reference the player may want to note.
              void dialog({ message: requestedText(t, money, w), closeOnCover: true });
              requested();
            }}
          />
        )}
      </section>
      <WithdrawalList version={version} currency={info.currency} />
    </div>
  );
}
