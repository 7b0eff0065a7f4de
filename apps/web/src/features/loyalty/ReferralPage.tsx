import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { walletBalance } from '../member/money-api.ts';
import { Figures, StatusBadge, useLoad, useMoney } from '../member/money-kit.tsx';
import { referralStatus } from './loyalty-api.ts';
import '../promotions/bonus.css';
import './loyalty.css';

/** The invite-friends page (referral): the member's code, link and its QR code, the terms, the friends and the rewards paid. */
export function ReferralPage() {
  const { t, i18n } = useTranslation();
  const { value: balance } = useLoad(walletBalance, []);
  const { value, error } = useLoad(referralStatus, []);
  const money = useMoney(balance?.currency);
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const link = value ? new URL(value.link, window.location.origin).toString() : '';
  useEffect(() => {
    let live = true;
    if (link) void QRCode.toDataURL(link, { width: 140, margin: 1 }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [link]);
  const copy = async () => {
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  };
  const date = (ms: number) => new Date(ms).toLocaleDateString(i18n.language);
  return (
    <div className="money-page loyalty" data-testid="referral-page">
      <h3>{t('loyalty.inviteTitle')}</h3>
      {error ? <p className="form-error">{error}</p> : null}
      {!value ? (
        error ? null : (
          <Loader label={t('common.loading')} />
        )
      ) : (
        <>
          <div className="loyalty__invite">
            <div className="loyalty__invite-text">
              <p>
                {t('loyalty.code')}: <strong data-testid="referral-code">{value.code}</strong>
              </p>
              <p>{t('loyalty.link')}:</p>
              <p className="loyalty__link" data-testid="referral-link">
                {link}
              </p>
              <Button variant="outline" onClick={() => void copy()}>
                {copied ? t('loyalty.copied') : t('loyalty.copy')}
              </Button>
            </div>
            {qr ? <img className="loyalty__qr" src={qr} alt={t('loyalty.qr')} width={140} height={140} /> : null}
          </div>
          <p className="bonus-terms">
            {t('loyalty.terms', { minDeposit: money(value.minDeposit), reward: money(value.reward) })}
            {value.wageringMultiple > 0 ? ` ${t('loyalty.termsWagering', { multiple: value.wageringMultiple })}` : ''}
          </p>
          <Figures
            items={[
              { label: t('loyalty.friendCount'), value: String(value.friends.length) },
              { label: t('loyalty.earned'), value: money(value.earned), testId: 'referral-earned', tone: 'in' },
            ]}
          />
          <h4>{t('loyalty.friends')}</h4>
          {value.friends.length === 0 ? (
            <EmptyState title={t('loyalty.empty')} text={t('loyalty.emptyText')} />
          ) : (
            <div className="loyalty__scroll">
              <table className="money-table" data-testid="referral-friends">
                <thead>
                  <tr>
                    <th>{t('loyalty.colFriend')}</th>
                    <th>{t('loyalty.colRegistered')}</th>
                    <th>{t('loyalty.colState')}</th>
                    <th>{t('loyalty.colReward')}</th>
                  </tr>
                </thead>
                <tbody>
                  {value.friends.map((f) => (
                    <tr key={f.account} data-account={f.account} data-state={f.state}>
                      <td>{f.account}</td>
                      <td>{date(f.registeredAt)}</td>
                      <td>
                        <StatusBadge status={f.state} text={t(`loyalty.state_${f.state}`)} />
                      </td>
                      <td className="num">{f.reward === null ? t('loyalty.none') : money(f.reward)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
