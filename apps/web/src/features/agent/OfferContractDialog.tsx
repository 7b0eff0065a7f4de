import { type AgentContract, type ContractKind, type ContractTerms, currencyOf, type TeamMember } from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { bcp47, textLanguage } from '../../i18n/languages.ts';
import { problemText } from '../../i18n/problem-text.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/form.tsx';
import { useAgentCentre } from './AgentCentre.tsx';
import { offerContract } from './agent-api.ts';
import { TermsTable } from './ContractView.tsx';
import { bpToPercent, emptyTier, type TermsDraft, termsOf } from './contract-terms.ts';

/** A draft that starts from the agent's own terms: the agent lowers what it passes down. */
function draftFrom(terms: ContractTerms, money: (n: number) => string): TermsDraft {
  const base: TermsDraft = {
    kind: terms.kind,
    tiers: [],
    profitRate: '',
    lossRate: '',
    minBet: '',
    period: 'D',
    basis: 'loss',
    carryOver: 'none',
  };
  if (terms.kind === 'realtime') {
    return { ...base, profitRate: bpToPercent(terms.profitRateBp), lossRate: bpToPercent(terms.lossRateBp), minBet: money(terms.minBet) };
  }
  if (terms.kind === 'dividend') {
    return {
      ...base,
      period: terms.period,
      basis: terms.basis,
      carryOver: terms.carryOver,
      tiers: terms.tiers.map((x) => ({
        ...emptyTier(),
        threshold: money(x.threshold),
        activeMembers: String(x.activeMembers),
        ratio: bpToPercent(x.ratioBp),
      })),
    };
  }
  return {
    ...base,
    tiers: terms.tiers.map((x) => ({
      ...emptyTier(),
      turnover: money(x.turnover),
      activeMembers: String(x.activeMembers),
      loss: x.loss === undefined ? '' : money(x.loss),
      ratio: bpToPercent(x.ratioBp),
    })),
  };
}

/**
 * Offers a direct downline agent a contract of a kind the agent holds in force: the agent's own terms
 * shown as the ceiling, the offer's tiers typed in percent and the merchant's currency. Signing
 * is the downline's, in its own agent centre.
 */
export function OfferContractDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = bcp47(textLanguage(i18n.language));
  const { mine, currency } = useAgentCentre();
  const order: ContractKind[] = ['daily', 'hourly', 'realtime', 'dividend'];
  const held = (mine ?? []).filter((c) => c.status === 'active').sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  const [own, setOwn] = useState<AgentContract | undefined>(held[0]);
  // The typed amounts read back in the reader's separators, without the currency sign.
  const plain = (n: number) =>
    new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: currency ? currencyOf(currency).exponent : 2 }).format(n);
  const [draft, setDraft] = useState<TermsDraft | null>(own ? draftFrom(own.terms, plain) : null);
  const [problems, setProblems] = useState<Record<string, string | null>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [offered, setOffered] = useState(false);

  const choose = (kind: ContractKind) => {
    const next = held.find((c) => c.kind === kind);
    setOwn(next);
    setDraft(next ? draftFrom(next.terms, plain) : null);
    setProblems({});
    setGeneral(null);
  };
  const edit = (patch: Partial<TermsDraft>, field: string) => {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    setProblems(({ [field]: _, ...rest }) => rest);
  };
  const editTier = (i: number, key: keyof TermsDraft['tiers'][number], value: string) => {
    if (!draft) return;
    edit({ tiers: draft.tiers.map((tier, j) => (j === i ? { ...tier, [key]: value } : tier)) }, `tiers.${i}.${key}`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !currency) return;
    const read = termsOf(draft, currency, locale);
    if ('problems' in read) {
      setProblems(Object.fromEntries(Object.entries(read.problems).map(([k, key]) => [k, problemText(t, { key })])));
      return;
    }
    setBusy(true);
    setGeneral(null);
    try {
      await offerContract({ account: member.account, terms: read.terms });
      setOffered(true);
    } catch (err) {
      setGeneral(err instanceof ApiError && err.fields[0] ? problemText(t, { key: err.fields[0].message }) : errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string, label: string, value: string, onValue: (v: string) => void, mode: 'decimal' | 'numeric' = 'decimal') => (
    <TextField
      name={name}
      label={label}
      value={value}
      onValue={onValue}
      error={problems[name]}
      inputMode={mode}
      required
      autoComplete="off"
      maxLength={20}
    />
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('agent.contracts.offerTo', { account: member.account })}
      closeLabel={t('common.close')}
      testId="offer-dialog"
      size="lg"
    >
      {offered ? (
        <div className="money-page">
          <p className="agent-success" role="status" data-testid="offer-sent">
            {t('agent.contracts.offerSent', { account: member.account })}
          </p>
          <Button variant="primary" onClick={onClose}>
            {t('common.close')}
          </Button>
        </div>
      ) : held.length === 0 || !own || !draft ? (
        <p className="agent-warning">{t('error.agent_contract_required')}</p>
      ) : (
        <form className="form money-page agent-offer" onSubmit={submit} noValidate data-testid="offer-form">
          <label className="field">
            <span className="field__label">{t('agent.contracts.kind')}</span>
            <select
              className="field__input"
              value={own.kind}
              onChange={(e) => choose(e.target.value as ContractKind)}
              data-testid="offer-kind"
            >
              {held.map((c) => (
                <option key={c.id} value={c.kind}>
                  {t(`agent.contracts.kinds.${c.kind}`)}
                </option>
              ))}
            </select>
          </label>
          <details className="agent-ceiling">
            <summary>{t('agent.contracts.ceiling')}</summary>
            <TermsTable terms={own.terms} />
          </details>
          {draft.kind === 'realtime' ? (
            <div className="agent-grid">
              {field('profitRate', t('agent.contracts.profitRatePercent'), draft.profitRate, (v) => edit({ profitRate: v }, 'profitRate'))}
              {field('lossRate', t('agent.contracts.lossRatePercent'), draft.lossRate, (v) => edit({ lossRate: v }, 'lossRate'))}
              {field('minBet', t('agent.contracts.minBet'), draft.minBet, (v) => edit({ minBet: v }, 'minBet'))}
            </div>
          ) : (
            <>
              {draft.kind === 'dividend' ? (
                <>
                  <p className="money-muted">
                    {t(`agent.contracts.periods.${draft.period}`)} · {t(`agent.contracts.basis.${draft.basis}`)} —{' '}
                    {t('agent.contracts.sameSchedule')}
                  </p>
                  <label className="field">
                    <span className="field__label">{t('agent.contracts.carryOverLabel')}</span>
                    <select
                      className="field__input"
                      value={draft.carryOver}
                      onChange={(e) => edit({ carryOver: e.target.value as TermsDraft['carryOver'] }, 'carryOver')}
                    >
                      {(['none', 'permanent', 'previous'] as const).map((c) => (
                        <option key={c} value={c}>
                          {t(`agent.contracts.carryOver.${c}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                </>
              ) : null}
              <ol className="agent-tiers">
                {draft.tiers.map((tier, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: tiers are edited in place, in order
                  <li key={i} className="agent-tier" data-testid="offer-tier">
                    <span className="agent-tier__name">{t('agent.contracts.tierN', { n: i + 1 })}</span>
                    <div className="agent-grid">
                      {draft.kind === 'dividend'
                        ? field(`tiers.${i}.threshold`, t(`agent.contracts.threshold.${draft.basis}`), tier.threshold, (v) =>
                            editTier(i, 'threshold', v),
                          )
                        : field(`tiers.${i}.turnover`, t('agent.contracts.turnover'), tier.turnover, (v) => editTier(i, 'turnover', v))}
                      {field(
                        `tiers.${i}.activeMembers`,
                        t('agent.contracts.activeMembers'),
                        tier.activeMembers,
                        (v) => editTier(i, 'activeMembers', v),
                        'numeric',
                      )}
                      {draft.kind === 'daily' ? (
                        <TextField
                          name={`tiers.${i}.loss`}
                          label={t('agent.contracts.lossOptional')}
                          value={tier.loss}
                          onValue={(v) => editTier(i, 'loss', v)}
                          error={problems[`tiers.${i}.loss`]}
                          inputMode="decimal"
                          autoComplete="off"
                          maxLength={20}
                        />
                      ) : null}
                      {field(`tiers.${i}.ratio`, t('agent.contracts.ratioPercent'), tier.ratio, (v) => editTier(i, 'ratio', v))}
                    </div>
                    {draft.tiers.length > 1 ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => edit({ tiers: draft.tiers.filter((_, j) => j !== i) }, `tiers.${i}`)}
                        data-testid="offer-tier-remove"
                      >
                        {t('agent.contracts.removeTier')}
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ol>
              {draft.tiers.length < 10 ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => edit({ tiers: [...draft.tiers, emptyTier()] }, 'tiers')}
                  data-testid="offer-tier-add"
                >
                  {t('agent.contracts.addTier')}
                </Button>
              ) : null}
            </>
          )}
          {general ? (
            <p className="form-error" role="alert" data-testid="offer-error">
              {general}
            </p>
          ) : null}
          <Button type="submit" variant="primary" busy={busy} data-testid="offer-submit">
            {t('agent.contracts.offer')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
