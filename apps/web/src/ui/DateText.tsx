import { formatDate } from './format-date.ts';

/** A point in time shown with the spec's pattern, with the machine-readable value for assistive tech. */
export function DateText({ value, pattern }: { value: number; pattern?: string }) {
  return (
    <time className="date" dateTime={new Date(value).toISOString()}>
      {formatDate(value, pattern)}
    </time>
  );
}
