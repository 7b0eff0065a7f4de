/** A labelled select with the form fields' error line; the withdraw forms' choices (account kind, PIX key type, operator, account). */
export function SelectField({
  name,
  label,
  value,
  onValue,
  options,
  error,
}: {
  name: string;
  label: string;
  value: string;
  onValue: (v: string) => void;
  options: { value: string; label: string }[];
  error?: string | null;
}) {
  return (
    <div className={`field${error ? ' has-error' : ''}`} data-field={name}>
      <label className="field__label">
        {label}
        <select className="field__input" name={name} value={value} onChange={(e) => onValue(e.target.value)} data-testid={`field-${name}`}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <p className="field__error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
