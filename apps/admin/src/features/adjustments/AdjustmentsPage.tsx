import { type AdjustmentRequest, type AdjustmentStatus, adjustmentPaths, adjustmentStatuses, adminPaths } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { formatMajor } from '@platform/ui/format-money.ts';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { useMe } from '../../app/me.tsx';
import { locale } from '../../i18n/index.ts';
import { AdjustmentStatusBadge } from '../../ui/AdjustmentStatusBadge.tsx';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';
import { AdjustmentDialog } from './AdjustmentDialog.tsx';
import './texts.ts';
import '../../ui/screens.css';

type Shown = AdjustmentStatus | 'all';

/** Manual adjustment requests of the operator's merchants, pending first; each opens for a decision. Paged by the server. */
export default function AdjustmentsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const merchants = useLoad((signal) => api.get<{ list: { code: string }[] }>(adminPaths.merchants, { signal }), []);
  const [shown, setShown] = useState<Shown>('pending');
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<AdjustmentRequest | null>(null);

  const load = useMemo(
    () => (query: TableQuery, signal: AbortSignal) =>
      api
        .get<{ list: AdjustmentRequest[]; total: number; capped: boolean }>(adjustmentPaths.requests, {
          signal,
          query: {
            status: shown === 'all' ? undefined : shown,
            merchant: query.filters.merchant,
            page: query.page,
            pageSize: query.pageSize,
          },
        })
        .then((answer) => ({ rows: answer.list, total: answer.total, capped: answer.capped })),
    [shown],
  );

  const columns = useMemo<ColumnDef<AdjustmentRequest, unknown>[]>(() => {
    const statusColumn: ColumnDef<AdjustmentRequest, unknown> = {
      id: 'status',
      accessorKey: 'status',
      header: t('adjustments.status'),
      enableSorting: false,
      cell: (c) => <AdjustmentStatusBadge status={c.row.original.status} />,
    };
    const checkerColumn: ColumnDef<AdjustmentRequest, unknown> = {
      id: 'checker',
      accessorKey: 'checker',
      header: t('adjustments.checker'),
      enableSorting: false,
    };
    return [
      {
        // The request's number is the button that opens it: the queue's action stays in view however wide the row.
        id: 'id',
        accessorKey: 'id',
        header: t('adjustments.id'),
        enableSorting: false,
        cell: (c) => (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setOpen(c.row.original)}
            data-testid={`review-adjustment-${c.row.original.id}`}
          >
            {t('adjustments.review', { id: c.row.original.id })}
          </Button>
        ),
      },
      { id: 'merchant', accessorKey: 'merchant', header: t('adjustments.merchant'), enableSorting: false },
      {
        id: 'account',
        accessorKey: 'account',
        header: t('adjustments.player'),
        enableSorting: false,
        cell: (c) => (
          <span>
            {c.row.original.account} <span className="muted">#{c.row.original.memberId}</span>
          </span>
        ),
      },
      {
        id: 'amount',
        accessorKey: 'amount',
        header: t('adjustments.amount'),
        enableSorting: false,
        cell: (c) => (
          <span className={`num${c.row.original.amount < 0 ? ' debit' : ''}`}>
            {formatMajor(c.row.original.amount, c.row.original.currency, locale())}
          </span>
        ),
      },
      {
        id: 'reason',
        accessorKey: 'reason',
        header: t('adjustments.reason'),
        enableSorting: false,
        cell: (c) => (
          <span className="cell-clip" title={c.row.original.reason}>
            {c.row.original.reason}
          </span>
        ),
      },
      {
        id: 'maker',
        accessorKey: 'maker',
        header: t('adjustments.maker'),
        enableSorting: false,
        cell: (c) => (
          <span>
            {c.row.original.maker}
            {c.row.original.makerId === me.operator.id ? <span className="badge badge--warn flag">{t('adjustments.yours')}</span> : null}
          </span>
        ),
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('adjustments.requested'),
        enableSorting: false,
        cell: (c) => new Date(c.row.original.createdAt).toLocaleString(locale(), { dateStyle: 'short', timeStyle: 'short' }),
        meta: { csv: (r: AdjustmentRequest) => new Date(r.createdAt).toISOString() },
      },
      // A row is as wide as the screen: the status shows only where statuses mix, the checker only where someone decided.
      ...(shown === 'all' ? [statusColumn] : []),
      ...(shown === 'pending' ? [] : [checkerColumn]),
    ];
  }, [t, me.operator.id, shown]);

  return (
    <div className="page">
      <h1 className="page__title">{t('nav.adjustments')}</h1>
      <p className="muted">{t('adjustments.intro')}</p>
      <fieldset className="segments">
        <legend className="visually-hidden">{t('adjustments.status')}</legend>
        {[...adjustmentStatuses, 'all' as const].map((s) => (
          <button
            key={s}
            type="button"
            className={`segment${s === shown ? ' is-active' : ''}`}
            aria-pressed={s === shown}
            onClick={() => {
              setShown(s);
              setVersion((v) => v + 1);
            }}
            data-testid={`status-${s}`}
          >
            {s === 'all' ? t('adjustments.all') : t(`adjustmentStatus.${s}`)}
          </button>
        ))}
      </fieldset>
      <DataTable
        id="adjustments"
        columns={columns}
        load={load}
        version={version}
        rowTestId={(r) => `adjustment-${r.id}`}
        filters={[
          {
            id: 'merchant',
            label: t('adjustments.merchant'),
            options: (merchants.data?.list ?? []).map((m) => ({ value: m.code, label: m.code })),
          },
        ]}
      />
      {open ? <AdjustmentDialog request={open} onClose={() => setOpen(null)} onDecided={() => setVersion((v) => v + 1)} /> : null}
    </div>
  );
}
