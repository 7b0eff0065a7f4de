import type { TeamMember } from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { fieldTexts, useFieldErrors } from '../member/money-kit.tsx';
import { PrizeGroupField } from './AccountRegistration.tsx';
import { setPrizeGroup } from './agent-api.ts';
import { readPrizeGroup } from './contract-terms.ts';

/** A direct downline's prize group: up to the agent's own, not below the downline's own downlines (the server says so). */
export function PrizeGroupDialog({
  member,
  own,
  onClose,
  onDone,
}: {
  member: TeamMember;
  own: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [group, setGroup] = useState(String(member.prizeGroup));
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readPrizeGroup(group, own);
    if ('problem' in read) {
      setErrors({ prizeGroup: t(read.problem as 'validation.required') });
      return;
    }
    setBusy(true);
    try {
      await setPrizeGroup({ account: member.account, prizeGroup: read.value });
      onDone();
    } catch (err) {
      setErrors(fieldTexts(t, err, 'prizeGroup'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('agent.team.setGroupOf', { account: member.account })}
      closeLabel={t('common.close')}
      testId="prize-group-dialog"
      size="sm"
    >
      <form className="form" onSubmit={submit} onChange={clearOnEdit} noValidate>
        <PrizeGroupField value={group} onValue={setGroup} own={own} error={errors.prizeGroup ?? errors.account} />
        <Button type="submit" variant="primary" busy={busy} data-testid="prize-group-submit">
          {t('agent.save')}
        </Button>
      </form>
    </Dialog>
  );
}
