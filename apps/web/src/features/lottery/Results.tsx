import type { DrawResult, LotteryGame } from '@platform/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../ui/format-date.ts';
import { padNumber, resultBalls, resultText } from './format.ts';
import { type DrawCheck, verifyDraw } from './verify-draw.ts';

/** Number range of a family's positional results, for the trend table. */
const trendRange: Record<string, { min: number; max: number; columns: number }> = {
  SSC: { min: 0, max: 9, columns: 5 },
  '11X5': { min: 1, max: 11, columns: 5 },
  PK10: { min: 1, max: 10, columns: 10 },
};

/** A row of result balls. */
export function Balls({ result, family }: { result: unknown; family: string }) {
  const balls = resultBalls(result);
  return (
    <span className={`balls balls--${family.toLowerCase()}`} role="img" aria-label={resultText(result)}>
      {balls.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a result's balls are positional
        <span key={i} className={`ball${b.special ? ' ball--special' : ''}`} aria-hidden="true">
          {b.value}
        </span>
      ))}
    </span>
  );
}

/**
 * Last results' numbers per position, each cell coloured by how often its number came up in that
 * position over the window (hot: well above its fair share, cold: at most once), with a row of the
 * numbers missing from each position.
 */
function Trend({ results, family }: { results: readonly DrawResult[]; family: string }) {
  const { t } = useTranslation();
  const spec = trendRange[family];
  const drawn = results.filter((r) => Array.isArray(r.result)).slice(0, 20);
  if (!spec || drawn.length === 0) return null;
  const columns = Array.from({ length: spec.columns }, (_, c) => drawn.map((r) => Number((r.result as number[])[c])));
  const counts = columns.map((col) => {
    const m = new Map<number, number>();
    for (const n of col) m.set(n, (m.get(n) ?? 0) + 1);
    return m;
  });
  const size = spec.max - spec.min + 1;
  const fair = drawn.length / size;
  const hotFrom = Math.max(2, Math.ceil(fair * 1.8));
  const heat = (c: number, n: number) => {
    const k = counts[c]?.get(n) ?? 0;
    if (k >= hotFrom) return 'is-hot';
    if (k <= 1 && fair >= 1) return 'is-cold';
    return '';
  };
  const pad = spec.max >= 10 ? 2 : 0;
  const head = (c: number) => (family === 'SSC' ? t(`lottery.position.p${c}` as 'lottery.position.p0') : t('lottery.rank', { n: c + 1 }));
  return (
    <div className="trend" data-testid="trend">
      <div className="trend__scroll">
        <table className="trend__table">
          <caption className="sr-only">{t('lottery.trend')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('lottery.issue')}</th>
              {columns.map((_, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: positions are fixed
                <th key={c} scope="col">
                  {head(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {drawn.map((r, i) => (
              <tr key={r.issue}>
                <th scope="row">{r.issue.slice(-4)}</th>
                {columns.map((col, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: positions are fixed
                  <td key={c} className={heat(c, col[i] as number)}>
                    {padNumber(col[i] as number, pad)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('lottery.missing')}</th>
              {counts.map((m, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: positions are fixed
                <td key={c} className="trend__missing">
                  {Array.from({ length: size }, (_, k) => spec.min + k)
                    .filter((n) => !m.has(n))
                    .map((n) => padNumber(n, pad))
                    .join(' ') || '–'}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="trend__legend">
        <span className="trend__key is-hot">{t('lottery.hot')}</span>
        <span className="trend__key is-cold">{t('lottery.cold')}</span>
        {t('lottery.trendNote', { count: drawn.length })}
      </p>
    </div>
  );
}

/** A drawn issue's published hash and revealed seed, and their check once the player asks for it. */
function SeedCheck({ family, draw }: { family: string; draw: DrawResult & { seed: string; seedHash: string } }) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<DrawCheck | null>(null);
  return (
    <div className="seed" data-testid="seed">
      <div>
        <span className="seed__label">{t('lottery.seedHash')}</span>{' '}
        <code className="seed__value" data-testid="seed-hash">
          {draw.seedHash}
        </code>
      </div>
      <div>
        <span className="seed__label">{t('lottery.seed')}</span>{' '}
        <code className="seed__value" data-testid="seed-value">
          {draw.seed}
        </code>
      </div>
      <div>
        <button type="button" className="lot-link" onClick={() => setCheck(verifyDraw(family, draw))} data-testid="verify-draw">
          {t('lottery.fairness')}
        </button>{' '}
        {check ? (
          <span className={`seed__state seed__state--${check.matches ? 'ok' : 'bad'}`} role="status" data-testid="verify-state">
            {t(check.matches ? 'lottery.verify_ok' : 'lottery.verify_bad')}
          </span>
        ) : null}
      </div>
      {check ? (
        <ul className="seed__checks" data-testid="verify-detail">
          <li className={check.hashMatches ? 'is-ok' : 'is-bad'}>
            {t(check.hashMatches ? 'lottery.verifyHashOk' : 'lottery.verifyHashBad')}
          </li>
          <li className={check.resultMatches ? 'is-ok' : 'is-bad'}>
            {check.resultMatches
              ? t('lottery.verifyResultOk')
              : t('lottery.verifyResultBad', { result: resultText(check.computed) || '–' })}
          </li>
          {check.computed ? (
            <li className="seed__recomputed">
              <span className="seed__label">{t('lottery.recomputed')}</span> <Balls result={check.computed} family={family} />
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Recent results of the game and its trend table. Our own draws show, per issue, the seed hash
 * published before betting and the seed revealed with the result, checked in the browser on request,
 * and the issue taking bets its committed hash; official draws say whose result it is.
 */
export function Results({
  results,
  family,
  source,
  current,
}: {
  results: readonly DrawResult[] | undefined;
  family: string;
  source: LotteryGame['resultSource'];
  current: LotteryGame['current'];
}) {
  const { t } = useTranslation();
  if (!results) return <div className="skeleton results__skeleton" />;
  const shown = results.filter((r) => r.status !== 'open');
  const committed =
    source === 'rng' && current?.seedHash ? (
      <p className="seed seed--committed" data-testid="committed-hash">
        <span className="seed__label">{t('lottery.committedHash', { issue: current.issue })}</span>{' '}
        <code className="seed__value">{current.seedHash}</code>
      </p>
    ) : null;
  if (shown.length === 0)
    return (
      <>
        {committed}
        <p className="muted">{t('lottery.noResults')}</p>
      </>
    );
  return (
    <div className="results" data-testid="results">
      {committed}
      <ul className="results__list">
        {shown.slice(0, 10).map((r) => (
          <li key={r.issue} className="results__item" data-testid="result-item" data-issue={r.issue}>
            <div className="results__line">
              <span className="results__issue">{r.issue}</span>
              <span className="results__time">{formatDate(Date.parse(r.drawAt), 'MM-dd HH:mm')}</span>
              {r.status === 'cancelled' ? (
                <span className="badge">{t('lottery.cancelled')}</span>
              ) : (
                <Balls result={r.result} family={family} />
              )}
              {source === 'official' && r.status !== 'cancelled' ? (
                <span className="badge badge--official" data-testid="official-result">
                  {t('lottery.officialResult')}
                </span>
              ) : null}
            </div>
            {source === 'rng' && r.seed && r.seedHash ? (
              <SeedCheck family={family} draw={{ ...r, seed: r.seed, seedHash: r.seedHash }} />
            ) : null}
          </li>
        ))}
      </ul>
      <h3 className="section__title">{t('lottery.trend')}</h3>
      <Trend results={shown} family={family} />
      {trendRange[family] ? null : <p className="muted">{t('lottery.trendNone')}</p>}
    </div>
  );
}
