import { adminPaths, backofficePaths, type QueuedWithdrawal, withdrawalStatuses } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { formatMajor } from '@platform/ui/format-money.ts';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { locale } from '../../i18n/index.ts';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import './texts.ts';
import '../../ui/screens.css';

type Status = (typeof withdrawalStatuses)[number];

/** Pending first (the queue), the other statuses are its history; each is paged by the server. */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const merchants = useLoad((signal) => api.get<{ list: { code: string }[] }>(adminPaths.merchants, { signal }), []);
  const [status, setStatus] = useState<Status>('pending');
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<string | null>(null);

  const load = useMemo(
    () => (query: TableQuery, signal: AbortSignal) =>
      api
        .get<{ list: QueuedWithdrawal[]; total: number; capped: boolean }>(backofficePaths.withdrawalQueue, {
          signal,
          query: {
            status,
            merchant: query.filters.merchant,
            page: query.page,
            pageSize: query.pageSize,
            order: query.sort?.id === 'createdAt' && query.sort.desc ? 'desc' : 'asc',
          },
        })
        .then((answer) => ({ rows: answer.list, total: answer.total, capped: answer.capped })),
    [status],
  );

  const columns = useMemo<ColumnDef<QueuedWithdrawal, unknown>[]>(
    () => [
      { id: 'reference', accessorKey: 'reference', header: t('withdrawals.reference'), enableSorting: false },
      { id: 'merchant', accessorKey: 'merchant', header: t('withdrawals.merchant'), enableSorting: false },
      {
        id: 'account',
        accessorKey: 'account',
        header: t('withdrawals.player'),
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
        header: t('withdrawals.amount'),
        enableSorting: false,
        cell: (c) => <span className="num">{formatMajor(c.row.original.amount, c.row.original.currency, locale())}</span>,
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('withdrawals.requested'),
        cell: (c) => new Date(c.row.original.createdAt).toLocaleString(locale()),
        meta: { csv: (r: QueuedWithdrawal) => new Date(r.createdAt).toISOString() },
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('withdrawals.status'),
        enableSorting: false,
        cell: (c) => <StatusBadge status={c.row.original.status} />,
      },
      { id: 'reviewedBy', accessorKey: 'reviewedBy', header: t('withdrawals.reviewedBy'), enableSorting: false },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        enableHiding: false,
        cell: (c) => (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setOpen(c.row.original.reference)}
            data-testid={`review-${c.row.original.reference}`}
          >
            {t('withdrawals.review')}
          </Button>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <h1 className="page__title">{t('nav.withdrawals')}</h1>
      <fieldset className="segments">
        <legend className="visually-hidden">{t('withdrawals.status')}</legend>
        {withdrawalStatuses.map((s) => (
          <button
            key={s}
            type="button"
            className={`segment${s === status ? ' is-active' : ''}`}
            aria-pressed={s === status}
            onClick={() => {
              setStatus(s);
              setVersion((v) => v + 1);
            }}
            data-testid={`status-${s}`}
          >
            {t(`withdrawals.status_${s}`)}
          </button>
        ))}
      </fieldset>
      <DataTable
        id="withdrawals"
        columns={columns}
        load={load}
        version={version}
        rowTestId={(r) => `withdrawal-${r.reference}`}
        filters={[
          {
            id: 'merchant',
            label: t('withdrawals.merchant'),
            options: (merchants.data?.list ?? []).map((m) => ({ value: m.code, label: m.code })),
          },
        ]}
      />
      {open ? <ReviewDialog reference={open} onClose={() => setOpen(null)} onDecided={() => setVersion((v) => v + 1)} /> : null}
    </div>
  );
}
