import type { WithdrawalAccount, WithdrawInfo } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/error-text.ts';
import { Button } from '../../../ui/Button.tsx';
import { useGlobalDialog } from '../../../ui/GlobalDialog.tsx';
import { removeAccount } from '../money-api.ts';
import { accountText } from './account-text.ts';
import { BindAccountForm } from './BindAccountForm.tsx';

/** The server binds at most five accounts per member (withdrawals.service): the bind button goes when they are all used. */
const maxAccounts = 5;

/** The bound withdrawal accounts, each removable after a confirmation, and the form that binds another. */
export function AccountsSection({
  info,
  binding,
  onToggleBind,
  onChanged,
}: {
  info: WithdrawInfo;
  binding: boolean;
  onToggleBind: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const remove = async (a: WithdrawalAccount) => {
    if (!(await dialog({ message: t('withdraw.removeConfirm', { account: a.number }), cancelText: t('common.cancel') }))) return;
    await removeAccount(a.id).then(onChanged, (err: unknown) => dialog({ kind: 'warning', message: errorText(t, err) }));
  };
  return (
    <section className="money-section" data-testid="withdraw-accounts">
      <div className="money-section__head">
        <h4>{t('withdraw.accounts')}</h4>
        {info.accounts.length < maxAccounts ? (
          <Button size="sm" variant="outline" onClick={onToggleBind} data-testid="bind-account-open">
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
      {binding ? <BindAccountForm kinds={info.accountKinds} onDone={onChanged} /> : null}
    </section>
  );
}
