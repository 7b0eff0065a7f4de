import { type AdminMerchantVendor, adminPaths, vendorAdminPaths } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { Dialog } from '@platform/ui/Dialog.tsx';
import { TextField } from '@platform/ui/form.tsx';
import { Loader } from '@platform/ui/Loader.tsx';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { fieldErrors } from '../../ui/field-errors.ts';
import { MaintenanceBadge } from './MaintenanceBadge.tsx';
import { type AdminMerchant, localInputMs, msToLocalInput, parseCountries } from './merchant.ts';

/**
 * One merchant: the maintenance switch (end time, a message for the audit trail), the restricted
 * countries, the threshold of manual adjustments that need a second operator and the game vendors
 * on or off. Each change is its own call, audited by the server and
 * live on every node within the merchant cache time.
 */
export function MerchantDialog({
  code,
  canManage,
  onClose,
  onChanged,
}: {
  code: string;
  canManage: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const merchants = useLoad((signal) => api.get<{ list: AdminMerchant[] }>(adminPaths.merchants, { signal }), [code]);
  const merchant = merchants.data?.list.find((m) => m.code === code);
  const changed = () => {
    merchants.reload();
    onChanged();
  };
  return (
    <Dialog open onClose={onClose} title={t('merchants.title', { code })} closeLabel={t('app.close')} size="lg" testId="merchant-dialog">
      {!merchant ? (
        <Loader label={t('app.loading')} />
      ) : (
        <div className="stack">
          {!canManage ? <p className="notice">{t('merchants.readOnly')}</p> : null}
          <MaintenanceForm merchant={merchant} canManage={canManage} onSaved={changed} />
          <CountriesForm merchant={merchant} canManage={canManage} onSaved={changed} />
          <ThresholdForm merchant={merchant} canManage={canManage} onSaved={changed} />
          <Vendors code={code} canManage={canManage} />
        </div>
      )}
    </Dialog>
  );
}

function MaintenanceForm({ merchant, canManage, onSaved }: { merchant: AdminMerchant; canManage: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(merchant.maintenance);
  const [until, setUntil] = useState(msToLocalInput(merchant.maintenanceEnd));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => setOn(merchant.maintenance), [merchant.maintenance]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const end = localInputMs(until);
    if (on && until && (end === null || end <= Date.now())) {
      setErrors({ until: t('validation.invalid') });
      return;
    }
    setBusy(true);
    setErrors({});
    setSaved(false);
    try {
      await api.send(
        adminPaths.merchantMaintenance,
        { on, until: on ? end : null, reason: reason.trim() || undefined },
        { method: 'PUT', params: { code: merchant.code } },
      );
      setSaved(true);
      setReason('');
      onSaved();
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="section stack" onSubmit={submit} noValidate data-testid="maintenance-form">
      <h2 className="section-title">
        {t('merchants.maintenance')} <MaintenanceBadge merchant={merchant} />
      </h2>
      <label className="check">
        <input
          type="checkbox"
          checked={on}
          disabled={!canManage}
          onChange={(e) => setOn(e.target.checked)}
          data-testid="maintenance-on-switch"
        />
        {t('merchants.maintenanceOn')}
      </label>
      {canManage && on ? (
        <>
          <TextField
            name="until"
            type="datetime-local"
            label={t('merchants.maintenanceEnd')}
            value={until}
            onValue={setUntil}
            error={errors.until}
          />
          <p className="muted">{t('merchants.maintenanceEndHint')}</p>
        </>
      ) : null}
      {canManage ? (
        <>
          <TextField
            name="reason"
            label={t('merchants.maintenanceReason')}
            value={reason}
            onValue={setReason}
            error={errors.reason}
            maxLength={600}
          />
          {errors.form ? (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className="row-end">
            {saved ? (
              <span className="saved" role="status">
                {t('merchants.saved')}
              </span>
            ) : null}
            <Button type="submit" busy={busy} data-testid="maintenance-save">
              {t('merchants.save')}
            </Button>
          </div>
        </>
      ) : null}
    </form>
  );
}

function CountriesForm({ merchant, canManage, onSaved }: { merchant: AdminMerchant; canManage: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(merchant.restrictedCountries.join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setSaved(false);
    try {
      const updated = await api.send<AdminMerchant>(
        adminPaths.merchantRestrictions,
        { countries: parseCountries(text) },
        { method: 'PUT', params: { code: merchant.code } },
      );
      setText(updated.restrictedCountries.join(', '));
      setSaved(true);
      onSaved();
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="section stack" onSubmit={submit} noValidate data-testid="countries-form">
      <h2 className="section-title">{t('merchants.restricted')}</h2>
      <TextField
        name="countries"
        label={t('merchants.countries')}
        value={text}
        onValue={setText}
        error={errors.countries}
        disabled={!canManage}
        autoComplete="off"
      />
      <p className="muted">{t('merchants.countriesHint')}</p>
      {canManage ? (
        <div className="row-end">
          {saved ? (
            <span className="saved" role="status">
              {t('merchants.saved')}
            </span>
          ) : null}
          <Button type="submit" busy={busy} data-testid="countries-save">
            {t('merchants.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** The amount from which a manual adjustment waits for a second operator (maker-checker, decision 0047). */
function ThresholdForm({ merchant, canManage, onSaved }: { merchant: AdminMerchant; canManage: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(merchant.adjustmentThreshold));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const threshold = Number(text.replace(',', '.'));
    if (text.trim() === '' || !Number.isFinite(threshold)) {
      setErrors({ threshold: t('validation.amount_invalid') });
      return;
    }
    setBusy(true);
    setErrors({});
    setSaved(false);
    try {
      const updated = await api.send<AdminMerchant>(
        adminPaths.merchantAdjustmentThreshold,
        { threshold },
        { method: 'PUT', params: { code: merchant.code } },
      );
      setText(String(updated.adjustmentThreshold));
      setSaved(true);
      onSaved();
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="section stack" onSubmit={submit} noValidate data-testid="threshold-form">
      <h2 className="section-title">{t('merchants.adjustments')}</h2>
      <TextField
        name="threshold"
        label={t('merchants.threshold', { currency: merchant.currency })}
        value={text}
        onValue={setText}
        error={errors.threshold}
        disabled={!canManage}
        inputMode="decimal"
        autoComplete="off"
      />
      <p className="muted">{t('merchants.thresholdHint')}</p>
      {errors.form ? (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      {canManage ? (
        <div className="row-end">
          {saved ? (
            <span className="saved" role="status">
              {t('merchants.saved')}
            </span>
          ) : null}
          <Button type="submit" busy={busy} data-testid="threshold-save">
            {t('merchants.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function Vendors({ code, canManage }: { code: string; canManage: boolean }) {
  const { t } = useTranslation();
  const vendors = useLoad(
    (signal) => api.get<{ list: AdminMerchantVendor[] }>(vendorAdminPaths.merchantVendors, { signal, params: { code } }),
    [code],
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState('');
  const toggle = async (v: AdminMerchantVendor) => {
    setBusy(v.vendor);
    setError('');
    try {
      await api.send(vendorAdminPaths.merchantVendor, { enabled: !v.enabled }, { method: 'PUT', params: { code, vendor: v.vendor } });
      vendors.reload();
    } catch (err) {
      setError(fieldErrors(t, err).form ?? t('error.unknown'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="section">
      <h2 className="section-title">{t('merchants.vendors')}</h2>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {!vendors.data ? (
        <Loader label={t('app.loading')} />
      ) : (
        <table className="data-table compact" data-testid="vendors">
          <thead>
            <tr>
              <th>{t('merchants.vendor')}</th>
              <th>{t('merchants.gameType')}</th>
              <th>{t('merchants.contract')}</th>
              <th>{t('merchants.enabled')}</th>
            </tr>
          </thead>
          <tbody>
            {vendors.data.list.map((v) => (
              <tr key={v.vendor} data-testid={`vendor-${v.vendor}`}>
                <td>
                  {v.name} <span className="muted">{v.vendor}</span>
                </td>
                <td>{v.gameType}</td>
                <td>{v.launchable ? t('merchants.launchable') : t('merchants.notLaunchable')}</td>
                <td className="vendor-switch">
                  <span className={`badge badge--${v.enabled ? 'on' : 'off'}`}>
                    {v.enabled ? t('merchants.enabled') : t('merchants.disabled')}
                  </span>
                  {canManage ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      busy={busy === v.vendor}
                      onClick={() => void toggle(v)}
                      data-testid={`vendor-toggle-${v.vendor}`}
                    >
                      {v.enabled ? t('merchants.switchOff') : t('merchants.switchOn')}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
