import { type PlayerAddresses, type PlayerLogin, type PlayerSeen, playerPaths } from '@platform/contract';
import { Loader } from '@platform/ui/Loader.tsx';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { locale } from '../../i18n/index.ts';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';

const when = (ms: number) => new Date(ms).toLocaleString(locale(), { dateStyle: 'short', timeStyle: 'short' });

/** The player's logins, newest first and paged by the server, under the addresses and devices they came from. */
export function PlayerLogins({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const seen = useLoad((signal) => api.get<PlayerAddresses>(playerPaths.addresses, { signal, params: { memberId } }), [memberId]);
  const load = useMemo(
    () => async (query: TableQuery, signal: AbortSignal) => {
      const answer = await api.get<{ list: PlayerLogin[]; total: number; capped: boolean }>(playerPaths.logins, {
        signal,
        params: { memberId },
        query: { page: query.page, pageSize: query.pageSize },
      });
      return { rows: answer.list, total: answer.total, capped: answer.capped };
    },
    [memberId],
  );
  const columns = useMemo<ColumnDef<PlayerLogin, unknown>[]>(
    () => [
      {
        id: 'at',
        accessorKey: 'at',
        header: t('players.time'),
        enableSorting: false,
        cell: (c) => new Date(c.row.original.at).toLocaleString(locale()),
        meta: { csv: (r: PlayerLogin) => new Date(r.at).toISOString() },
      },
      { id: 'ip', accessorKey: 'ip', header: t('players.ip'), enableSorting: false },
      {
        id: 'country',
        accessorKey: 'country',
        header: t('players.country'),
        enableSorting: false,
        cell: (c) => c.row.original.country || '—',
      },
      { id: 'kind', accessorKey: 'kind', header: t('players.loginKind'), enableSorting: false },
      {
        id: 'device',
        accessorKey: 'device',
        header: t('players.device'),
        enableSorting: false,
        cell: (c) => <Clip text={c.row.original.device} />,
      },
      {
        id: 'userAgent',
        accessorKey: 'userAgent',
        header: t('players.userAgent'),
        enableSorting: false,
        cell: (c) => <Clip text={c.row.original.userAgent} />,
      },
    ],
    [t],
  );

  return (
    <div className="stack" data-testid="player-logins">
      {!seen.data ? (
        <Loader label={t('app.loading')} />
      ) : (
        <>
          <SeenTable
            title={t('players.ips')}
            valueLabel={t('players.ip')}
            rows={seen.data.ips}
            detailLabel={t('players.country')}
            testId="player-ips"
          />
          <SeenTable
            title={t('players.devices')}
            valueLabel={t('players.device')}
            rows={seen.data.devices}
            detailLabel={t('players.userAgent')}
            testId="player-devices"
          />
        </>
      )}
      {seen.data?.more ? <p className="muted">{t('players.seenMore')}</p> : null}
      <section>
        <h2 className="section-title">{t('players.logins')}</h2>
        <DataTable id="player-logins" columns={columns} load={load} pageSize={25} rowTestId={(l) => `login-${l.id}`} />
      </section>
    </div>
  );
}

function Clip({ text }: { text: string }) {
  return text ? (
    <span className="cell-clip" title={text}>
      {text}
    </span>
  ) : (
    <span className="muted">—</span>
  );
}

function SeenTable({
  title,
  valueLabel,
  rows,
  detailLabel,
  testId,
}: {
  title: string;
  valueLabel: string;
  rows: PlayerSeen[];
  detailLabel: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section data-testid={testId}>
      <h2 className="section-title">{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('players.seenNone')}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table compact">
            <thead>
              <tr>
                <th>{valueLabel}</th>
                <th>{detailLabel}</th>
                <th>{t('players.firstSeen')}</th>
                <th>{t('players.lastSeen')}</th>
                <th>{t('players.count')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.value}>
                  <td>
                    <Clip text={r.value} />
                  </td>
                  <td>
                    <Clip text={r.detail} />
                  </td>
                  <td>{when(r.firstAt)}</td>
                  <td>{when(r.lastAt)}</td>
                  <td className="num">{r.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
