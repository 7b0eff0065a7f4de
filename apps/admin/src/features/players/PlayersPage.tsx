import { adminPaths, backofficePaths, type MemberRowView } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { locale } from '../../i18n/index.ts';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';
import { PlayerDialog } from './PlayerDialog.tsx';
import { typeKey } from './player-type.ts';
import './texts.ts';
import '../../ui/screens.css';

/** The server searches (exact account, mobile, id, e-mail or login address, index-backed) and pages. */
function loadPlayers(query: TableQuery, signal: AbortSignal) {
  return api
    .get<{ list: MemberRowView[]; total: number; capped: boolean }>(backofficePaths.members, {
      signal,
      query: { merchant: query.filters.merchant, q: query.filters.q, page: query.page, pageSize: query.pageSize },
    })
    .then((answer) => ({ rows: answer.list, total: answer.total, capped: answer.capped }));
}

export default function PlayersPage() {
  const { t } = useTranslation();
  const merchants = useLoad((signal) => api.get<{ list: { code: string }[] }>(adminPaths.merchants, { signal }), []);
  const [open, setOpen] = useState<MemberRowView | null>(null);

  const columns = useMemo<ColumnDef<MemberRowView, unknown>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: t('players.id'), enableSorting: false },
      { id: 'merchant', accessorKey: 'merchant', header: t('players.merchant'), enableSorting: false },
      { id: 'account', accessorKey: 'account', header: t('players.account'), enableSorting: false },
      { id: 'nickname', accessorKey: 'nickname', header: t('players.nickname'), enableSorting: false },
      { id: 'mobile', accessorKey: 'mobile', header: t('players.mobile'), enableSorting: false },
      {
        id: 'type',
        accessorKey: 'type',
        header: t('players.type'),
        enableSorting: false,
        cell: (c) => t(`players.${typeKey(c.row.original.type)}`),
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('players.registered'),
        enableSorting: false,
        cell: (c) => new Date(c.row.original.createdAt).toLocaleString(locale()),
        meta: { csv: (r: MemberRowView) => new Date(r.createdAt).toISOString() },
      },
      {
        id: 'lastLoginAt',
        accessorKey: 'lastLoginAt',
        header: t('players.lastLogin'),
        enableSorting: false,
        cell: (c) => (c.row.original.lastLoginAt ? new Date(c.row.original.lastLoginAt).toLocaleString(locale()) : '—'),
        meta: { csv: (r: MemberRowView) => (r.lastLoginAt ? new Date(r.lastLoginAt).toISOString() : '') },
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        enableHiding: false,
        cell: (c) => (
          <Button size="sm" variant="outline" onClick={() => setOpen(c.row.original)} data-testid={`open-player-${c.row.original.account}`}>
            {t('players.open')}
          </Button>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <h1 className="page__title">{t('nav.players')}</h1>
      <p className="muted">{t('players.searchHint')}</p>
      <DataTable
        id="players"
        columns={columns}
        load={loadPlayers}
        rowTestId={(m) => `player-${m.account}`}
        filters={[
          { id: 'q', label: t('players.search') },
          {
            id: 'merchant',
            label: t('players.merchant'),
            options: (merchants.data?.list ?? []).map((m) => ({ value: m.code, label: m.code })),
          },
        ]}
      />
      {open ? <PlayerDialog key={open.id} player={open} onClose={() => setOpen(null)} onOpen={setOpen} /> : null}
    </div>
  );
}
