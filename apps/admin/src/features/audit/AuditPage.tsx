import { type AuditLogRow, type AuditVerification, adminPaths } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { useMe } from '../../app/me.tsx';
import { locale } from '../../i18n/index.ts';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';

/** Local midnight of a yyyy-mm-dd date input, as epoch ms (`endOfDay`: the next midnight). */
function dayMs(value: string | undefined, endOfDay = false): number | undefined {
  if (!value) return undefined;
  const [y, m, d] = value.split('-').map(Number);
  if (!y || !m || !d) return undefined;
  return new Date(y, m - 1, d + (endOfDay ? 1 : 0)).getTime();
}

/** One page from the server: it pages, filters and orders (by time, the only order of a chain). */
function loadAudit(query: TableQuery, signal: AbortSignal) {
  const f = query.filters;
  return api
    .get<{ list: AuditLogRow[]; total: number }>(adminPaths.auditLog, {
      signal,
      query: {
        page: query.page,
        pageSize: query.pageSize,
        operator: f.operator,
        action: f.action,
        merchant: f.merchant,
        target: f.target,
        from: dayMs(f.from),
        to: dayMs(f.to, true),
        order: query.sort?.id === 'at' && !query.sort.desc ? 'asc' : 'desc',
      },
    })
    .then((answer) => ({ rows: answer.list, total: answer.total }));
}

export default function AuditPage() {
  const { t } = useTranslation();
  const me = useMe();
  const merchants = useLoad((signal) => api.get<{ list: { code: string }[] }>(adminPaths.merchants, { signal }), []);
  const [verification, setVerification] = useState<AuditVerification | null>(null);
  const [verifying, setVerifying] = useState(false);
  const verify = async () => {
    setVerifying(true);
    try {
      setVerification(await api.send<AuditVerification>(adminPaths.auditVerify, undefined));
    } finally {
      setVerifying(false);
    }
  };

  const columns = useMemo<ColumnDef<AuditLogRow, unknown>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: '#', enableSorting: false },
      {
        id: 'at',
        accessorKey: 'at',
        header: t('audit.time'),
        cell: (c) => new Date(c.row.original.at).toLocaleString(locale()),
        meta: { csv: (r: AuditLogRow) => new Date(r.at).toISOString() },
      },
      { id: 'operator', accessorKey: 'operator', header: t('audit.operator'), enableSorting: false },
      { id: 'action', accessorKey: 'action', header: t('audit.action'), enableSorting: false },
      {
        id: 'merchant',
        accessorKey: 'merchant',
        header: t('audit.merchant'),
        enableSorting: false,
        cell: (c) => c.row.original.merchant ?? t('audit.platform'),
      },
      { id: 'target', accessorKey: 'target', header: t('audit.target'), enableSorting: false },
      { id: 'reason', accessorKey: 'reason', header: t('audit.reason'), enableSorting: false },
      {
        id: 'details',
        header: t('audit.details'),
        enableSorting: false,
        cell: (c) => <code className="details">{JSON.stringify(c.row.original.details)}</code>,
        meta: { csv: (r: AuditLogRow) => JSON.stringify(r.details) },
      },
      {
        id: 'hash',
        accessorKey: 'hash',
        header: t('audit.hash'),
        enableSorting: false,
        cell: (c) => <code title={c.row.original.hash}>{c.row.original.hash.slice(0, 12)}…</code>,
        meta: { csv: (r: AuditLogRow) => r.hash },
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <h1 className="page__title">{t('nav.audit')}</h1>
      {verification ? (
        <p className={`notice ${verification.ok ? 'notice--ok' : 'notice--bad'}`} role="status" data-testid="audit-verification">
          {verification.ok
            ? t('audit.verifiedOk', { rows: verification.rows, head: verification.headHash.slice(0, 16) })
            : t('audit.verifiedBroken', { count: verification.breaks.length })}
          {verification.breaks.map((b) => (
            <span key={`${b.id}-${b.problem}`} className="break-line">
              {b.problem === 'edited' ? t('audit.breakEdited', { id: b.id }) : t('audit.breakUnlinked', { id: b.id })}
            </span>
          ))}
        </p>
      ) : null}
      <DataTable
        id="audit"
        columns={columns}
        load={loadAudit}
        rowTestId={(r) => `audit-${r.id}`}
        filters={[
          { id: 'operator', label: t('audit.operator') },
          { id: 'action', label: t('audit.action') },
          { id: 'target', label: t('audit.target') },
          {
            id: 'merchant',
            label: t('audit.merchant'),
            options: (merchants.data?.list ?? []).map((m) => ({ value: m.code, label: m.code })),
          },
          { id: 'from', label: t('audit.from'), type: 'date' },
          { id: 'to', label: t('audit.to'), type: 'date' },
        ]}
        toolbar={
          me.operator.merchants === 'all' ? (
            <Button size="sm" busy={verifying} onClick={() => void verify()} data-testid="audit-verify">
              {t('audit.verify')}
            </Button>
          ) : null
        }
      />
    </div>
  );
}
