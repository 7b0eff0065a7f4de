import { type DownlineType, type OpenedAccount, prizeGroups, rebateBpOf } from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import { fieldTexts, useFieldErrors, useLoad } from '../member/money-kit.tsx';
import { agentProfile, openAccount } from './agent-api.ts';
import { CopyButton } from './CopyButton.tsx';
import { readPrizeGroup } from './contract-terms.ts';
import { useAgentLabels } from './labels.ts';
import { PromoLinks } from './PromoLinks.tsx';
import { TypeChoice } from './TypeChoice.tsx';

/** Account registration: open a downline player or agent directly, or hand out promotion links. */
export function AccountRegistration() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'open' | 'links'>('open');
  const { value: profile, error } = useLoad(agentProfile, []);
  if (error) return <p className="form-error">{error}</p>;
  if (!profile) return <Loader label={t('common.loading')} />;
  return (
    <div className="money-page" data-testid="agent-registration">
      <h3>{t('agent.menu.accountRegistration')}</h3>
      <Tabs
        items={[
          { id: 'open', label: t('agent.open.tab') },
          { id: 'links', label: t('agent.links.tab') },
        ]}
        value={tab}
        onChange={(id) => setTab(id as 'open' | 'links')}
        label={t('agent.menu.accountRegistration')}
        idPrefix="agent-registration"
        className="tabs--sub"
      />
      <div {...tabPanelProps('agent-registration', tab)}>
        {tab === 'open' ? <OpenAccountForm ownGroup={profile.prizeGroup} /> : <PromoLinks ownGroup={profile.prizeGroup} />}
      </div>
    </div>
  );
}

/** The prize group field with the rebate it gives, and the range the agent may choose from. */
export function PrizeGroupField({
  value,
  onValue,
  own,
  error,
}: {
  value: string;
  onValue: (v: string) => void;
  own: number;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const labels = useAgentLabels();
  const read = readPrizeGroup(value, own);
  return (
    <div className="agent-prize-group">
      <TextField
        name="prizeGroup"
        label={t('agent.prizeGroup')}
        value={value}
        onValue={onValue}
        error={error}
        inputMode="numeric"
        maxLength={4}
        required
        autoComplete="off"
      />
      <p className="money-muted" data-testid="prize-group-hint">
        {t('agent.open.groupRange', { min: prizeGroups.min, max: own })}
        {'value' in read ? ` · ${t('agent.open.rebateOf', { rebate: labels.percent(rebateBpOf(read.value)) })}` : ''}
      </p>
    </div>
  );
}

function OpenAccountForm({ ownGroup }: { ownGroup: number }) {
  const { t } = useTranslation();
  const [type, setType] = useState<DownlineType>('player');
  const [account, setAccount] = useState('');
  const [group, setGroup] = useState(String(ownGroup));
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<OpenedAccount | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const read = readPrizeGroup(group, ownGroup);
    if (!account.trim()) found.account = t('validation.required');
    if ('problem' in read) found.prizeGroup = t(read.problem as 'validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0 || !('value' in read)) return;
    setBusy(true);
    try {
      setOpened(await openAccount({ type, account: account.trim(), prizeGroup: read.value }));
      setAccount('');
    } catch (err) {
      setErrors(fieldTexts(t, err, 'account'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="agent-open">
      <form className="form money-form" onSubmit={submit} onChange={clearOnEdit} noValidate data-testid="open-account-form">
        <TypeChoice value={type} onValue={setType} name="open-type" />
        <TextField
          name="account"
          label={t('agent.open.account')}
          value={account}
          onValue={setAccount}
          error={errors.account}
          required
          maxLength={64}
          autoComplete="off"
        />
        <PrizeGroupField value={group} onValue={setGroup} own={ownGroup} error={errors.prizeGroup} />
        <p className="money-muted">{t('agent.open.passwordHint')}</p>
        <Button type="submit" variant="primary" busy={busy} data-testid="open-account-submit">
          {t('agent.open.submit')}
        </Button>
      </form>
      {opened ? (
        <section className="money-form money-form--inset agent-opened" data-testid="opened-account" aria-live="polite">
          <h4>{t(opened.isAgent === 0 ? 'agent.open.openedPlayer' : 'agent.open.openedAgent', { account: opened.account })}</h4>
          <dl className="agent-facts">
            <div>
              <dt>{t('agent.account')}</dt>
              <dd data-testid="opened-name">{opened.account}</dd>
            </div>
            <div>
              <dt>{t('agent.prizeGroup')}</dt>
              <dd>{opened.prizeGroup}</dd>
            </div>
            <div>
              <dt>{t('agent.open.initialPassword')}</dt>
              <dd>
                <code className="agent-secret" data-testid="opened-password">
                  {opened.initialPassword}
                </code>
                <CopyButton text={opened.initialPassword} />
              </dd>
            </div>
          </dl>
          <p className="agent-warning">{t('agent.open.shownOnce')}</p>
        </section>
      ) : null}
    </div>
  );
}
