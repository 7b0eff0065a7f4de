import { adminPaths, type CreateOperatorBody, type OperatorRole, operatorRoles } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { Dialog } from '@platform/ui/Dialog.tsx';
import { TextField } from '@platform/ui/form.tsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { useMe } from '../../app/me.tsx';
import { messageText } from '../../i18n/index.ts';

interface MerchantRow {
  code: string;
}

/**
 * A new operator: account, name, role, the merchants they act for (every merchant or a list), and a
 * first password they must change at their first sign-in. The server decides what the caller may
 * give (roles below their own, merchants inside their own scope) and names the refused field.
 */
export function CreateOperatorDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const merchants = useLoad((signal) => api.get<{ list: MerchantRow[] }>(adminPaths.merchants, { signal }), []);
  const [account, setAccount] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<OperatorRole>('finance');
  const [all, setAll] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!all && chosen.length === 0) {
      setErrors({ merchants: t('operators.chooseMerchant') });
      return;
    }
    const body: CreateOperatorBody = { account, name, role, merchants: all ? 'all' : chosen, password };
    setBusy(true);
    setErrors({});
    try {
      await api.send(adminPaths.operators, body);
      onCreated();
    } catch (err) {
      const next: Record<string, string> = {};
      if (err instanceof ApiError) {
        for (const f of err.fields) next[f.field.split('.')[0] ?? f.field] = messageText(t, f.message, f.params) || t('validation.invalid');
        if (Object.keys(next).length === 0) next.form = messageText(t, err.message) || t('error.unknown');
      } else next.form = t('error.unknown');
      setErrors(next);
    } finally {
      setBusy(false);
    }
  };

  const toggleMerchant = (code: string) => setChosen((c) => (c.includes(code) ? c.filter((x) => x !== code) : [...c, code]));

  return (
    <Dialog open onClose={onClose} title={t('operators.create')} closeLabel={t('app.close')} testId="create-operator-dialog">
      <form onSubmit={submit} noValidate className="stack">
        <TextField
          name="account"
          label={t('operators.account')}
          value={account}
          onValue={setAccount}
          error={errors.account}
          required
          autoComplete="off"
        />
        <TextField name="name" label={t('operators.name')} value={name} onValue={setName} error={errors.name} required autoComplete="off" />
        <label className="field">
          <span className="field__label">{t('operators.role')}</span>
          <div className="field__row">
            <select
              className="field__input"
              value={role}
              onChange={(e) => setRole(e.target.value as OperatorRole)}
              data-testid="field-role"
            >
              {operatorRoles.map((r) => (
                <option key={r} value={r}>
                  {t(`role.${r}`)}
                </option>
              ))}
            </select>
          </div>
          {errors.role ? <p className="field__error">{errors.role}</p> : null}
        </label>
        <fieldset className="field merchants-choice" data-field="merchants">
          <legend className="field__label">{t('operators.merchants')}</legend>
          {me.operator.merchants === 'all' ? (
            <label className="check">
              <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} data-testid="merchants-all" />
              {t('operators.allMerchants')}
            </label>
          ) : null}
          {!all
            ? (merchants.data?.list ?? []).map((m) => (
                <label key={m.code} className="check">
                  <input
                    type="checkbox"
                    checked={chosen.includes(m.code)}
                    onChange={() => toggleMerchant(m.code)}
                    data-testid={`merchant-${m.code}`}
                  />
                  {m.code}
                </label>
              ))
            : null}
          {errors.merchants ? (
            <p className="field__error" data-testid="error-merchants">
              {errors.merchants}
            </p>
          ) : null}
        </fieldset>
        <TextField
          name="password"
          type="password"
          label={t('operators.firstPassword')}
          value={password}
          onValue={setPassword}
          error={errors.password}
          required
          autoComplete="new-password"
        />
        <p className="muted">{t('operators.firstPasswordHint')}</p>
        {errors.form ? (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="row-end">
          <Button variant="ghost" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" busy={busy} data-testid="create-submit">
            {t('operators.createSubmit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
