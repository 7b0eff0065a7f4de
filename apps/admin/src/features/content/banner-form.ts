/** A `datetime-local` input's value for an instant, in the browser's time zone; '' for none. */
export function localInputOf(at: number | null): string {
  if (at === null) return '';
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant of a `datetime-local` value (browser's time zone); null for an empty one, NaN for nonsense. */
export function instantOf(value: string): number | null {
  if (value.trim() === '') return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? new Date(value).getTime() : Number.NaN;
}
