import { type AdminBanner, type BannerBody, bannerLinkageTypes, contentAdminPaths } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { Dialog } from '@platform/ui/Dialog.tsx';
import { CheckboxField, TextField } from '@platform/ui/form.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../api/client.ts';
import { messageText } from '../../i18n/index.ts';
import { fieldErrors } from '../../ui/field-errors.ts';
import { instantOf, localInputOf } from './banner-form.ts';

/**
 * One banner's edit: its title in each of the merchant's languages, what it opens, its order, its
 * image (one the merchant already uses), its schedule and switch. The server checks all of it and
 * answers at the field; the site shows the saved change.
 */
export function BannerDialog({
  merchant,
  banner,
  languages,
  images,
  onClose,
  onSaved,
}: {
  merchant: string;
  banner: AdminBanner;
  languages: string[];
  images: string[];
  onClose: () => void;
  onSaved: (b: AdminBanner) => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState<Record<string, string>>(() => Object.fromEntries(languages.map((l) => [l, banner.title[l] ?? ''])));
  const [linkageType, setLinkageType] = useState(banner.linkageType);
  const [linkageTarget, setLinkageTarget] = useState(banner.linkageTarget);
  const [sort, setSort] = useState(String(banner.sort));
  const [imageUrl, setImageUrl] = useState(banner.imageUrl);
  const [enabled, setEnabled] = useState(banner.enabled);
  const [startsAt, setStartsAt] = useState(localInputOf(banner.startsAt));
  const [endsAt, setEndsAt] = useState(localInputOf(banner.endsAt));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const save = async () => {
    setErrors({});
    setSaved(false);
    const local: Record<string, string> = {};
    const from = instantOf(startsAt);
    const until = instantOf(endsAt);
    if (Number.isNaN(from)) local.startsAt = t('validation.invalid');
    if (Number.isNaN(until)) local.endsAt = t('validation.invalid');
    if (!/^\d{1,4}$/.test(sort)) local.sort = t('validation.invalid');
    if (Object.keys(local).length > 0) return setErrors(local);
    const body: BannerBody = {
      imageUrl,
      title,
      linkageType,
      linkageTarget: linkageType === '' ? '' : linkageTarget,
      sort: Number(sort),
      enabled,
      startsAt: from,
      endsAt: until,
    };
    setBusy(true);
    try {
      const fresh = await api.send<AdminBanner>(contentAdminPaths.banner, body, {
        method: 'PUT',
        params: { code: merchant, id: banner.id },
      });
      setSaved(true);
      onSaved(fresh);
    } catch (err) {
      // Titles are answered per language (title.FR): kept whole, the others by their first segment.
      const out = fieldErrors(t, err);
      if (err instanceof ApiError)
        for (const f of err.fields) if (f.field.startsWith('title.')) out[f.field] = messageText(t, f.message) || t('validation.invalid');
      setErrors(out);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('content.dialogTitle', { id: banner.id, group: t(`content.group_${banner.groupName}`) })}
      closeLabel={t('app.close')}
      size="lg"
      testId="banner-dialog"
    >
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="banner-edit">
          <div className="stack">
            {languages.map((lang) => (
              <TextField
                key={lang}
                name={`title-${lang}`}
                label={t('content.titleIn', { lang })}
                value={title[lang] ?? ''}
                onValue={(v) => setTitle((x) => ({ ...x, [lang]: v }))}
                error={errors[`title.${lang}`]}
                maxLength={80}
              />
            ))}
            <label className={`field${errors.linkageType ? ' has-error' : ''}`} data-field="linkageType">
              <span className="field__label">{t('content.linkType')}</span>
              <select
                className="field__input"
                value={linkageType}
                onChange={(e) => setLinkageType(e.target.value as AdminBanner['linkageType'])}
                data-testid="field-linkageType"
              >
                {bannerLinkageTypes.map((k) => (
                  <option key={k} value={k}>
                    {t(`content.link_${k}`)}
                  </option>
                ))}
              </select>
            </label>
            {linkageType !== '' ? (
              <TextField
                name="linkageTarget"
                label={t('content.target')}
                value={linkageTarget}
                onValue={setLinkageTarget}
                error={errors.linkageTarget}
                maxLength={300}
              />
            ) : null}
          </div>
          <div className="stack">
            <label className={`field${errors.imageUrl ? ' has-error' : ''}`} data-field="imageUrl">
              <span className="field__label">{t('content.image')}</span>
              <select className="field__input" value={imageUrl} onChange={(e) => setImageUrl(e.target.value)} data-testid="field-imageUrl">
                {images.map((src) => (
                  <option key={src} value={src}>
                    {src.split('/').pop()}
                  </option>
                ))}
              </select>
              {errors.imageUrl ? <span className="field__error">{errors.imageUrl}</span> : null}
            </label>
            <img className="banner-preview" src={imageUrl} alt="" data-testid="banner-preview" />
            <TextField name="sort" label={t('content.order')} value={sort} onValue={setSort} error={errors.sort} inputMode="numeric" />
            <CheckboxField name="enabled" checked={enabled} onChecked={setEnabled}>
              {t('content.enabled')}
            </CheckboxField>
            <TextField
              name="startsAt"
              type="datetime-local"
              label={t('content.startsAt')}
              value={startsAt}
              onValue={setStartsAt}
              error={errors.startsAt}
            />
            <TextField
              name="endsAt"
              type="datetime-local"
              label={t('content.endsAt')}
              value={endsAt}
              onValue={setEndsAt}
              error={errors.endsAt}
            />
            <p className="muted">{t('content.emptyMeansOpen')}</p>
          </div>
        </div>
        {errors.form ? (
          <p className="form-error" role="alert" data-testid="form-error">
            {errors.form}
          </p>
        ) : null}
        {saved ? (
          <p className="notice notice--ok" role="status" data-testid="banner-saved">
            {t('content.saved')}
          </p>
        ) : null}
        <div className="row-end">
          <Button type="submit" busy={busy} disabled={busy} data-testid="banner-save">
            {t('content.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
