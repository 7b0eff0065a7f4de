import { agentAdminPaths, prizeGroups } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { TextField } from '@platform/ui/form.tsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { fieldErrors } from '../../ui/field-errors.ts';

/**
 * Sets a member's prize group (agents.manage): the server keeps it within the upline's and not
 * below the downlines', and writes it with its audit line in one transaction.
 */
export function PrizeGroupForm({
  merchant,
  account,
  current,
  onSaved,
}: {
  merchant: string;
  account: string;
  current: number;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(current));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setSaved(null);
    try {
      const prizeGroup = value.trim() === '' ? null : Number(value);
      const answer = await api.send<{ prizeGroup: number }>(
        agentAdminPaths.prizeGroup,
        { account, prizeGroup },
        { method: 'PUT', params: { code: merchant } },
      );
      setSaved(answer.prizeGroup);
      onSaved();
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="section stack" onSubmit={submit} noValidate data-testid="prize-group-form">
      <h2 className="section-title">{t('agents.prizeGroupTitle')}</h2>
      <div className="inline-fields">
        <TextField
          name="prizeGroup"
          label={t('agents.prizeGroup')}
          value={value}
          onValue={setValue}
          error={errors.prizeGroup}
          inputMode="numeric"
          min={prizeGroups.min}
          max={prizeGroups.max}
        />
      </div>
      <p className="muted">{t('agents.prizeGroupHint', { min: prizeGroups.min, max: prizeGroups.max })}</p>
      {errors.form ? (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="row-end">
        {saved !== null ? (
          <span className="saved" data-testid="prize-group-saved">
            {t('agents.prizeGroupSaved', { group: saved })}
          </span>
        ) : null}
        <Button type="submit" variant="primary" busy={busy} data-testid="prize-group-submit">
          {t('agents.prizeGroupSubmit')}
        </Button>
      </div>
    </form>
  );
}
