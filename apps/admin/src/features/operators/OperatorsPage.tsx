import { adminPaths, type OperatorView, operatorRoles } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useMe } from '../../app/me.tsx';
import { locale } from '../../i18n/index.ts';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';
import { CreateOperatorDialog } from './CreateOperatorDialog.tsx';

const scopeText = (merchants: OperatorView['merchants'], all: string) => (merchants === 'all' ? all : merchants.join(', '));

/**
 * The operators within the caller's merchants. The API answers the whole list (a platform has tens
 * of operators, not thousands), so this table's source filters, sorts and pages that list here; the
 * big tables (audit, players, withdrawals) page on the server.
 */
async function loadOperators(query: TableQuery, signal: AbortSignal) {
  const { list } = await api.get<{ list: OperatorView[] }>(adminPaths.operators, { signal });
  const needle = query.filters.account?.toLowerCase() ?? '';
  let rows = list.filter(
    (o) =>
      (!needle || o.account.includes(needle) || o.name.toLowerCase().includes(needle)) &&
      (!query.filters.role || o.role === query.filters.role),
  );
  if (query.sort) {
    const { id, desc } = query.sort;
    rows = [...rows].sort((a, b) => {
      const x = String((a as unknown as Record<string, unknown>)[id]);
      const y = String((b as unknown as Record<string, unknown>)[id]);
      return (desc ? -1 : 1) * x.localeCompare(y, undefined, { numeric: true });
    });
  }
  return { rows: rows.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize), total: rows.length };
}

export default function OperatorsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const canManage = me.permissions.includes('operators.manage') && me.via === 'session';
  const [creating, setCreating] = useState(false);
  const [version, setVersion] = useState(0);
  const [busyId, setBusyId] = useState<number | null>(null);

  const toggle = useCallback(async (operator: OperatorView) => {
    setBusyId(operator.id);
    try {
      await api.send(adminPaths.operator, { disabled: !operator.disabled }, { method: 'PATCH', params: { id: operator.id } });
      setVersion((v) => v + 1);
    } finally {
      setBusyId(null);
    }
  }, []);

  const columns = useMemo<ColumnDef<OperatorView, unknown>[]>(
    () => [
      { id: 'account', accessorKey: 'account', header: t('operators.account') },
      { id: 'name', accessorKey: 'name', header: t('operators.name') },
      {
        id: 'role',
        accessorKey: 'role',
        header: t('operators.role'),
        cell: (c) => t(`role.${c.row.original.role}`),
        meta: { csv: (o: OperatorView) => o.role },
      },
      {
        id: 'merchants',
        header: t('operators.merchants'),
        enableSorting: false,
        cell: (c) => scopeText(c.row.original.merchants, t('operators.allMerchants')),
        meta: { csv: (o: OperatorView) => scopeText(o.merchants, 'all') },
      },
      {
        id: 'status',
        header: t('operators.status'),
        enableSorting: false,
        cell: (c) => {
          const o = c.row.original;
          if (o.disabled) return <span className="badge badge--off">{t('operators.disabled')}</span>;
          if (o.mustChangePassword || !o.totpEnabled) return <span className="badge badge--warn">{t('operators.pending')}</span>;
          return <span className="badge badge--on">{t('operators.active')}</span>;
        },
        meta: { csv: (o: OperatorView) => (o.disabled ? 'disabled' : o.mustChangePassword || !o.totpEnabled ? 'pending' : 'active') },
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('operators.created'),
        cell: (c) => new Date(c.row.original.createdAt).toLocaleDateString(locale()),
        meta: { csv: (o: OperatorView) => new Date(o.createdAt).toISOString() },
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        enableHiding: false,
        cell: (c) =>
          canManage && c.row.original.id !== me.operator.id ? (
            <Button variant="ghost" size="sm" busy={busyId === c.row.original.id} onClick={() => void toggle(c.row.original)}>
              {c.row.original.disabled ? t('operators.enable') : t('operators.disable')}
            </Button>
          ) : null,
      },
    ],
    [t, canManage, me.operator.id, busyId, toggle],
  );

  return (
    <div className="page">
      <h1 className="page__title">{t('nav.operators')}</h1>
      <DataTable
        id="operators"
        columns={columns}
        load={loadOperators}
        version={version}
        rowTestId={(o) => `operator-${o.account}`}
        filters={[
          { id: 'account', label: t('operators.search') },
          { id: 'role', label: t('operators.role'), options: roleOptions(t) },
        ]}
        toolbar={
          canManage ? (
            <Button size="sm" onClick={() => setCreating(true)} data-testid="create-operator">
              {t('operators.create')}
            </Button>
          ) : null
        }
      />
      {creating ? (
        <CreateOperatorDialog
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </div>
  );
}

const roleOptions = (t: (key: string) => string) => operatorRoles.map((r) => ({ value: r, label: t(`role.${r}`) }));
