import { agentAdminPaths, agentTypes, type TeamMember, type TeamPage } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import {
  type ColumnDef,
  type ExpandedState,
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  type Row,
  useReactTable,
} from '@tanstack/react-table';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { dateTime, percent } from './format.ts';

/** Downlines read per level and per "more": the server's page. */
const levelPage = 50;

type Node = { kind: 'member'; id: string; member: TeamMember } | { kind: 'more'; id: string; parent: string; left: number };

interface Level {
  rows: TeamMember[];
  total: number;
  loading: boolean;
}

/**
 * The agent's team as a tree on TanStack Table's expanded rows: each level is the server's page of
 * direct downlines (the closure answers it), read when a member is first expanded, and further
 * pages on "more". A search lists matching members of the whole team with their level instead.
 */
export function TeamTree({ merchant, root, onOpen }: { merchant: string; root: string; onOpen: (account: string) => void }) {
  const { t } = useTranslation();
  const [levels, setLevels] = useState<Record<string, Level>>({});
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<TeamPage | null>(null);
  const searchId = useId();

  const read = useCallback(
    async (parent: string, pageNo: number, signal?: AbortSignal) => {
      setLevels((l) => ({ ...l, [parent]: { rows: l[parent]?.rows ?? [], total: l[parent]?.total ?? 0, loading: true } }));
      const page = await api.get<TeamPage>(agentAdminPaths.tree, {
        signal,
        params: { code: merchant },
        query: { root, parent: parent || undefined, pageNo, pageSize: levelPage },
      });
      setLevels((l) => ({
        ...l,
        [parent]: { rows: [...(pageNo === 1 ? [] : (l[parent]?.rows ?? [])), ...page.content], total: page.totalElements, loading: false },
      }));
    },
    [merchant, root],
  );

  useEffect(() => {
    const controller = new AbortController();
    setLevels({});
    setExpanded({});
    read('', 1, controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [read]);

  useEffect(() => {
    const text = search.trim();
    if (!text) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    api
      .get<TeamPage>(agentAdminPaths.tree, {
        signal: controller.signal,
        params: { code: merchant },
        query: { root, account: text, pageSize: 100 },
      })
      .then(setFound, () => undefined);
    return () => controller.abort();
  }, [search, merchant, root]);

  const nodesOf = useCallback(
    (parent: string): Node[] => {
      const level = levels[parent];
      if (!level) return [];
      const nodes: Node[] = level.rows.map((m) => ({ kind: 'member', id: m.account, member: m }));
      if (level.rows.length < level.total)
        nodes.push({ kind: 'more', id: `more:${parent}`, parent, left: level.total - level.rows.length });
      return nodes;
    },
    [levels],
  );

  const data = useMemo<Node[]>(
    () => (found ? found.content.map((m) => ({ kind: 'member', id: m.account, member: m })) : nodesOf('')),
    [found, nodesOf],
  );

  const toggle = useCallback(
    (row: Row<Node>) => {
      if (row.original.kind !== 'member') return;
      const account = row.original.member.account;
      if (!row.getIsExpanded() && !levels[account]) read(account, 1).catch(() => undefined);
      row.toggleExpanded();
    },
    [levels, read],
  );

  const columns = useMemo<ColumnDef<Node, unknown>[]>(
    () => [
      {
        id: 'account',
        header: t('agents.account'),
        cell: ({ row }) => {
          const n = row.original;
          const indent = { paddingInlineStart: `${row.depth * 20}px` };
          if (n.kind === 'more') {
            const loaded = levels[n.parent]?.rows.length ?? 0;
            return (
              <div style={indent}>
                <Button
                  size="sm"
                  variant="ghost"
                  busy={levels[n.parent]?.loading}
                  onClick={() => read(n.parent, Math.floor(loaded / levelPage) + 1).catch(() => undefined)}
                  data-testid={`tree-more-${n.parent || root}`}
                >
                  {t('agents.more', { count: Math.min(levelPage, n.left), left: n.left })}
                </Button>
              </div>
            );
          }
          const m = n.member;
          const open = row.getIsExpanded();
          return (
            <div className="tree-cell" style={indent}>
              {!found && m.teamSize > 0 ? (
                <button
                  type="button"
                  className="tree-toggle"
                  aria-expanded={open}
                  aria-label={t(open ? 'agents.collapse' : 'agents.expand', { account: m.account })}
                  onClick={() => toggle(row)}
                  data-testid={`tree-toggle-${m.account}`}
                >
                  {open ? '▾' : '▸'}
                </button>
              ) : (
                <span className="tree-toggle" aria-hidden="true" />
              )}
              {agentTypes.includes(m.isAgent) ? (
                <button type="button" className="link-button" onClick={() => onOpen(m.account)} data-testid={`tree-open-${m.account}`}>
                  {m.account}
                </button>
              ) : (
                <span>{m.account}</span>
              )}
            </div>
          );
        },
      },
      {
        id: 'type',
        header: t('agents.type'),
        cell: ({ row }) =>
          row.original.kind === 'member'
            ? t(agentTypes.includes(row.original.member.isAgent) ? 'agents.type_agent' : 'agents.type_player')
            : null,
      },
      {
        id: 'level',
        header: t('agents.level'),
        cell: ({ row }) => (row.original.kind === 'member' ? <span className="num">{row.original.member.level}</span> : null),
      },
      {
        id: 'prizeGroup',
        header: t('agents.prizeGroup'),
        cell: ({ row }) =>
          row.original.kind === 'member' ? (
            <span className="num">
              {row.original.member.prizeGroup} · {percent(row.original.member.rebateBp)}
            </span>
          ) : null,
      },
      {
        id: 'teamSize',
        header: t('agents.teamSize'),
        cell: ({ row }) =>
          row.original.kind === 'member' ? <span className="num">{row.original.member.teamSize.toLocaleString()}</span> : null,
      },
      {
        id: 'createdAt',
        header: t('agents.registered'),
        cell: ({ row }) => (row.original.kind === 'member' ? dateTime(row.original.member.createdAt) : null),
      },
      {
        id: 'lastLoginAt',
        header: t('agents.lastLogin'),
        cell: ({ row }) => (row.original.kind === 'member' ? dateTime(row.original.member.lastLoginAt) : null),
      },
    ],
    [t, levels, read, toggle, found, onOpen, root],
  );

  const table = useReactTable({
    data,
    columns,
    state: { expanded },
    onExpandedChange: setExpanded,
    getRowId: (n) => n.id,
    getSubRows: (n) => (n.kind === 'member' && !found && levels[n.member.account] ? nodesOf(n.member.account) : undefined),
    getRowCanExpand: (row) => row.original.kind === 'member' && row.original.member.teamSize > 0,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
  });

  const top = levels[''];
  const rows = table.getRowModel().rows;
  return (
    <section className="stack" data-testid="agent-tree">
      <div className="table-filter">
        <label htmlFor={searchId}>{t('agents.teamSearch')}</label>
        <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} data-testid="tree-search" />
      </div>
      <div className="table-scroll agent-tree">
        <table className="data-table">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id}>{flexRender(header.column.columnDef.header, header.getContext())}</th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid={row.original.kind === 'member' ? `tree-${row.original.member.account}` : undefined}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {top && !top.loading && rows.length === 0 ? (
          <p className="table-empty">{found ? t('table.empty') : t('agents.teamEmpty')}</p>
        ) : null}
      </div>
    </section>
  );
}
