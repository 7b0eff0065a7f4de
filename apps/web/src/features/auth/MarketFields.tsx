import {
  birthDateProblem,
  cpfProblem,
  type FieldProblem,
  type MarketRules,
  type RegisterBody,
  type RegistrationLimit,
  registrationLimitProblem,
} from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/form.tsx';

/** What the market's fields hold as typed: the CPF, the birth date (yyyy-MM-dd) and each limit's amount and period. */
export interface MarketValues {
  cpf: string;
  birthDate: string;
  lossAmount: string;
  lossPeriod: string;
  sessionAmount: string;
  sessionPeriod: string;
}

export const emptyMarketValues: MarketValues = {
  cpf: '',
  birthDate: '',
  lossAmount: '',
  lossPeriod: 'day',
  sessionAmount: '',
  sessionPeriod: 'day',
};

/** The visitor's local day, yyyy-MM-dd (the server judges again on the merchant's day). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A limit as typed: 'none' is an explicit no limit; an empty amount is not chosen; anything else a number. */
function limitOf(amount: string, period: string): RegistrationLimit | undefined {
  if (period === 'none') return null;
  if (amount.trim() === '') return undefined;
  const n = Number(amount.replace(',', '.'));
  return { period: period as 'day' | 'week' | 'month', amount: Number.isFinite(n) ? n : Number.NaN };
}

/** The body fields the market asks for, as the server takes them. */
export function marketBody(market: MarketRules, v: MarketValues): Partial<RegisterBody> {
  const body: Partial<RegisterBody> = {};
  if (market.identityNumber === 'cpf') body.cpf = v.cpf.trim();
  if (market.birthDate) body.birthDate = v.birthDate.trim();
  if (market.limitsAtRegistration !== 'off') {
    body.lossLimit = limitOf(v.lossAmount, v.lossPeriod);
    body.sessionLimit = limitOf(v.sessionAmount, v.sessionPeriod);
  }
  return body;
}

/** The market fields' problems, judged by the contract's functions the server runs too. */
export function marketProblems(market: MarketRules, v: MarketValues, today = localToday()): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  const put = (field: string, p: FieldProblem | null) => {
    if (p) problems[field] = p;
  };
  if (market.identityNumber === 'cpf') put('cpf', cpfProblem(v.cpf));
  if (market.birthDate) put('birthDate', birthDateProblem(v.birthDate, today, market.minimumAge));
  put('lossLimit', registrationLimitProblem('loss', limitOf(v.lossAmount, v.lossPeriod), market.limitsAtRegistration));
  put('sessionLimit', registrationLimitProblem('session', limitOf(v.sessionAmount, v.sessionPeriod), market.limitsAtRegistration));
  return problems;
}

/**
 * The fields the market asks for at registration, shown only where its switches are on: the CPF, the
 * date of birth (the browser's date input, a picker on phones) and the loss and time limits, each an
 * amount with its period beside it ('no limit' only where the market allows it).
 */
export function MarketFields({
  market,
  currency,
  values,
  onValues,
  error,
}: {
  market: MarketRules;
  /** The merchant's currency: money limits are amounts of it. */
  currency: string;
  values: MarketValues;
  onValues: (next: MarketValues) => void;
  error: (field: string) => string | null;
}) {
  const { t } = useTranslation();
  const set = (key: keyof MarketValues) => (value: string) => onValues({ ...values, [key]: value });
  const periods =
    market.limitsAtRegistration === 'offer' ? (['day', 'week', 'month', 'none'] as const) : (['day', 'week', 'month'] as const);
  const limitField = (kind: 'loss' | 'session') => {
    const amountKey = kind === 'loss' ? 'lossAmount' : 'sessionAmount';
    const periodKey = kind === 'loss' ? 'lossPeriod' : 'sessionPeriod';
    const name = kind === 'loss' ? 'lossLimit' : 'sessionLimit';
    const none = values[periodKey] === 'none';
    const label = kind === 'loss' ? `${t('market.lossLimit')} (${currency})` : t('market.sessionLimit');
    return (
      <TextField
        name={name}
        label={label}
        value={none ? '' : values[amountKey]}
        onValue={set(amountKey)}
        error={error(name)}
        required={market.limitsAtRegistration === 'require'}
        disabled={none}
        inputMode={kind === 'loss' ? 'decimal' : 'numeric'}
        maxLength={12}
        trailing={
          <select
            className="field__input market-period"
            value={values[periodKey]}
            onChange={(e) => set(periodKey)(e.target.value)}
            aria-label={`${label}: ${t('market.period')}`}
            data-testid={`field-${name}-period`}
          >
            {periods.map((p) => (
              <option key={p} value={p}>
                {t(`market.per.${p}`)}
              </option>
            ))}
          </select>
        }
      />
    );
  };
  return (
    <>
      {market.identityNumber === 'cpf' ? (
        <TextField
          name="cpf"
          label={t('market.cpf')}
          value={values.cpf}
          onValue={set('cpf')}
          error={error('cpf')}
          required
          inputMode="numeric"
          autoComplete="off"
          placeholder="000.000.000-00"
          maxLength={14}
          title={t('market.cpfHint')}
        />
      ) : null}
      {market.birthDate ? (
        <TextField
          name="birthDate"
          label={t('market.birthDate')}
          value={values.birthDate}
          onValue={set('birthDate')}
          error={error('birthDate')}
          required
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          max={localToday()}
        />
      ) : null}
      {market.limitsAtRegistration !== 'off' ? (
        <fieldset className="market-limits" data-testid="register-limits">
          <legend className="field__label">{t('market.limitsTitle')}</legend>
          <p className="market-limits__lead">
            {t(market.limitsAtRegistration === 'require' ? 'market.limitsLead' : 'market.limitsLeadOptional')}
          </p>
          {limitField('loss')}
          {limitField('session')}
        </fieldset>
      ) : null}
    </>
  );
}
