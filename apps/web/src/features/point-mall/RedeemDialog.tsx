import type { MallGood, PointsBalance, Redemption } from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/form.tsx';
import { newRequestId } from '../member/money-api.ts';
import { fieldTexts, PaymentPasswordField, useFieldErrors } from '../member/money-kit.tsx';
import { redeem } from './points-api.ts';

const addressFields = ['name', 'phone', 'address', 'city', 'postcode'] as const;
type AddressField = (typeof addressFields)[number];
const labels: Record<AddressField, 'addrName' | 'addrPhone' | 'addrAddress' | 'addrCity' | 'addrPostcode'> = {
  name: 'addrName',
  phone: 'addrPhone',
  address: 'addrAddress',
  city: 'addrCity',
  postcode: 'addrPostcode',
};

/**
 * Redeeming goods: quantity, the receiving address for goods that are shipped, the payment password.
 * The points and the stock are reserved when the application is sent; an operator approves it.
 */
export function RedeemDialog({
  good,
  balance,
  onClose,
  onDone,
}: {
  good: MallGood;
  balance: PointsBalance;
  onClose: () => void;
  onDone: (r: Redemption, balance: PointsBalance) => void;
}) {
  const { t, i18n } = useTranslation();
  const [quantity, setQuantity] = useState('1');
  const [address, setAddress] = useState<Record<AddressField, string>>({ name: '', phone: '', address: '', city: '', postcode: '' });
  const [password, setPassword] = useState('');
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  // Kept while the same application is retried, so a lost answer cannot apply twice.
  const [requestId] = useState(newRequestId);
  const count = Number(quantity);
  const total = Number.isInteger(count) && count > 0 ? count * good.points : good.points;
  const number = (n: number) => n.toLocaleString(i18n.language);
  const shipped = good.kind === 'goods';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string | null> = {};
    if (!Number.isInteger(count) || count < 1) found.quantity = t('validation.invalid');
    else if (total > balance.points) found.quantity = t('error.points_insufficient');
    if (shipped)
      for (const f of ['name', 'phone', 'address', 'city'] as const)
        if (!address[f].trim()) found[`address.${f}`] = t('validation.required');
    if (!password) found.paymentPassword = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const postcode = address.postcode.trim();
      const answer = await redeem({
        itemId: good.id,
        quantity: count,
        paymentPassword: password,
        requestId,
        ...(shipped
          ? {
              address: {
                name: address.name.trim(),
                phone: address.phone.trim(),
                address: address.address.trim(),
                city: address.city.trim(),
                ...(postcode ? { postcode } : {}),
              },
            }
          : {}),
      });
      onDone(answer.redemption, answer.balance);
    } catch (err) {
      setErrors(fieldTexts(t, err, 'paymentPassword'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('pointMall.redeemTitle', { name: good.name })}
      closeLabel={t('common.close')}
      testId="redeem-dialog"
    >
      <form className="form mall-form" onSubmit={submit} onChange={clearOnEdit} noValidate data-testid="redeem-form">
        <div className="mall-form__item">
          <img src={good.image} alt="" width={120} height={90} />
          <div>
            <strong>{good.name}</strong>
            <p className="mall-muted">{good.description}</p>
          </div>
        </div>
        <TextField
          name="quantity"
          label={t('pointMall.quantity')}
          value={quantity}
          onValue={setQuantity}
          error={errors.quantity}
          inputMode="numeric"
          required
          autoComplete="off"
        />
        <p className="mall-total" data-testid="redeem-total">
          <span>{t('pointMall.pointsRequired')}</span>
          <strong className="num">{t('pointMall.pointsValue', { value: number(total) })}</strong>
        </p>
        {shipped ? (
          <fieldset className="mall-address">
            <legend>{t('pointMall.receivingAddress')}</legend>
            {addressFields.map((f) => (
              <TextField
                key={f}
                name={`address.${f}`}
                label={t(`pointMall.${labels[f]}`)}
                value={address[f]}
                onValue={(v) => setAddress((a) => ({ ...a, [f]: v }))}
                error={errors[`address.${f}`]}
                required={f !== 'postcode'}
                maxLength={f === 'address' ? 200 : f === 'postcode' ? 12 : 60}
                autoComplete={
                  f === 'name'
                    ? 'name'
                    : f === 'phone'
                      ? 'tel'
                      : f === 'address'
                        ? 'street-address'
                        : f === 'city'
                          ? 'address-level2'
                          : 'postal-code'
                }
                inputMode={f === 'phone' ? 'tel' : undefined}
              />
            ))}
            {errors.address ? <p className="field__error">{errors.address}</p> : null}
          </fieldset>
        ) : null}
        <PaymentPasswordField value={password} onValue={setPassword} error={errors.paymentPassword} />
        <Button type="submit" variant="primary" busy={busy} data-testid="redeem-submit">
          {t('pointMall.submitRedeem')}
        </Button>
      </form>
    </Dialog>
  );
}
