import { lotteryAdminPaths, type OfficialDraw } from '@platform/contract';
import type { VietnamPrize, VietnamRegion } from '@platform/games/lottery';
import { Button } from '@platform/ui/Button.tsx';
import { Dialog } from '@platform/ui/Dialog.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../api/client.ts';
import { useMe } from '../../app/me.tsx';
import { fieldErrors } from '../../ui/field-errors.ts';
import { cellOf, emptySheet, prizesOf, sheetProblems, sheetResult } from './result-form.ts';

/** A prize's name on the sheet: the special prize (giải đặc biệt), then the first (giải nhất) to the eighth. */
export const prizeLabel = (t: (key: string) => string, prize: VietnamPrize) =>
  prize === 'DB' ? t('lotteryResults.specialPrize') : t(`lotteryResults.prize_${prize}`);

/**
 * The official sheet of one draw: one box per number, each checked at its box for its prize's
 * length. The first operator saves an entry; another operator confirms by typing the result again
 * (the first entry is never shown), and the server draws the issue when both match.
 */
export function ResultDialog({
  draw,
  region,
  gameName,
  onClose,
  onSaved,
}: {
  draw: OfficialDraw;
  region: VietnamRegion;
  gameName: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const own = draw.enteredBy === me.operator.account;
  const confirming = draw.enteredBy !== null && !own;
  const [sheet, setSheet] = useState(() => emptySheet(region));
  const [shown, setShown] = useState<Record<string, string>>({});
  const [prizeErrors, setPrizeErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<'savedEnter' | 'savedConfirm' | null>(null);

  const problemText = (p: { key: string; digits: number }) => t(p.key, { digits: p.digits });
  const setCell = (prize: VietnamPrize, index: number, value: string) => {
    setSheet((s) => ({ ...s, [prize]: s[prize].map((v, i) => (i === index ? value.trim() : v)) }));
    setShown((e) => {
      const { [cellOf(prize, index)]: _, ...rest } = e;
      return rest;
    });
  };
  const checkCell = (prize: VietnamPrize, index: number) => {
    const problem = sheetProblems(region, sheet)[cellOf(prize, index)];
    if (problem && sheet[prize][index] !== '') setShown((e) => ({ ...e, [cellOf(prize, index)]: problemText(problem) }));
  };

  const submit = async () => {
    setFormError(null);
    setPrizeErrors({});
    const problems = sheetProblems(region, sheet);
    const result = sheetResult(region, sheet);
    if (!result) {
      setShown(Object.fromEntries(Object.entries(problems).map(([cell, p]) => [cell, problemText(p)])));
      return;
    }
    setBusy(true);
    try {
      await api.send(
        confirming ? lotteryAdminPaths.confirmResult : lotteryAdminPaths.enterResult,
        { result },
        {
          params: { gameCode: draw.gameCode, issue: draw.issue },
        },
      );
      setDone(confirming ? 'savedConfirm' : 'savedEnter');
      onSaved();
    } catch (err) {
      // A prize the server refuses is named as result.<prize>: shown at that prize's row.
      const byPrize: Record<string, string> = {};
      if (err instanceof ApiError)
        for (const f of err.fields) if (f.field.startsWith('result.')) byPrize[f.field.slice(7)] = t('lotteryResults.prizeProblem');
      setPrizeErrors(byPrize);
      if (Object.keys(byPrize).length === 0) setFormError(fieldErrors(t, err).form ?? t('error.unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('lotteryResults.titleEnter', { game: gameName, issue: draw.issue })}
      closeLabel={t('app.close')}
      size="lg"
      testId="result-dialog"
    >
      <div className="stack">
        <p className="muted" data-testid="result-hint">
          {own
            ? t('lotteryResults.hintOwn')
            : confirming
              ? t('lotteryResults.hintConfirm', { who: draw.enteredBy })
              : t('lotteryResults.hintEnter')}
        </p>
        {done ? (
          <p className="notice notice--ok" role="status" data-testid="result-done">
            {t(`lotteryResults.${done}`)}
          </p>
        ) : (
          <form
            className="stack"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <table className="sheet">
              <tbody>
                {prizesOf(region).map(({ prize, count, digits }) => (
                  <tr key={prize} className={prizeErrors[prize] ? 'has-error' : undefined} data-prize={prize}>
                    <th scope="row">{prizeLabel(t, prize)}</th>
                    <td>
                      <div className="sheet__cells">
                        {Array.from({ length: count }, (_, i) => {
                          const cell = cellOf(prize, i);
                          const error = shown[cell];
                          return (
                            <div key={cell} className={`sheet__cell${error ? ' has-error' : ''}`}>
                              <input
                                className="field__input sheet__input"
                                style={{ width: `${digits + 2.5}ch` }}
                                inputMode="numeric"
                                autoComplete="off"
                                maxLength={digits + 2}
                                aria-label={`${prizeLabel(t, prize)} ${i + 1}`}
                                aria-invalid={error ? true : undefined}
                                placeholder={'0'.repeat(digits)}
                                value={sheet[prize][i] ?? ''}
                                onChange={(e) => setCell(prize, i, e.target.value)}
                                onBlur={() => checkCell(prize, i)}
                                data-testid={`cell-${cell}`}
                              />
                              {error ? (
                                <span className="field__error" data-testid={`error-${cell}`}>
                                  {error}
                                </span>
                              ) : null}
                            </div>
                          );
                        })}
                      </div>
                      {prizeErrors[prize] ? (
                        <p className="field__error" data-testid={`error-${prize}`}>
                          {prizeErrors[prize]}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {formError ? (
              <p className="form-error" role="alert" data-testid="form-error">
                {formError}
              </p>
            ) : null}
            <div className="row-end">
              <Button type="submit" busy={busy} disabled={busy} data-testid="result-submit">
                {confirming ? t('lotteryResults.saveConfirm') : t('lotteryResults.save')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
