import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { IconChevronDown } from './icons.tsx';

/** A labelled input with its message under it (spec §8: field errors show under each field). */
export function TextField({
  name,
  label,
  error,
  value,
  onValue,
  trailing,
  required,
  ...rest
}: {
  name: string;
  label: string;
  /** The translated problem of the field, shown under it. */
  error?: string | null;
  value: string;
  onValue: (value: string) => void;
  /** Something beside the input, e.g. a send-code button or a captcha image. */
  trailing?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name'>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' has-error' : ''}`} data-field={name}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <div className="field__row">
        <input
          id={id}
          name={name}
          className="field__input"
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-required={required || undefined}
          data-testid={`field-${name}`}
          {...rest}
        />
        {trailing}
      </div>
      {error ? (
        <p id={errorId} className="field__error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxField({
  name,
  checked,
  onChecked,
  children,
  error,
}: {
  name: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  children: ReactNode;
  error?: string | null;
}) {
  const errorId = useId();
  return (
    <div className={`field field--check${error ? ' has-error' : ''}`} data-field={name}>
      <label className="check">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(event) => onChecked(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={`field-${name}`}
        />
        <span>{children}</span>
      </label>
      {error ? (
        <p id={errorId} className="field__error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Seconds left of a countdown to an epoch-ms deadline, refreshed each second from the clock (so
 * it never jumps when the tab sleeps); 0 when none runs.
 */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

/**
 * The send-code button: ready; after a send, disabled with the seconds left; then ready again.
 * Clicks closer than 1000 ms apart are ignored (the spec's throttle).
 */
export function SendCodeButton({
  onSend,
  label,
  countdownLabel,
  testId = 'send-code',
}: {
  /** Sends the code; resolves with the epoch ms when another may be sent, or null when nothing was sent. */
  onSend: () => Promise<number | null>;
  label: string;
  countdownLabel: (seconds: number) => string;
  testId?: string;
}) {
  const [until, setUntil] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const last = useRef(0);
  const left = useCountdown(until);
  const click = async () => {
    const now = Date.now();
    if (busy || left > 0 || now - last.current < 1000) return;
    last.current = now;
    setBusy(true);
    try {
      const next = await onSend();
      if (next) setUntil(next);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--outline btn--md field__side" onClick={click} disabled={busy || left > 0} data-testid={testId}>
      {busy ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
      {left > 0 ? countdownLabel(left) : label}
    </button>
  );
}

export interface DialCode {
  countryCode: string;
  countryDialingCode: string;
  flag: string;
}

/** How long the dialling-code list stays open after focus leaves it (spec §9). */
export const dialListCloseMs = 200;

/**
 * A country dialling-code picker with a flag per country, then the mobile number. The list closes
 * 200 ms after focus leaves it, so a click on an entry still lands.
 */
export function PhoneField({
  name = 'mobileNum',
  label,
  codes,
  country,
  onDial,
  value,
  onValue,
  error,
  required,
  pickerLabel,
  countryName,
}: {
  name?: string;
  label: string;
  codes: readonly DialCode[];
  /** The chosen country (ISO code); several countries share a dialling code. */
  country: string;
  onDial: (code: DialCode) => void;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  required?: boolean;
  pickerLabel: string;
  countryName: (countryCode: string) => string;
}) {
  const [open, setOpen] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listId = useId();
  const selected = codes.find((c) => c.countryCode === country) ?? codes[0];
  useEffect(() => () => clearTimeout(closing.current ?? undefined), []);
  // Focus moving between the button and the entries keeps the list open; leaving them closes it.
  const keep = {
    onBlur: () => {
      closing.current = setTimeout(() => setOpen(false), dialListCloseMs);
    },
    onFocus: () => clearTimeout(closing.current ?? undefined),
  };
  const picker = (
    <div className="dial">
      <button
        type="button"
        className="dial__button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${pickerLabel}: ${selected ? `${countryName(selected.countryCode)} ${selected.countryDialingCode}` : ''}`}
        onClick={() => setOpen((o) => !o)}
        data-testid={`${name}-dial`}
        {...keep}
      >
        {selected ? <img src={selected.flag} width={20} height={15} alt="" /> : null}
        <span>{selected?.countryDialingCode}</span>
        <IconChevronDown size={14} />
      </button>
      {open ? (
        <ul id={listId} className="dial__list" aria-label={pickerLabel}>
          {codes.map((c) => (
            <li key={c.countryCode}>
              <button
                type="button"
                aria-pressed={c === selected}
                className="dial__option"
                data-country={c.countryCode}
                {...keep}
                onClick={() => {
                  onDial(c);
                  setOpen(false);
                }}
              >
                <img src={c.flag} width={20} height={15} alt="" loading="lazy" />
                <span className="dial__name">{countryName(c.countryCode)}</span>
                <span className="dial__code">{c.countryDialingCode}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
  return (
    <div className="field--phone">
      <TextField
        name={name}
        label={label}
        value={value}
        onValue={(v) => onValue(v.replace(/[^\d]/g, ''))}
        error={error}
        required={required}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={20}
        trailing={picker}
      />
    </div>
  );
}
