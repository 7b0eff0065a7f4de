import type { MallGood, PointsBalance, PointsConfig, PointsTransaction, Redemption } from '@platform/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session.ts';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { IconGift } from '../../ui/icons.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import { Figures, RecordTable, StatusBadge, useLoad, useMoney } from '../member/money-kit.tsx';
import { ConvertDialog } from './ConvertDialog.tsx';
import { mallGoods, pointsBalance, pointsConfig, pointsDetail, redeemList } from './points-api.ts';
import { RedeemDialog } from './RedeemDialog.tsx';
import '../member/money.css';
import './point-mall.css';

type Tab = 'goods' | 'rules' | 'history' | 'detail';

/** The points mall (header, banner w_shop, footer): the member's points, goods to redeem, the points rules table, exchange records and points detail. */
export function PointMallPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const actions = useUiActions();
  const dialog = useGlobalDialog();
  const loggedIn = Boolean(session?.token);
  const [tab, setTab] = useState<Tab>('goods');
  const [version, setVersion] = useState(0);
  const [redeeming, setRedeeming] = useState<MallGood | null>(null);
  const [converting, setConverting] = useState(false);
  const { value: config, error: configError } = useLoad(pointsConfig, []);
  const { value: goods } = useLoad(mallGoods, [version, loggedIn]);
  const { value: balance } = useLoad(() => (loggedIn ? pointsBalance() : Promise.resolve(null)), [version, loggedIn]);
  const money = useMoney(config?.currency);
  const number = (n: number) => n.toLocaleString(i18n.language);
  const pts = (n: number) => t('pointMall.pointsValue', { value: number(n) });

  const tabs = [
    { id: 'goods', label: t('pointMall.tabGoods') },
    { id: 'rules', label: t('pointMall.tabRules') },
    ...(loggedIn
      ? [
          { id: 'history', label: t('pointMall.tabHistory') },
          { id: 'detail', label: t('pointMall.tabDetail') },
        ]
      : []),
  ];

  const redeemed = async (r: Redemption) => {
    setRedeeming(null);
    setVersion((v) => v + 1);
    await dialog({ message: t('pointMall.redeemSent', { points: number(r.points) }), timeoutMs: 3000, closeOnCover: true });
  };
  const converted = async (a: { points: number; cash: number }) => {
    setConverting(false);
    setVersion((v) => v + 1);
    await dialog({
      message: t('pointMall.converted', { points: number(a.points), cash: money(a.cash) }),
      timeoutMs: 3000,
      closeOnCover: true,
    });
  };

  if (configError) return <p className="form-error">{configError}</p>;
  if (!config) return <Loader label={t('common.loading')} />;

  return (
    <div className="page mall" data-testid="page-point-mall">
      <header className="page__head">
        <span className="page__icon">
          <IconGift size={26} />
        </span>
        <h1 className="page__title">{t('pointMall.title')}</h1>
      </header>
      {!config.enabled ? (
        <EmptyState icon={<IconGift size={36} />} title={t('pointMall.disabled')} />
      ) : (
        <>
          <section className="mall-points" aria-label={t('pointMall.myPoints')}>
            {loggedIn && balance ? (
              <>
                <Figures
                  items={[
                    { label: t('pointMall.myPoints'), value: number(balance.points), testId: 'mall-points' },
                    { label: t('pointMall.held'), value: number(balance.held), testId: 'mall-held' },
                    { label: t('pointMall.earned'), value: number(balance.earned), testId: 'mall-earned' },
                  ]}
                />
                {config.convert.enabled ? (
                  <Button variant="outline" onClick={() => setConverting(true)} data-testid="mall-convert">
                    {t('pointMall.convert')}
                  </Button>
                ) : null}
              </>
            ) : loggedIn ? (
              <Loader label={t('common.loading')} />
            ) : (
              <div className="mall-login">
                <p>{t('pointMall.loginToRedeem')}</p>
                <Button variant="primary" onClick={() => actions.openAuth('login')}>
                  {t('pointMall.login')}
                </Button>
              </div>
            )}
            <p className="mall-muted">{t('pointMall.neverExpire')}</p>
          </section>
          <Tabs
            items={tabs}
            value={tab}
            onChange={(id) => setTab(id as Tab)}
            label={t('pointMall.title')}
            idPrefix="mall"
            className="mall-tabs"
          />
          <div {...tabPanelProps('mall', tab)} className="mall-panel">
            {tab === 'goods' ? (
              <GoodsGrid
                goods={goods}
                balance={balance}
                pts={pts}
                onRedeem={(g) => (loggedIn ? setRedeeming(g) : actions.openAuth('login'))}
              />
            ) : tab === 'rules' ? (
              <RulesTable config={config} />
            ) : tab === 'history' ? (
              <History version={version} currency={config.currency} />
            ) : (
              <Detail version={version} />
            )}
          </div>
          {redeeming && balance ? (
            <RedeemDialog good={redeeming} balance={balance} onClose={() => setRedeeming(null)} onDone={(r) => void redeemed(r)} />
          ) : null}
          {converting && balance ? (
            <ConvertDialog config={config} balance={balance} onClose={() => setConverting(false)} onDone={(a) => void converted(a)} />
          ) : null}
        </>
      )}
    </div>
  );
}

function GoodsGrid({
  goods,
  balance,
  pts,
  onRedeem,
}: {
  goods: MallGood[] | null;
  balance: PointsBalance | null;
  pts: (n: number) => string;
  onRedeem: (g: MallGood) => void;
}) {
  const { t } = useTranslation();
  if (!goods) return <Loader label={t('common.loading')} />;
  if (goods.length === 0) return <EmptyState icon={<IconGift size={36} />} title={t('pointMall.noGoods')} />;
  return (
    <ul className="mall-grid">
      {goods.map((g) => {
        const soldOut = g.stock === 0;
        const limited = g.dailyLimit > 0 && g.redeemedToday >= g.dailyLimit;
        return (
          <li key={g.id} className="mall-card" data-testid="mall-good" data-good={g.id}>
            <img className="mall-card__img" src={g.image} alt="" width={400} height={300} loading="lazy" />
            <div className="mall-card__body">
              <h3 className="mall-card__title">{g.name}</h3>
              <p className="mall-muted">{g.description}</p>
              <p className="mall-card__price num">{pts(g.points)}</p>
              <p className="mall-muted">
                {soldOut ? t('pointMall.soldOut') : t('pointMall.stock', { count: g.stock })}
                {g.dailyLimit > 0 ? ` · ${t('pointMall.dailyLimit', { limit: g.dailyLimit })}` : ''}
              </p>
              <Button
                variant="primary"
                className="mall-card__cta"
                disabled={soldOut || limited || (balance !== null && balance.points < g.points)}
                onClick={() => onRedeem(g)}
                data-testid="mall-redeem"
              >
                {soldOut ? t('pointMall.soldOut') : t('pointMall.redeem')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function RulesTable({ config }: { config: PointsConfig }) {
  const { t, i18n } = useTranslation();
  const money = useMoney(config.currency);
  const number = (n: number) => n.toLocaleString(i18n.language);
  const category = (c: string) => (c === '*' ? t('pointMall.ruleOther') : t(`category.${c as 'RNG'}`, { defaultValue: c }));
  const rows = [
    ...config.betRules.map((r) => ({
      key: r.category,
      what: t('pointMall.ruleBet', { category: category(r.category) }),
      rate: money(r.betPerPoint),
    })),
    ...(config.depositPerPoint !== null ? [{ key: 'deposit', what: t('pointMall.ruleDeposit'), rate: money(config.depositPerPoint) }] : []),
  ];
  return (
    <div className="mall-rules">
      <p className="mall-muted">{t('pointMall.rulesIntro')}</p>
      <div className="table-wrap">
        <table className="money-table" data-testid="mall-rules">
          <thead>
            <tr>
              <th scope="col">{t('pointMall.ruleWhat')}</th>
              <th scope="col">{t('pointMall.ruleRate')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <td>{r.what}</td>
                <td className="num">{t('pointMall.ruleRateValue', { amount: r.rate })}</td>
              </tr>
            ))}
            {config.convert.enabled ? (
              <tr>
                <td>{t('pointMall.ruleRatio')}</td>
                <td className="num">
                  {`${t('pointMall.pointsValue', { value: number(config.convert.points) })} = ${money(config.convert.cash)}`}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function History({ version: v, currency }: { version: number; currency: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney(currency);
  const number = (n: number) => n.toLocaleString(i18n.language);
  const [pageNo, setPageNo] = useState(1);
  const { value, error } = useLoad(() => redeemList(pageNo), [pageNo, v]);
  if (error) return <p className="form-error">{error}</p>;
  if (!value) return <Loader label={t('common.loading')} />;
  const date = (ms: number) => new Date(ms).toLocaleString(i18n.language);
  return (
    <RecordTable<Redemption>
      rows={value.content}
      rowKey={(r) => r.reference}
      rowAttributes={(r) => ({ 'data-status': r.status })}
      page={pageNo}
      pageCount={value.totalPages}
      onPage={setPageNo}
      testId="mall-history"
      columns={[
        { head: t('pointMall.colReference'), cell: (r) => r.reference },
        { head: t('pointMall.colTime'), cell: (r) => date(r.applyTime) },
        { head: t('pointMall.colType'), cell: (r) => t(`pointMall.kind_${r.type}`) },
        { head: t('pointMall.colName'), cell: (r) => r.name || '—', cellClassName: 'mall-wrap' },
        { head: t('pointMall.colQuantity'), cell: (r) => r.quantity, className: 'num' },
        { head: t('pointMall.colPoints'), cell: (r) => number(r.points), className: 'num' },
        { head: t('pointMall.colAmount'), cell: (r) => (r.amount === null ? '—' : money(r.amount)), className: 'num' },
        {
          head: t('pointMall.colStatus'),
          cell: (r) => <StatusBadge status={`mall-${r.status}`} text={t(`pointMall.status_${r.status}`)} />,
        },
        {
          head: t('pointMall.colRemark'),
          cellClassName: 'mall-wrap',
          cell: (r) =>
            [r.remark, r.trackingNumber ? t('pointMall.tracking', { number: r.trackingNumber }) : null].filter(Boolean).join(' · ') || '—',
        },
      ]}
    />
  );
}

function Detail({ version: v }: { version: number }) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => n.toLocaleString(i18n.language);
  const [pageNo, setPageNo] = useState(1);
  const { value, error } = useLoad(() => pointsDetail(pageNo), [pageNo, v]);
  if (error) return <p className="form-error">{error}</p>;
  if (!value) return <Loader label={t('common.loading')} />;
  const date = (ms: number) => new Date(ms).toLocaleString(i18n.language);
  return (
    <RecordTable<PointsTransaction>
      rows={value.content}
      rowKey={(r) => String(r.id)}
      page={pageNo}
      pageCount={value.totalPages}
      onPage={setPageNo}
      testId="mall-detail"
      columns={[
        { head: t('pointMall.colTime'), cell: (r) => date(r.time) },
        { head: t('pointMall.colType'), cell: (r) => t(`pointMall.type_${r.type}`) },
        { head: t('pointMall.colChange'), cell: (r) => (r.points > 0 ? `+${number(r.points)}` : number(r.points)), className: 'num' },
        { head: t('pointMall.colBalance'), cell: (r) => number(r.balance), className: 'num' },
        { head: t('pointMall.colReference'), cell: (r) => r.reference ?? '—' },
      ]}
    />
  );
}
