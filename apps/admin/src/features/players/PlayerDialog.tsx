import {
  type AdjustmentAnswer,
  type AdjustmentRequest,
  adjustmentPaths,
  adminPaths,
  apiPaths,
  backofficePaths,
  type MemberProfile,
  type MemberRowView,
} from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { Dialog } from '@platform/ui/Dialog.tsx';
import { TextField } from '@platform/ui/form.tsx';
import { formatMajor } from '@platform/ui/format-money.ts';
import { Loader } from '@platform/ui/Loader.tsx';
import { Tabs, tabPanelProps } from '@platform/ui/Tabs.tsx';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { useMe } from '../../app/me.tsx';
import { locale } from '../../i18n/index.ts';
import { AdjustmentStatusBadge } from '../../ui/AdjustmentStatusBadge.tsx';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';
import { fieldErrors } from '../../ui/field-errors.ts';
import { PlayerLinked } from './PlayerLinked.tsx';
import { PlayerLogins } from './PlayerLogins.tsx';
import { PlayerNotes } from './PlayerNotes.tsx';
import { PlayerStatus } from './PlayerStatus.tsx';
import './players.css';

interface LedgerLine {
  id: number;
  transactionId: number;
  time: number;
  type: string;
  wallet: string;
  amount: number;
  balanceAfter: number;
}
interface LedgerPage {
  content: LedgerLine[];
  totalElements: number;
}

/** The ledger API pages by at most 100 lines: a bigger table page (or the CSV export's 500) is read in 100s. */
const ledgerPageMax = 100;

const tabs = ['account', 'logins', 'linked', 'notes'] as const;
type Tab = (typeof tabs)[number];

/**
 * A player, in tabs: the account (profile, every wallet's balance, the account's switches with forced
 * logout and password reset, the adjustment requests, a manual adjustment for finance, the ledger
 * paged by the server), the login history with its addresses and devices, the linked accounts, and
 * the operators' notes (decision 0048).
 */
export function PlayerDialog({
  player,
  onClose,
  onOpen,
}: {
  player: MemberRowView;
  onClose: () => void;
  /** Opens another player (a linked account) in place of this one. */
  onOpen?: (player: MemberRowView) => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const canAdjust = me.permissions.includes('ledger.adjust');
  const canManage = me.permissions.includes('members.manage');
  const canNote = me.permissions.includes('members.note');
  const canLedger = me.permissions.includes('ledger.read');
  const [tab, setTab] = useState<Tab>('account');
  const [version, setVersion] = useState(0);
  const profile = useLoad(
    (signal) => api.get<MemberProfile>(backofficePaths.member, { signal, params: { memberId: player.id } }),
    [player.id, version],
  );
  const p = profile.data;
  const currency = p?.currency ?? '';
  const money = useMemo(() => (amount: number) => (currency ? formatMajor(amount, currency, locale()) : ''), [currency]);

  const loadLedger = useMemo(
    () => async (query: TableQuery, signal: AbortSignal) => {
      const size = Math.min(query.pageSize, ledgerPageMax);
      const perPage = Math.ceil(query.pageSize / size);
      const rows: LedgerLine[] = [];
      let total = 0;
      for (let i = 0; i < perPage; i++) {
        const answer = await api.get<LedgerPage>(apiPaths.adminMemberLedger, {
          signal,
          params: { memberId: player.id },
          query: { pageNo: query.page * perPage + i + 1, pageSize: size },
        });
        rows.push(...answer.content);
        total = answer.totalElements;
        if (answer.content.length < size) break;
      }
      return { rows, total };
    },
    [player.id],
  );

  const columns = useMemo<ColumnDef<LedgerLine, unknown>[]>(
    () => [
      {
        id: 'time',
        accessorKey: 'time',
        header: t('players.time'),
        enableSorting: false,
        cell: (c) => new Date(c.row.original.time).toLocaleString(locale()),
        meta: { csv: (r: LedgerLine) => new Date(r.time).toISOString() },
      },
      { id: 'type', accessorKey: 'type', header: t('players.movement'), enableSorting: false },
      { id: 'wallet', accessorKey: 'wallet', header: t('players.wallet'), enableSorting: false },
      {
        id: 'amount',
        accessorKey: 'amount',
        header: t('players.amount'),
        enableSorting: false,
        cell: (c) => <span className={`num${c.row.original.amount < 0 ? ' debit' : ''}`}>{money(c.row.original.amount)}</span>,
      },
      {
        id: 'balanceAfter',
        accessorKey: 'balanceAfter',
        header: t('players.balanceAfter'),
        enableSorting: false,
        cell: (c) => <span className="num">{money(c.row.original.balanceAfter)}</span>,
      },
    ],
    [t, money],
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('players.title', { account: player.account })}
      closeLabel={t('app.close')}
      size="lg"
      testId="player-dialog"
    >
      {!p ? (
        <Loader label={t('app.loading')} />
      ) : (
        <div className="stack">
          <Tabs
            items={tabs.map((id) => ({ id, label: <span data-testid={`player-tab-${id}`}>{t(`players.tab_${id}`)}</span> }))}
            value={tab}
            onChange={(id) => setTab(id as Tab)}
            label={t('players.tabs')}
            idPrefix="player"
          />
          <div {...tabPanelProps('player', tab)} className="player-panel">
            {tab === 'logins' ? <PlayerLogins memberId={p.id} /> : null}
            {tab === 'linked' ? (
              <PlayerLinked
                memberId={p.id}
                onOpen={
                  onOpen
                    ? (linked) =>
                        onOpen({
                          id: linked.id,
                          merchant: p.merchant,
                          account: linked.account,
                          nickname: '',
                          mobile: null,
                          type: 0,
                          createdAt: linked.createdAt,
                          lastLoginAt: null,
                        })
                    : undefined
                }
              />
            ) : null}
            {tab === 'notes' ? <PlayerNotes memberId={p.id} canWrite={canNote} /> : null}
            {tab === 'account' ? (
              <div className="stack">
                <div className="review-grid">
                  <dl className="facts">
                    <dt>{t('players.id')}</dt>
                    <dd>{p.id}</dd>
                    <dt>{t('players.merchant')}</dt>
                    <dd>{p.merchant}</dd>
                    <dt>{t('players.mobile')}</dt>
                    <dd>{p.mobile ?? '—'}</dd>
                    <dt>{t('players.email')}</dt>
                    <dd>{p.email ?? '—'}</dd>
                    <dt>{t('players.payeeName')}</dt>
                    <dd>{p.payeeName ?? '—'}</dd>
                    <dt>{t('players.registered')}</dt>
                    <dd>{new Date(p.createdAt).toLocaleString(locale())}</dd>
                    <dt>{t('players.registerIp')}</dt>
                    <dd>{p.registerIp || '—'}</dd>
                    <dt>{t('players.lastLogin')}</dt>
                    <dd>
                      {p.lastLoginAt ? new Date(p.lastLoginAt).toLocaleString(locale()) : '—'}
                      {p.lastLoginIp ? <span className="muted"> · {p.lastLoginIp}</span> : null}
                    </dd>
                  </dl>
                  <section>
                    <h2 className="section-title">{t('players.balances')}</h2>
                    <dl className="facts balances" data-testid="player-balances">
                      <dt>{t('players.total')}</dt>
                      <dd className="num" data-testid="balance-total">
                        {money(p.balance.sumBalance)}
                      </dd>
                      <dt>{t('players.main')}</dt>
                      <dd className="num" data-testid="balance-main">
                        {money(p.balance.main)}
                      </dd>
                      <dt>{t('players.bonus')}</dt>
                      <dd className="num">{money(p.balance.bonus)}</dd>
                      <dt>{t('players.locked')}</dt>
                      <dd className="num">{money(p.balance.locked)}</dd>
                      {p.balance.wallets.map((w) => (
                        <FragmentRow key={w.vendor} label={w.name} value={money(w.balance)} />
                      ))}
                    </dl>
                  </section>
                </div>
                <PlayerStatus profile={p} canManage={canManage} onChanged={() => setVersion((v) => v + 1)} />
                {canAdjust ? <AdjustForm profile={p} onDone={() => setVersion((v) => v + 1)} /> : null}
                {canLedger ? <PlayerRequests memberId={p.id} version={version} /> : null}
                {canLedger ? (
                  <section>
                    <h2 className="section-title">{t('players.ledger')}</h2>
                    <DataTable
                      id="player-ledger"
                      columns={columns}
                      load={loadLedger}
                      version={version}
                      pageSize={25}
                      rowTestId={(l) => `ledger-${l.id}`}
                    />
                  </section>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>
      )}
    </Dialog>
  );
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="num">{value}</dd>
    </>
  );
}

function AdjustForm({ profile, onDone }: { profile: MemberProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<AdjustmentAnswer | null>(null);
  // Read again after each answer, so a threshold changed meanwhile shows with the answer it explains.
  const merchants = useLoad(
    (signal) => api.get<{ list: { code: string; adjustmentThreshold: number }[] }>(adminPaths.merchants, { signal }),
    [answer],
  );
  const threshold = merchants.data?.list.find((m) => m.code === profile.merchant)?.adjustmentThreshold;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One request id per intended adjustment: a resubmission after a lost answer is not posted (or requested) twice.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount.replace(',', '.'));
    if (amount.trim() === '' || !Number.isFinite(value)) {
      setErrors({ amount: t('validation.amount_invalid') });
      return;
    }
    setBusy(true);
    setErrors({});
    setAnswer(null);
    try {
      setAnswer(
        await api.send<AdjustmentAnswer>(
          apiPaths.adminAdjustment,
          { amount: value, reason, requestId },
          { params: { memberId: profile.id } },
        ),
      );
      setAmount('');
      setReason('');
      setRequestId(crypto.randomUUID());
      onDone();
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="section stack" onSubmit={submit} noValidate data-testid="adjust-form">
      <h2 className="section-title">{t('players.adjust')}</h2>
      <div className="inline-fields">
        <TextField
          name="amount"
          label={t('players.adjustAmount')}
          value={amount}
          onValue={setAmount}
          error={errors.amount}
          inputMode="decimal"
        />
        <TextField
          name="reason"
          label={t('players.adjustReason')}
          value={reason}
          onValue={setReason}
          error={errors.reason}
          maxLength={600}
        />
      </div>
      <p className="muted">
        {t('players.adjustHint')}
        {threshold !== undefined
          ? ` ${t('players.adjustThreshold', { threshold: formatMajor(threshold, profile.currency, locale()) })}`
          : null}
      </p>
      {errors.form ? (
        <p className="form-error" role="alert" data-testid="form-error">
          {errors.form}
        </p>
      ) : null}
      <div className="row-end">
        {answer?.outcome === 'posted' ? (
          <span className="saved" role="status" data-testid="adjusted">
            {t('players.adjusted', { id: answer.transactionId })}
          </span>
        ) : null}
        {answer?.outcome === 'requested' ? (
          <span className="notice" role="status" data-testid="adjust-requested">
            {t('players.adjustRequested', { id: answer.request.id })}
          </span>
        ) : null}
        <Button type="submit" busy={busy} data-testid="adjust-submit">
          {t('players.adjustSubmit')}
        </Button>
      </div>
    </form>
  );
}

/** The player's adjustment requests, pending first: what still waits for a second operator, and what was decided. */
function PlayerRequests({ memberId, version }: { memberId: number; version: number }) {
  const { t } = useTranslation();
  const requests = useLoad(
    (signal) =>
      api.get<{ list: AdjustmentRequest[]; total: number }>(adjustmentPaths.requests, { signal, query: { memberId, pageSize: 20 } }),
    [memberId, version],
  );
  const list = requests.data?.list ?? [];
  return (
    <section className="section" data-testid="player-requests">
      <h2 className="section-title">{t('players.requests')}</h2>
      {!requests.data ? (
        <Loader label={t('app.loading')} />
      ) : list.length === 0 ? (
        <p className="muted">{t('players.requestsEmpty')}</p>
      ) : (
        <table className="data-table compact">
          <thead>
            <tr>
              <th>{t('players.requestAsked')}</th>
              <th>{t('players.amount')}</th>
              <th>{t('players.adjustReason')}</th>
              <th>{t('players.requestMaker')}</th>
              <th>{t('players.requestStatus')}</th>
              <th>{t('players.requestChecker')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.id} data-testid={`player-request-${r.id}`}>
                <td>{new Date(r.createdAt).toLocaleString(locale(), { dateStyle: 'short', timeStyle: 'short' })}</td>
                <td className={`num${r.amount < 0 ? ' debit' : ''}`}>{formatMajor(r.amount, r.currency, locale())}</td>
                <td>
                  <span className="cell-clip" title={r.reason}>
                    {r.reason}
                  </span>
                </td>
                <td>{r.maker}</td>
                <td>
                  <AdjustmentStatusBadge status={r.status} />
                </td>
                <td>{r.checker ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
