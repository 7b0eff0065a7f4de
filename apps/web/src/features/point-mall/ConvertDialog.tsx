import type { PointsBalance, PointsConfig } from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/form.tsx';
import { newRequestId } from '../member/money-api.ts';
import { fieldTexts, PaymentPasswordField, useFieldErrors, useMoney } from '../member/money-kit.tsx';
import { convertPoints } from './points-api.ts';

/** Points to cash at the merchant's points ratio, in whole steps, with the payment password. */
export function ConvertDialog({
  config,
  balance,
  onClose,
  onDone,
}: {
  config: PointsConfig;
  balance: PointsBalance;
  onClose: () => void;
  onDone: (answer: { points: number; cash: number; balance: PointsBalance }) => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney(config.currency);
  const { points: step, cash, minPoints } = config.convert;
  const [points, setPoints] = useState(String(Math.max(minPoints, Math.floor(balance.points / step) * step)));
  const [password, setPassword] = useState('');
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [requestId] = useState(newRequestId);
  const number = (n: number) => n.toLocaleString(i18n.language);
  const asked = Number(points);
  const valid = Number.isInteger(asked) && asked >= minPoints && asked % step === 0;
  const obtainable = valid ? (asked / step) * cash : 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string | null> = {};
    if (!valid) found.points = t('validation.points_step', { step, min: minPoints });
    else if (asked > balance.points) found.points = t('error.points_insufficient');
    if (!password) found.paymentPassword = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      onDone(await convertPoints({ points: asked, paymentPassword: password, requestId }));
    } catch (err) {
      setErrors(fieldTexts(t, err, 'paymentPassword'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={t('pointMall.convertTitle')} closeLabel={t('common.close')} testId="convert-dialog">
      <form className="form mall-form" onSubmit={submit} onChange={clearOnEdit} noValidate data-testid="convert-form">
        <p className="mall-muted">{t('pointMall.pointsRatio', { points: number(step), cash: money(cash) })}</p>
        <TextField
          name="points"
          label={t('pointMall.convertPoints')}
          value={points}
          onValue={setPoints}
          error={errors.points}
          inputMode="numeric"
          required
          autoComplete="off"
        />
        <p className="mall-muted">{t('pointMall.convertStep', { step: number(step), min: number(minPoints) })}</p>
        <p className="mall-total" data-testid="convert-obtainable">
          {t('pointMall.obtainable', { cash: money(obtainable) })}
        </p>
        <PaymentPasswordField value={password} onValue={setPassword} error={errors.paymentPassword} />
        <Button type="submit" variant="primary" busy={busy} data-testid="convert-submit">
          {t('pointMall.submitConvert')}
        </Button>
      </form>
    </Dialog>
  );
}
