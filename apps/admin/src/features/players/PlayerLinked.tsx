import { type LinkedPlayer, type LinkedPlayers, playerPaths } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { Loader } from '@platform/ui/Loader.tsx';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { locale } from '../../i18n/index.ts';

/**
 * The other players of the merchant who share an address, a device or a payee with this one (the
 * multi-account check), each with what links them; a click opens that player.
 */
export function PlayerLinked({ memberId, onOpen }: { memberId: number; onOpen?: (player: LinkedPlayer) => void }) {
  const { t } = useTranslation();
  const linked = useLoad((signal) => api.get<LinkedPlayers>(playerPaths.linked, { signal, params: { memberId } }), [memberId]);
  if (!linked.data) return <Loader label={t('app.loading')} />;
  const { list, more } = linked.data;
  return (
    <section className="stack" data-testid="player-linked">
      <p className="muted">{t('players.linkedHint')}</p>
      {list.length === 0 ? (
        <p className="muted" data-testid="linked-empty">
          {t('players.linkedNone')}
        </p>
      ) : (
        <table className="data-table compact">
          <thead>
            <tr>
              <th>{t('players.account')}</th>
              <th>{t('players.registered')}</th>
              <th>{t('players.linkedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((p) => (
              <tr key={p.id} data-testid={`linked-${p.id}`}>
                <td>
                  {onOpen ? (
                    <Button variant="ghost" size="sm" onClick={() => onOpen(p)} data-testid={`linked-open-${p.id}`}>
                      {p.account}
                    </Button>
                  ) : (
                    p.account
                  )}
                </td>
                <td>{new Date(p.createdAt).toLocaleDateString(locale())}</td>
                <td>
                  <ul className="link-list">
                    {p.links.map((l) => (
                      <li key={`${l.kind}:${l.value}`}>
                        <span className={`badge badge--link-${l.kind}`}>{t(`players.link_${l.kind}`)}</span>{' '}
                        <span className="cell-clip" title={l.value}>
                          {l.value}
                        </span>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more ? <p className="muted">{t('players.linkedMore')}</p> : null}
    </section>
  );
}
