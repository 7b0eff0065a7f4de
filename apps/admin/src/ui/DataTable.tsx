import { Button } from '@platform/ui/Button.tsx';
import { type ColumnDef, flexRender, getCoreRowModel, type SortingState, useReactTable, type VisibilityState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../api/use-load.ts';
import { downloadCsv, toCsv } from './csv.ts';

/** What the table asks its source for: a page, its order and the filters, all applied by the source. */
export interface TableQuery {
  /** 0-based. */
  page: number;
  pageSize: number;
  sort: { id: string; desc: boolean } | null;
  filters: Record<string, string>;
}

export interface TablePage<T> {
  rows: T[];
  total: number;
  /** `total` is a lower bound: the source counted that far and stopped (the table says "1,050+ rows"). */
  capped?: boolean;
}

export interface TableFilter {
  id: string;
  label: string;
  /** A list to choose from; a text box without it. */
  options?: { value: string; label: string }[];
  type?: 'text' | 'date';
}

export interface DataTableProps<T> {
  /** Names the table: its column choice is remembered under it, and it names the CSV file. */
  id: string;
  columns: ColumnDef<T, unknown>[];
  /** Fetches one page from the server with the sort and filters (the server pages, sorts and filters). */
  load: (query: TableQuery, signal: AbortSignal) => Promise<TablePage<T>>;
  filters?: TableFilter[];
  /** A change of this value reloads (after an action on a row). */
  version?: number;
  pageSize?: number;
  toolbar?: ReactNode;
  rowTestId?: (row: T) => string;
}

const exportPageSize = 500;
const exportMaxRows = 50_000;
const rowHeight = 41;

/**
 * The back office's table on TanStack Table (headless) with TanStack Virtual: the server pages,
 * sorts and filters (manual modes), the operator chooses columns (remembered per table), and CSV
 * export fetches every row of the current filter page by page. Rows are virtualised, so a page of
 * hundreds of rows renders only what is on screen.
 */
export function DataTable<T>({
  id,
  columns,
  load,
  filters = [],
  version = 0,
  pageSize: initialSize = 50,
  toolbar,
  rowTestId,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialSize);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [filterValues, setFilterValues] = useState<Record<string, string>>({});
  const [visibility, setVisibility] = useState<VisibilityState>(() => {
    try {
      return JSON.parse(localStorage.getItem(`table:${id}:columns`) ?? '{}') as VisibilityState;
    } catch {
      return {};
    }
  });
  useEffect(() => localStorage.setItem(`table:${id}:columns`, JSON.stringify(visibility)), [id, visibility]);

  const query: TableQuery = useMemo(
    () => ({
      page,
      pageSize,
      sort: sorting[0] ? { id: sorting[0].id, desc: sorting[0].desc } : null,
      filters: Object.fromEntries(Object.entries(filterValues).filter(([, v]) => v !== '')),
    }),
    [page, pageSize, sorting, filterValues],
  );
  const result = useLoad((signal) => load(query, signal), [query, version]);
  const rows = result.data?.rows ?? [];
  const total = result.data?.total ?? 0;
  const capped = result.data?.capped === true;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting, columnVisibility: visibility },
    onSortingChange: (next) => {
      setSorting(next);
      setPage(0);
    },
    onColumnVisibilityChange: setVisibility,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    pageCount: pages,
  });

  const scroller = useRef<HTMLDivElement>(null);
  const tableRows = table.getRowModel().rows;
  const virtual = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtual.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtual.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const visibleColumns = table.getVisibleLeafColumns();

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const all: T[] = [];
      for (let p = 0; all.length < exportMaxRows; p++) {
        const chunk = await load({ ...query, page: p, pageSize: exportPageSize }, new AbortController().signal);
        all.push(...chunk.rows);
        if (chunk.rows.length < exportPageSize || (!chunk.capped && all.length >= chunk.total)) break;
      }
      const cols = visibleColumns.filter((c) => c.id !== 'actions');
      const header = cols.map((c) => (typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id));
      const body = all.map((row) =>
        cols.map(
          (c) => (c.columnDef.meta as { csv?: (r: T) => unknown } | undefined)?.csv?.(row) ?? (row as Record<string, unknown>)[c.id],
        ),
      );
      downloadCsv(`${id}-${new Date().toISOString().slice(0, 10)}.csv`, toCsv(header, body));
    } finally {
      setExporting(false);
    }
  };

  const setFilter = (key: string, value: string) => {
    setFilterValues((f) => ({ ...f, [key]: value }));
    setPage(0);
  };

  return (
    <section className="table-card" data-testid={`table-${id}`}>
      <div className="table-tools">
        {filters.map((f) => (
          <FilterField
            key={f.id}
            filter={f}
            value={filterValues[f.id] ?? ''}
            onValue={(v) => setFilter(f.id, v)}
            anyLabel={t('table.any')}
          />
        ))}
        <div className="table-tools__end">
          {toolbar}
          <details className="columns-menu">
            <summary className="btn btn--outline btn--sm">{t('table.columns')}</summary>
            <div className="columns-menu__list">
              {table.getAllLeafColumns().map((c) => (
                <label key={c.id} className="check">
                  <input type="checkbox" checked={c.getIsVisible()} onChange={c.getToggleVisibilityHandler()} disabled={!c.getCanHide()} />
                  {typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id}
                </label>
              ))}
            </div>
          </details>
          <Button variant="outline" size="sm" busy={exporting} onClick={() => void exportCsv()} data-testid={`export-${id}`}>
            {t('table.export')}
          </Button>
        </div>
      </div>
      <div className="table-scroll" ref={scroller}>
        <table className="data-table">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th key={header.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {header.column.getCanSort() ? (
                        <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {padTop > 0 ? (
              <tr className="spacer">
                <td colSpan={visibleColumns.length} style={{ height: padTop, padding: 0 }} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = tableRows[item.index];
              if (!row) return null;
              return (
                <tr key={row.id} data-testid={rowTestId?.(row.original)}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              );
            })}
            {padBottom > 0 ? (
              <tr className="spacer">
                <td colSpan={visibleColumns.length} style={{ height: padBottom, padding: 0 }} />
              </tr>
            ) : null}
          </tbody>
        </table>
        {!result.loading && rows.length === 0 ? (
          <p className="table-empty">{result.error ? t('error.unknown') : t('table.empty')}</p>
        ) : null}
      </div>
      <div className="table-pager">
        <span data-testid={`total-${id}`}>{capped ? t('table.totalAtLeast', { count: total }) : t('table.total', { count: total })}</span>
        <select value={pageSize} onChange={(e) => (setPageSize(Number(e.target.value)), setPage(0))} aria-label={t('table.pageSize')}>
          {[25, 50, 100, 500].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <Button variant="ghost" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
          {t('table.previous')}
        </Button>
        <span>{t(capped ? 'table.pageOfAtLeast' : 'table.page', { page: page + 1, pages })}</span>
        <Button variant="ghost" size="sm" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
          {t('table.next')}
        </Button>
      </div>
    </section>
  );
}

function FilterField({
  filter,
  value,
  onValue,
  anyLabel,
}: {
  filter: TableFilter;
  value: string;
  onValue: (v: string) => void;
  anyLabel: string;
}) {
  const id = useId();
  return (
    <div className="table-filter">
      <label htmlFor={id}>{filter.label}</label>
      {filter.options ? (
        <select id={id} value={value} onChange={(e) => onValue(e.target.value)} data-testid={`filter-${filter.id}`}>
          <option value="">{anyLabel}</option>
          {filter.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={filter.type === 'date' ? 'date' : 'search'}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          data-testid={`filter-${filter.id}`}
        />
      )}
    </div>
  );
}
