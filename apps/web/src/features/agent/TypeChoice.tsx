import type { DownlineType } from '@platform/contract';
import { useTranslation } from 'react-i18next';

/** Player or agent, as a pair of radio buttons. */
export function TypeChoice({ value, onValue, name }: { value: DownlineType; onValue: (v: DownlineType) => void; name: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="agent-choice">
      <legend className="field__label">{t('agent.accountType')}</legend>
      {(['player', 'agent'] as const).map((type) => (
        <label key={type} className={`chip-btn${value === type ? ' is-active' : ''}`}>
          <input
            type="radio"
            name={name}
            value={type}
            checked={value === type}
            onChange={() => onValue(type)}
            data-testid={`${name}-${type}`}
          />
          {t(`agent.types.${type}`)}
        </label>
      ))}
    </fieldset>
  );
}
