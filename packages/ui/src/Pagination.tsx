import { pagerItems } from '@platform/contract';
import { IconChevronLeft, IconChevronRight } from './icons.tsx';

export interface PaginationLabels {
  nav: string;
  previous: string;
  next: string;
  /** Accessible name of a page button, given its number. */
  page: (n: number) => string;
}

/** Page buttons: 3 around the current page, 1 at each end, gaps shown as an ellipsis; the page is clamped. */
export function Pagination({
  page,
  pageCount,
  onChange,
  labels,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  labels: PaginationLabels;
}) {
  const { page: current, items } = pagerItems(page, pageCount, 3, 1);
  if (pageCount <= 1) return null;
  const last = Math.max(1, Math.floor(pageCount));
  return (
    <nav className="pager" aria-label={labels.nav}>
      <button
        type="button"
        className="pager__btn"
        aria-label={labels.previous}
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        <IconChevronLeft size={16} />
      </button>
      {items.map((n, i) =>
        n === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their position
          <span key={`gap-${i}`} className="pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            className={`pager__btn${n === current ? ' is-active' : ''}`}
            aria-label={labels.page(n)}
            aria-current={n === current ? 'page' : undefined}
            onClick={() => onChange(n)}
          >
            {n}
          </button>
        ),
      )}
      <button
        type="button"
        className="pager__btn"
        aria-label={labels.next}
        disabled={current >= last}
        onClick={() => onChange(current + 1)}
      >
        <IconChevronRight size={16} />
      </button>
    </nav>
  );
}
