import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { formatDate } from '../../ui/format-date.ts';
import { type RoundRecord, readRound } from './play-api.ts';
import type { PlaySession } from './use-play.ts';

/** The last money round as the server recorded it (the betting record's entry, with what replays it). */
export function LastRound({ session }: { session: PlaySession }) {
  const { t } = useTranslation();
  const [record, setRecord] = useState<RoundRecord | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const roundId = session.last && !session.last.demo ? session.last.roundId : null;
  const token = session.token;

  useEffect(() => {
    if (!roundId || !token) return;
    let live = true;
    readRound(token, roundId).then(
      (r) => {
        if (!live) return;
        setRecord(r);
        setProblem(null);
      },
      (err: unknown) => live && setProblem(errorText(t, err)),
    );
    return () => {
      live = false;
    };
  }, [roundId, token, t]);

  if (!roundId) return null;
  return (
    <section className="fair" aria-labelledby="last-round-title" data-testid="last-round">
      <h2 id="last-round-title" className="fair__title">
        {t('play.lastRound')}
      </h2>
      {problem ? <p className="fair__error">{problem}</p> : null}
      {record && record.roundId === roundId ? (
        <dl className="fair__list">
          <dt>{t('play.roundId')}</dt>
          <dd className="mono" data-testid="last-round-id">
            {record.roundId}
          </dd>
          <dt>{t('play.roundTime')}</dt>
          <dd>{formatDate(Date.parse(record.openedAt))}</dd>
          <dt>{t('play.stake')}</dt>
          <dd className="amount">{session.money(record.stake)}</dd>
          <dt>{t('play.roundWin')}</dt>
          <dd className="amount" data-testid="last-round-win">
            {session.money(record.win)}
          </dd>
          <dt>{t('play.roundStatus')}</dt>
          <dd data-testid="last-round-status">{record.status}</dd>
        </dl>
      ) : (
        <p className="fair__note">{t('common.loading')}</p>
      )}
    </section>
  );
}
