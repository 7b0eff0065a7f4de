import {
  COOL_OFF_HOURS,
  type ExclusionBody,
  type LimitKind,
  type LimitPeriod,
  type LimitView,
  limitKinds,
  limitPeriods,
  type ResponsibleGaming,
} from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../../app/providers/platform-context.ts';
import { errorText } from '../../../i18n/error-text.ts';
import { Button } from '../../../ui/Button.tsx';
import { DateText } from '../../../ui/DateText.tsx';
import { TextField } from '../../../ui/form.tsx';
import { formatDate } from '../../../ui/format-date.ts';
import { useGlobalDialog } from '../../../ui/GlobalDialog.tsx';
import { Loader } from '../../../ui/Loader.tsx';
import { Figures, fieldTexts, parseAmount, useFieldErrors, useLoad, useMoney } from '../money-kit.tsx';
import { SelectField } from '../withdraw/SelectField.tsx';
import { cancelLimit, confirmLimit, rgOverview, setLimit, startExclusion } from './rg-api.ts';
import './responsible-gaming.css';

type Money = ReturnType<typeof useMoney>;

/** Cool-off and self-exclusion lengths offered (within the server's ranges). */
const coolOffs = [24, 72, 336, 672, COOL_OFF_HOURS.max];
const exclusions: (number | null)[] = [6, 12, 24, 60, null];

function LimitRow({ limit, money, onChanged }: { limit: LimitView; money: Money; onChanged: () => void }) {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const value = (n: number) => (limit.kind === 'session' ? t('rg.minutes', { n }) : money(n));
  const body = { kind: limit.kind, period: limit.period };
  const act = (call: () => Promise<unknown>) => () =>
    call().then(onChanged, (err: unknown) => void dialog({ kind: 'warning', message: errorText(t, err) }));
  return (
    <tr data-testid={`limit-${limit.kind}-${limit.period}`}>
      <th scope="row">
        {t(`rg.kind.${limit.kind}`)} · {t(`rg.period.${limit.period}`)}
        {limit.pending ? (
          <p className="rg-pending" data-testid="limit-pending">
            {limit.pending.amount === null
              ? t('rg.pendingRemoval', { from: formatDate(limit.pending.from) })
              : t('rg.pendingRaise', { amount: value(limit.pending.amount), from: formatDate(limit.pending.from) })}
          </p>
        ) : null}
      </th>
      <td>{value(limit.amount)}</td>
      <td>{value(limit.used)}</td>
      <td>{value(limit.remaining)}</td>
      <td>
        <DateText value={limit.resetsAt} />
      </td>
      <td className="rg-actions">
        {limit.pending ? (
          <>
            {limit.pending.ready ? (
              <Button size="sm" variant="primary" onClick={act(() => confirmLimit(body))} data-testid="limit-confirm">
                {t('rg.confirm')}
              </Button>
            ) : null}
            <Button size="sm" variant="outline" onClick={act(() => cancelLimit(body))} data-testid="limit-cancel">
              {t('rg.cancelChange')}
            </Button>
          </>
        ) : (
          <Button size="sm" variant="outline" onClick={act(() => setLimit({ ...body, amount: null }))} data-testid="limit-remove">
            {t('rg.remove')}
          </Button>
        )}
      </td>
    </tr>
  );
}

function LimitForm({ onChanged }: { onChanged: (pending: boolean) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<LimitKind>('loss');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors, onChange] = useFieldErrors();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmount(amount);
    if ('problem' in parsed) return setErrors({ amount: t(parsed.problem as 'validation.required') });
    setBusy(true);
    try {
      await setLimit({ kind, period, amount: parsed.amount });
      setAmount('');
      onChanged(false);
    } catch (err) {
      setErrors(fieldTexts(t, err, 'amount'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form rg-form" onSubmit={submit} onChange={onChange} noValidate data-testid="limit-form">
      <h4>{t('rg.setTitle')}</h4>
      <SelectField
        name="kind"
        label={t('rg.limit')}
        value={kind}
        onValue={(v) => setKind(v as LimitKind)}
        options={limitKinds.map((k) => ({ value: k, label: t(`rg.kind.${k}`) }))}
      />
      <SelectField
        name="period"
        label={t('rg.periodLabel')}
        value={period}
        onValue={(v) => setPeriod(v as LimitPeriod)}
        options={limitPeriods.map((p) => ({ value: p, label: t(`rg.period.${p}`) }))}
      />
      <TextField
        name="amount"
        label={kind === 'session' ? t('rg.amountMinutes') : t('rg.amount')}
        value={amount}
        onValue={setAmount}
        error={errors.amount}
        inputMode="decimal"
        required
      />
      <Button type="submit" variant="primary" busy={busy} data-testid="limit-save">
        {t('rg.save')}
      </Button>
    </form>
  );
}

function BreakForm({ kind, onStarted }: { kind: ExclusionBody['kind']; onStarted: () => void }) {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const choices = kind === 'cool_off' ? coolOffs : exclusions;
  const [choice, setChoice] = useState(String(choices[0]));
  const label = (c: number | null) =>
    c === null
      ? t('rg.indefinite')
      : kind === 'cool_off'
        ? c < 168
          ? t('rg.hours', { n: c })
          : t('rg.weeks', { n: c / 168 })
        : c < 24 || c % 12 !== 0
          ? t('rg.months', { n: c })
          : t('rg.years', { n: c / 12 });
  const start = async () => {
    const n = choice === 'null' ? null : Number(choice);
    const until = n === null ? null : kind === 'cool_off' ? Date.now() + n * 3_600_000 : new Date().setMonth(new Date().getMonth() + n);
    const message = until === null ? t('rg.confirmExclusionForever') : t('rg.confirmExclusion', { until: formatDate(until) });
    const ok = await dialog({
      kind: 'warning',
      title: kind === 'cool_off' ? t('rg.coolOff') : t('rg.selfExclusion'),
      message,
      confirmText: t('rg.start'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await startExclusion(kind === 'cool_off' ? { kind, hours: n ?? 24 } : { kind, months: n });
      onStarted();
    } catch (err) {
      await dialog({ kind: 'warning', message: errorText(t, err) });
    }
  };
  return (
    <div className="rg-break" data-testid={`break-${kind}`}>
      <h4>{kind === 'cool_off' ? t('rg.coolOff') : t('rg.selfExclusion')}</h4>
      <p>{kind === 'cool_off' ? t('rg.coolOffHelp') : t('rg.selfExclusionHelp')}</p>
      <SelectField
        name={`${kind}-length`}
        label={t('rg.duration')}
        value={choice}
        onValue={setChoice}
        options={choices.map((c) => ({ value: String(c), label: label(c) }))}
      />
      <Button variant="outline" onClick={start} data-testid={`break-${kind}-start`}>
        {t('rg.start')}
      </Button>
    </div>
  );
}

function Spent({ value, money }: { value: ResponsibleGaming; money: Money }) {
  const { t } = useTranslation();
  return (
    <section className="rg-section" data-testid="rg-spent">
      <h4>{t('rg.spentTitle')}</h4>
      {limitPeriods.map((p) => (
        <div key={p} className="rg-spent">
          <h5>{t(`rg.thisPeriod.${p}`)}</h5>
          <Figures
            items={[
              { label: t('rg.deposited'), value: money(value.spent[p].deposited) },
              { label: t('rg.wagered'), value: money(value.spent[p].wagered) },
              { label: t('rg.lost'), value: money(value.spent[p].lost), tone: value.spent[p].lost > 0 ? 'out' : undefined },
              { label: t('rg.time'), value: t('rg.minutes', { n: value.spent[p].minutes }) },
            ]}
          />
        </div>
      ))}
    </section>
  );
}

/**
 * The player's responsible-gaming page: limits with their pending changes, what was spent this day,
 * week and month, cool-off and self-exclusion (each with a confirmation that says what will happen),
 * the history of the limits, and the market's help links.
 */
export function ResponsibleGamingPage() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const money = useMoney(platform.merchant.currency);
  const dialog = useGlobalDialog();
  const { value, error, reload } = useLoad(rgOverview, []);
  if (error) return <p className="form-error">{error}</p>;
  if (!value) return <Loader label={t('common.loading')} />;
  const changed = () => {
    reload();
    void dialog({ kind: 'info', message: t('rg.saved'), timeoutMs: 2000, closeOnCover: true });
  };
  return (
    <div className="money-page rg-page" data-testid="responsible-gaming">
      <h3>{t('rg.title')}</h3>
      <p className="rg-intro">{t('rg.intro', { hours: value.coolingHours })}</p>
      {value.exclusion ? (
        <p className="rg-excluded" role="status">
          {t('rg.excludedNow', { until: value.exclusion.until === null ? t('rg.indefinite') : formatDate(value.exclusion.until) })}
        </p>
      ) : null}
      <section className="rg-section">
        <h4>{t('rg.limits')}</h4>
        {value.limits.length === 0 ? (
          <p data-testid="no-limits">{t('rg.noLimits')}</p>
        ) : (
          <div className="table-wrap">
            <table className="table rg-limits">
              <thead>
                <tr>
                  <th scope="col">{t('rg.limit')}</th>
                  <th scope="col">{t('rg.amount')}</th>
                  <th scope="col">{t('rg.used')}</th>
                  <th scope="col">{t('rg.remaining')}</th>
                  <th scope="col">{t('rg.resets')}</th>
                  <th scope="col" aria-label={t('rg.confirm')} />
                </tr>
              </thead>
              <tbody>
                {value.limits.map((l) => (
                  <LimitRow key={`${l.kind}-${l.period}`} limit={l} money={money} onChanged={reload} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <LimitForm onChanged={changed} />
      </section>
      <Spent value={value} money={money} />
      <section className="rg-section">
        <h4>{t('rg.breakTitle')}</h4>
        <div className="rg-breaks">
          <BreakForm kind="cool_off" onStarted={() => window.location.assign('/')} />
          <BreakForm kind="self_exclusion" onStarted={() => window.location.assign('/')} />
        </div>
      </section>
      {value.history.length > 0 ? (
        <section className="rg-section" data-testid="rg-history">
          <h4>{t('rg.history')}</h4>
          <ul className="rg-history">
            {value.history.map((h) => (
              <li key={`${h.at}-${h.kind}-${h.period}-${h.action}`}>
                <DateText value={h.at} /> · {t(`rg.kind.${h.kind}`)} · {t(`rg.period.${h.period}`)} ·{' '}
                {t(`rg.action.${h.action as 'set'}`, { defaultValue: h.action })}
                {h.amount !== null ? ` · ${h.kind === 'session' ? t('rg.minutes', { n: h.amount }) : money(h.amount)}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {value.helpLinks.length > 0 ? (
        <section className="rg-section" data-testid="rg-help">
          <h4>{t('rg.help')}</h4>
          <ul>
            {value.helpLinks.map((l) => (
              <li key={l.url}>
                <a href={l.url} target="_blank" rel="noopener noreferrer">
                  {l.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
