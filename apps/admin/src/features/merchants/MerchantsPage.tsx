import { adminPaths } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useMe } from '../../app/me.tsx';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';
import { MaintenanceBadge } from './MaintenanceBadge.tsx';
import { MerchantDialog } from './MerchantDialog.tsx';
import type { AdminMerchant } from './merchant.ts';
import './texts.ts';
import '../../ui/screens.css';

/** The merchants of the operator's scope: a handful per platform, so the list is answered whole and paged here. */
async function loadMerchants(query: TableQuery, signal: AbortSignal) {
  const { list } = await api.get<{ list: AdminMerchant[] }>(adminPaths.merchants, { signal });
  return { rows: list.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize), total: list.length };
}

export default function MerchantsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const canManage = me.permissions.includes('merchants.manage');
  const [open, setOpen] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  const columns = useMemo<ColumnDef<AdminMerchant, unknown>[]>(
    () => [
      { id: 'code', accessorKey: 'code', header: t('merchants.code'), enableSorting: false },
      { id: 'currency', accessorKey: 'currency', header: t('merchants.currency'), enableSorting: false },
      {
        id: 'languages',
        accessorKey: 'languages',
        header: t('merchants.languages'),
        enableSorting: false,
        cell: (c) => c.row.original.languages.join(', '),
      },
      {
        id: 'maintenance',
        accessorKey: 'maintenance',
        header: t('merchants.maintenance'),
        enableSorting: false,
        cell: (c) => <MaintenanceBadge merchant={c.row.original} />,
      },
      {
        id: 'restrictedCountries',
        accessorKey: 'restrictedCountries',
        header: t('merchants.restricted'),
        enableSorting: false,
        cell: (c) => c.row.original.restrictedCountries.join(', ') || t('merchants.none'),
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        enableHiding: false,
        cell: (c) => (
          <Button size="sm" variant="outline" onClick={() => setOpen(c.row.original.code)} data-testid={`manage-${c.row.original.code}`}>
            {canManage ? t('merchants.manage') : t('merchants.view')}
          </Button>
        ),
      },
    ],
    [t, canManage],
  );

  return (
    <div className="page">
      <h1 className="page__title">{t('nav.merchants')}</h1>
      <DataTable id="merchants" columns={columns} load={loadMerchants} version={version} rowTestId={(m) => `merchant-${m.code}`} />
      {open ? (
        <MerchantDialog code={open} canManage={canManage} onClose={() => setOpen(null)} onChanged={() => setVersion((v) => v + 1)} />
      ) : null}
    </div>
  );
}
