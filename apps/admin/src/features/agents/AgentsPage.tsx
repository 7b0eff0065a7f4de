import { type AdminAgent, type AdminAgentPage, adminPaths, agentDirectoryPaths } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import type { ColumnDef } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';
import { AgentDialog } from './AgentDialog.tsx';
import { dateTime, percent } from './format.ts';
import { readPage } from './paging.ts';
import './texts.ts';
import '../../ui/screens.css';
import './agents.css';

/**
 * The agents of one merchant of the operator's scope (the server checks the scope on every call),
 * searched by account and paged by the server; a row opens the agent.
 */
export default function AgentsPage() {
  const { t } = useTranslation();
  const merchants = useLoad((signal) => api.get<{ list: { code: string; currency: string }[] }>(adminPaths.merchants, { signal }), []);
  const list = merchants.data?.list ?? [];
  const [chosen, setMerchant] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const selectId = useId();
  // The first merchant of the scope until the operator picks one: derived, not set by an effect, so a
  // pick made as the list arrives is never overwritten by the effect's late default.
  const merchant = chosen || (list[0]?.code ?? '');
  const currency = list.find((m) => m.code === merchant)?.currency ?? '';

  const load = useMemo(
    () => (query: TableQuery, signal: AbortSignal) =>
      readPage(query.page, query.pageSize, (pageNo, pageSize) =>
        api.get<AdminAgentPage>(agentDirectoryPaths.list, {
          signal,
          params: { code: merchant },
          query: { account: query.filters.account, pageNo, pageSize },
        }),
      ),
    [merchant],
  );

  const columns = useMemo<ColumnDef<AdminAgent, unknown>[]>(
    () => [
      { id: 'account', accessorKey: 'account', header: t('agents.account'), enableSorting: false },
      { id: 'upline', accessorKey: 'upline', header: t('agents.upline'), enableSorting: false, cell: (c) => c.row.original.upline || '—' },
      {
        id: 'prizeGroup',
        accessorKey: 'prizeGroup',
        header: t('agents.prizeGroup'),
        enableSorting: false,
        cell: (c) => <span className="num">{c.row.original.prizeGroup}</span>,
      },
      {
        id: 'rebateBp',
        accessorKey: 'rebateBp',
        header: t('agents.rebate'),
        enableSorting: false,
        cell: (c) => <span className="num">{percent(c.row.original.rebateBp)}</span>,
      },
      {
        id: 'teamSize',
        accessorKey: 'teamSize',
        header: t('agents.teamSize'),
        enableSorting: false,
        cell: (c) => <span className="num">{c.row.original.teamSize.toLocaleString()}</span>,
      },
      {
        id: 'directCount',
        accessorKey: 'directCount',
        header: t('agents.directCount'),
        enableSorting: false,
        cell: (c) => <span className="num">{c.row.original.directCount.toLocaleString()}</span>,
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('agents.registered'),
        enableSorting: false,
        cell: (c) => dateTime(c.row.original.createdAt),
        meta: { csv: (r: AdminAgent) => new Date(r.createdAt).toISOString() },
      },
      {
        id: 'lastLoginAt',
        accessorKey: 'lastLoginAt',
        header: t('agents.lastLogin'),
        enableSorting: false,
        cell: (c) => dateTime(c.row.original.lastLoginAt),
        meta: { csv: (r: AdminAgent) => (r.lastLoginAt ? new Date(r.lastLoginAt).toISOString() : '') },
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        enableHiding: false,
        cell: (c) => (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setOpen(c.row.original.account)}
            data-testid={`open-agent-${c.row.original.account}`}
          >
            {t('agents.open')}
          </Button>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <h1 className="page__title">{t('nav.agents')}</h1>
      <p className="muted">{t('agents.hint')}</p>
      <div className="table-filter agents-merchant">
        <label htmlFor={selectId}>{t('agents.merchant')}</label>
        <select id={selectId} value={merchant} onChange={(e) => setMerchant(e.target.value)} data-testid="agents-merchant">
          {list.map((m) => (
            <option key={m.code} value={m.code}>
              {m.code}
            </option>
          ))}
        </select>
      </div>
      {merchant ? (
        <DataTable
          key={merchant}
          id="agents"
          columns={columns}
          load={load}
          rowTestId={(a) => `agent-${a.account}`}
          filters={[{ id: 'account', label: t('agents.search') }]}
        />
      ) : null}
      {open && merchant ? (
        <AgentDialog merchant={merchant} currency={currency} account={open} onOpen={setOpen} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}
