import { type AdminBanner, type AdminBanners, adminPaths, contentAdminPaths } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import type { ColumnDef } from '@tanstack/react-table';
import i18next from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { locale } from '../../i18n/index.ts';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';
import { BannerDialog } from './BannerDialog.tsx';
import './texts.ts';
import '../../ui/screens.css';
import './content.css';

/** A banner's title in the reader's language when the merchant has it, else its first language's. */
const titleOf = (b: AdminBanner, languages: string[]) => b.title[i18next.language] ?? b.title[languages[0] ?? 'EN'] ?? '';

/**
 * A merchant's banners of every group: image, title, link, order, schedule and whether the site
 * shows it now; each edited in a dialog. The list is a few dozen rows, answered whole.
 */
export default function BannersPage() {
  const { t } = useTranslation();
  const merchants = useLoad((signal) => api.get<{ list: { code: string }[] }>(adminPaths.merchants, { signal }), []);
  const [chosen, setChosen] = useState('');
  const merchant = chosen || merchants.data?.list[0]?.code || '';
  const [version, setVersion] = useState(0);
  const [data, setData] = useState<AdminBanners | null>(null);
  const [open, setOpen] = useState<AdminBanner | null>(null);

  const load = useMemo(
    () => async (query: TableQuery, signal: AbortSignal) => {
      if (!merchant) return { rows: [], total: 0 };
      const answer = await api.get<AdminBanners>(contentAdminPaths.banners, { signal, params: { code: merchant } });
      setData(answer);
      const rows = query.filters.group ? answer.list.filter((b) => b.groupName === query.filters.group) : answer.list;
      return { rows: rows.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize), total: rows.length };
    },
    [merchant],
  );

  const columns = useMemo<ColumnDef<AdminBanner, unknown>[]>(() => {
    const when = (at: number | null) =>
      at === null ? t('content.open') : new Date(at).toLocaleString(locale(), { dateStyle: 'short', timeStyle: 'short' });
    return [
      {
        id: 'group',
        header: t('content.group'),
        enableSorting: false,
        accessorFn: (b) => t(`content.group_${b.groupName}`),
      },
      {
        id: 'image',
        header: t('content.image'),
        enableSorting: false,
        accessorFn: (b) => b.imageUrl,
        cell: (c) => <img className="banner-thumb" src={c.row.original.imageUrl} alt="" loading="lazy" />,
      },
      { id: 'title', header: t('content.titleCol'), enableSorting: false, accessorFn: (b) => titleOf(b, data?.languages ?? []) },
      {
        id: 'link',
        header: t('content.link'),
        enableSorting: false,
        accessorFn: (b) => (b.linkageType ? `${b.linkageType}: ${b.linkageTarget}` : ''),
        cell: (c) => <span className="muted">{c.getValue() as string}</span>,
      },
      { id: 'order', header: t('content.order'), enableSorting: false, accessorFn: (b) => b.sort },
      {
        id: 'schedule',
        header: t('content.schedule'),
        enableSorting: false,
        accessorFn: (b) =>
          b.startsAt === null && b.endsAt === null
            ? t('content.always')
            : t('content.fromTo', { from: when(b.startsAt), to: when(b.endsAt) }),
      },
      {
        id: 'state',
        header: t('content.state'),
        enableSorting: false,
        accessorFn: (b) => (b.live ? t('content.live') : b.enabled ? t('content.scheduled') : t('content.off')),
        cell: (c) => (
          <span
            className={`badge ${c.row.original.live ? 'badge--on' : c.row.original.enabled ? 'badge--warn' : 'badge--off'}`}
            data-testid={`banner-state-${c.row.original.id}`}
          >
            {c.getValue() as string}
          </span>
        ),
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        enableHiding: false,
        cell: (c) => (
          <Button size="sm" variant="outline" onClick={() => setOpen(c.row.original)} data-testid={`edit-banner-${c.row.original.id}`}>
            {t('content.edit')}
          </Button>
        ),
      },
    ];
  }, [t, data?.languages]);

  return (
    <div className="page">
      <h1 className="page__title">{t('nav.content')}</h1>
      <label className="table-filter banner-merchant">
        {t('content.merchant')}
        <select
          value={merchant}
          onChange={(e) => {
            setChosen(e.target.value);
            setVersion((v) => v + 1);
          }}
          data-testid="banner-merchant"
        >
          {(merchants.data?.list ?? []).map((m) => (
            <option key={m.code} value={m.code}>
              {m.code}
            </option>
          ))}
        </select>
      </label>
      <DataTable
        id={`banners-${merchant}`}
        columns={columns}
        load={load}
        version={version}
        rowTestId={(b) => `banner-${b.id}`}
        filters={[
          {
            id: 'group',
            label: t('content.group'),
            options: [...new Set((data?.list ?? []).map((b) => b.groupName))].map((g) => ({ value: g, label: t(`content.group_${g}`) })),
          },
        ]}
      />
      {open && data ? (
        <BannerDialog
          merchant={merchant}
          banner={open}
          languages={data.languages}
          images={data.images}
          onClose={() => setOpen(null)}
          onSaved={() => setVersion((v) => v + 1)}
        />
      ) : null}
    </div>
  );
}
