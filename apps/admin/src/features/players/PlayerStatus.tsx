import { type MemberProfile, type PlayerFlag, type PlayerPasswordReset, playerPaths } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { TextField } from '@platform/ui/form.tsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { fieldErrors } from '../../ui/field-errors.ts';

/** The order the switches show in; each is a form of its own with its reason (the audit line keeps it). */
const flags = ['login', 'deposit', 'withdraw', 'play'] as const;

const isOn = (p: MemberProfile, flag: PlayerFlag) =>
  flag === 'login' ? p.canLogin : flag === 'deposit' ? p.canDeposit : flag === 'withdraw' ? p.canWithdraw : p.canPlay;

/** Text keys of a switch: play keeps its first names (decision 0027), the others are `flag_<name>_*`. */
function flagKeys(flag: PlayerFlag) {
  if (flag === 'play')
    return {
      title: 'players.play',
      on: 'players.playOn',
      off: 'players.playOff',
      hint: 'players.playHint',
      switchOff: 'players.switchOff',
      switchOn: 'players.switchOn',
    };
  const base = `players.flag_${flag}`;
  return {
    title: base,
    on: `${base}_on`,
    off: `${base}_off`,
    hint: `${base}_hint`,
    switchOff: `${base}_switchOff`,
    switchOn: `${base}_switchOn`,
  };
}

/**
 * The account's switches: sign-in, deposits, withdrawals and play, each turned off or on again with a
 * reason; the server applies it at once (sign-in off also ends every session).
 */
export function PlayerStatus({ profile, canManage, onChanged }: { profile: MemberProfile; canManage: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="section stack" data-testid="player-status">
      <h2 className="section-title">
        {t('players.status')}
        {profile.restrictionReason ? <span className="muted">{profile.restrictionReason}</span> : null}
      </h2>
      <div className="flag-grid">
        {flags.map((flag) => (
          <FlagSwitch key={flag} flag={flag} profile={profile} canManage={canManage} onChanged={onChanged} />
        ))}
      </div>
      {canManage ? <AccountActions profile={profile} onDone={onChanged} /> : null}
    </section>
  );
}

function FlagSwitch({
  flag,
  profile,
  canManage,
  onChanged,
}: {
  flag: PlayerFlag;
  profile: MemberProfile;
  canManage: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const keys = flagKeys(flag);
  const on = isOn(profile, flag);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await api.send(playerPaths.flags, { flag, on: !on, reason }, { method: 'PUT', params: { memberId: profile.id } });
      setReason('');
      onChanged();
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flag-card stack" onSubmit={submit} noValidate data-testid={`${flag}-form`}>
      <h3 className="flag-card__title">
        {t(keys.title)}
        <span className={`badge badge--${on ? 'on' : 'off'}`} data-testid={`${flag}-state`}>
          {on ? t(keys.on) : t(keys.off)}
        </span>
      </h3>
      {canManage ? (
        <>
          <TextField
            name={`${flag}Reason`}
            label={t('players.playReason')}
            value={reason}
            onValue={setReason}
            error={errors.reason}
            maxLength={600}
          />
          <p className="muted">{t(keys.hint)}</p>
          {errors.form ? (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className="row-end">
            <Button type="submit" variant={on ? 'outline' : 'primary'} busy={busy} data-testid={`${flag}-submit`}>
              {on ? t(keys.switchOff) : t(keys.switchOn)}
            </Button>
          </div>
        </>
      ) : null}
    </form>
  );
}

/** Ending every session now, and a password reset (a temporary password sent to the player, changed at the next login). */
function AccountActions({ profile, onDone }: { profile: MemberProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'logout' | 'reset' | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const act = async (what: 'logout' | 'reset') => {
    setBusy(what);
    setErrors({});
    setDone(null);
    try {
      if (what === 'logout') {
        const answer = await api.send<{ ended: number }>(playerPaths.logout, { reason }, { params: { memberId: profile.id } });
        setDone(t('players.loggedOut', { n: answer.ended }));
      } else {
        const answer = await api.send<PlayerPasswordReset>(playerPaths.passwordReset, { reason }, { params: { memberId: profile.id } });
        setDone(t(answer.channel === 'sms' ? 'players.resetSentSms' : 'players.resetSentEmail', { to: answer.to }));
      }
      setReason('');
      onDone();
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <form
      className="stack"
      noValidate
      data-testid="account-actions"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <h3 className="flag-card__title">
        {t('players.actions')}
        {profile.mustChangePassword ? (
          <span className="badge badge--off" data-testid="must-change-password">
            {t('players.mustChangePassword')}
          </span>
        ) : null}
      </h3>
      <TextField
        name="actionReason"
        label={t('players.playReason')}
        value={reason}
        onValue={setReason}
        error={errors.reason}
        maxLength={600}
      />
      <p className="muted">{t('players.actionsHint')}</p>
      {errors.form ? (
        <p className="form-error" role="alert" data-testid="actions-error">
          {errors.form}
        </p>
      ) : null}
      <div className="row-end">
        {done ? (
          <span className="saved" role="status" data-testid="action-done">
            {done}
          </span>
        ) : null}
        <Button type="button" variant="outline" busy={busy === 'logout'} onClick={() => act('logout')} data-testid="logout-submit">
          {t('players.logout')}
        </Button>
        <Button type="button" variant="outline" busy={busy === 'reset'} onClick={() => act('reset')} data-testid="reset-submit">
          {t('players.resetPassword')}
        </Button>
      </div>
    </form>
  );
}
