/** Spinner with a spoken label; `overlay` covers the page (the global loader). */
export function Loader({ label, overlay }: { label: string; overlay?: boolean }) {
  return (
    <div
      className={overlay ? 'loader-overlay' : 'loader'}
      role="status"
      aria-live="polite"
      data-testid={overlay ? 'global-loader' : undefined}
    >
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
