import { lotteryAdminPaths, type OfficialDraw } from '@platform/contract';
import type { VietnamPrize } from '@platform/games/lottery';
import { Button } from '@platform/ui/Button.tsx';
import type { ColumnDef } from '@tanstack/react-table';
import i18next from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { locale } from '../../i18n/index.ts';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';
import { ResultDialog } from './ResultDialog.tsx';
import { regionOf } from './result-form.ts';
import './texts.ts';
import '../../ui/screens.css';
import './lottery.css';

type State = 'awaiting' | 'drawn';

/** A game's name in the reader's language, else English, else its code. */
const nameOf = (d: OfficialDraw) => d.gameName[i18next.language] ?? d.gameName.EN ?? d.gameCode;

/**
 * Official results of the Vietnamese lotteries: the draws whose time has come without a confirmed
 * result (to enter, or to confirm when another operator entered it), and the drawn ones with their
 * result and whether their tickets are settled. Official games settle for every merchant that offers
 * them, so the screen is for lottery operators of the whole platform (the API requires it).
 */
export default function LotteryResultsPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>('awaiting');
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<OfficialDraw | null>(null);
  const [games, setGames] = useState<{ value: string; label: string }[]>([]);

  const load = useMemo(
    () => async (query: TableQuery, signal: AbortSignal) => {
      const { list } = await api.get<{ list: OfficialDraw[] }>(lotteryAdminPaths.officialDraws, {
        signal,
        query: { state, gameCode: query.filters.game || undefined },
      });
      if (!query.filters.game) setGames([...new Map(list.map((d) => [d.gameCode, { value: d.gameCode, label: nameOf(d) }])).values()]);
      return { rows: list.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize), total: list.length };
    },
    [state],
  );

  const columns = useMemo<ColumnDef<OfficialDraw, unknown>[]>(
    () => [
      { id: 'game', header: t('lotteryResults.game'), enableSorting: false, accessorFn: (d) => nameOf(d) },
      { id: 'issue', accessorKey: 'issue', header: t('lotteryResults.issue'), enableSorting: false },
      {
        id: 'drawAt',
        accessorKey: 'drawAt',
        header: t('lotteryResults.drawAt'),
        enableSorting: false,
        cell: (c) => new Date(c.row.original.drawAt).toLocaleString(locale()),
        meta: { csv: (d: OfficialDraw) => d.drawAt },
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('lotteryResults.status'),
        enableSorting: false,
        cell: (c) => {
          const d = c.row.original;
          if (d.status === 'open')
            return (
              <span className={`badge ${d.enteredBy ? 'badge--warn' : 'badge--off'}`} data-testid={`state-${d.gameCode}-${d.issue}`}>
                {d.enteredBy ? t('lotteryResults.state_entered', { who: d.enteredBy }) : t('lotteryResults.state_waiting')}
              </span>
            );
          return (
            <span
              className={`badge ${d.status === 'settled' ? 'badge--on' : d.status === 'cancelled' ? 'badge--off' : 'badge--warn'}`}
              title={d.paidAt ? t('lotteryResults.settledAt', { at: new Date(d.paidAt).toLocaleString(locale()) }) : undefined}
              data-testid={`state-${d.gameCode}-${d.issue}`}
            >
              {t(`lotteryResults.status_${d.status}`)}
            </span>
          );
        },
      },
      {
        id: 'result',
        header: t('lotteryResults.specialPrize'),
        enableSorting: false,
        accessorFn: (d) => ((d.result as Record<VietnamPrize, string[]> | null)?.DB ?? []).join(' '),
        cell: (c) => <strong className="num">{c.getValue() as string}</strong>,
      },
      {
        id: 'tickets',
        header: t('lotteryResults.tickets'),
        enableSorting: false,
        accessorFn: (d) => d.tickets,
        cell: (c) => (
          <span className="num" data-testid={`tickets-${c.row.original.gameCode}-${c.row.original.issue}`}>
            {c.row.original.tickets.toLocaleString(locale())}
            {c.row.original.pendingTickets > 0 ? (
              <span className="muted">
                {' '}
                ({c.row.original.pendingTickets.toLocaleString(locale())} {t('lotteryResults.pending')})
              </span>
            ) : null}
          </span>
        ),
      },
      { id: 'enteredBy', accessorKey: 'enteredBy', header: t('lotteryResults.enteredBy'), enableSorting: false },
      { id: 'confirmedBy', accessorKey: 'confirmedBy', header: t('lotteryResults.confirmedBy'), enableSorting: false },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        enableHiding: false,
        cell: (c) => {
          const d = c.row.original;
          if (d.status !== 'open' || !regionOf(d.family)) return null;
          return (
            <Button size="sm" variant="outline" onClick={() => setOpen(d)} data-testid={`open-${d.gameCode}-${d.issue}`}>
              {d.enteredBy ? t('lotteryResults.confirm') : t('lotteryResults.enter')}
            </Button>
          );
        },
      },
    ],
    [t],
  );

  const region = open ? regionOf(open.family) : null;
  return (
    <div className="page">
      <h1 className="page__title">{t('nav.lottery')}</h1>
      <fieldset className="segments">
        <legend className="visually-hidden">{t('lotteryResults.status')}</legend>
        {(['awaiting', 'drawn'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={`segment${s === state ? ' is-active' : ''}`}
            aria-pressed={s === state}
            onClick={() => {
              setState(s);
              setVersion((v) => v + 1);
            }}
            data-testid={`state-${s}`}
          >
            {t(`lotteryResults.${s}`)}
          </button>
        ))}
      </fieldset>
      <DataTable
        id={`lottery-${state}`}
        columns={columns}
        load={load}
        version={version}
        rowTestId={(d) => `draw-${d.gameCode}-${d.issue}`}
        filters={[{ id: 'game', label: t('lotteryResults.game'), options: games }]}
      />
      {open && region ? (
        <ResultDialog
          draw={open}
          region={region}
          gameName={nameOf(open)}
          onClose={() => {
            setOpen(null);
            setVersion((v) => v + 1);
          }}
          onSaved={() => setVersion((v) => v + 1)}
        />
      ) : null}
    </div>
  );
}
