import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { Img } from '../../ui/Img.tsx';
import { IconDownload, IconPhone } from '../../ui/icons.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import { QrCode } from './QrCode.tsx';
import './download.css';

type Platform = 'android' | 'ios';

/** The resource each tab's QR code points to: the Android package or the iOS configuration profile. */
const resourceTypes: Record<Platform, string> = { android: 'ANDROID', ios: 'IOS' };

/** Android and iOS tabs (Android first), four numbered steps each; step 1 has the QR code when the resource exists. */
export function DownloadSteps({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const { info } = usePlatform();
  const [tab, setTab] = useState<Platform>('android');
  const resource = info.resources.find((r) => r.resourceType.toUpperCase() === resourceTypes[tab]);
  const name = t(`download.${tab}`);
  const link = resource?.url || null;
  const steps = [t(`download.${tab}1`), t(`download.${tab}2`), t(`download.${tab}3`), t(`download.${tab}4`)];

  return (
    <div className="download">
      <Tabs
        items={[
          { id: 'android', label: t('download.android') },
          { id: 'ios', label: t('download.ios') },
        ]}
        value={tab}
        onChange={(id) => setTab(id as Platform)}
        label={t('download.platforms')}
        idPrefix={idPrefix}
      />
      <div {...tabPanelProps(idPrefix, tab)} data-platform={tab}>
        <ol className="download__steps">
          {steps.map((text, i) => {
            const n = i + 1;
            return (
              <li key={n} className="download__step">
                <span className="download__num" aria-hidden="true">
                  {n}
                </span>
                <div className="download__visual">
                  {n > 1 ? (
                    <Img
                      src={`/img/download/${tab}-step-${n}.svg`}
                      alt={t('download.stepAlt', { platform: name, n })}
                      width={120}
                      height={220}
                    />
                  ) : link ? (
                    <QrCode value={link} alt={t('download.qrAlt', { platform: name })} errorText={t('error.image_load')} />
                  ) : (
                    <span className="download__missing">
                      <IconPhone size={48} />
                    </span>
                  )}
                </div>
                <p className={`download__text${n === 1 && !link ? ' download__text--missing' : ''}`}>
                  <span className="sr-only">{t('download.step', { n })}: </span>
                  {n === 1 && !link ? t('download.unavailable', { platform: name }) : text}
                </p>
                {n === 1 && resource ? (
                  <a className="btn btn--outline btn--sm" href={resource.url} rel="noopener noreferrer">
                    <IconDownload size={16} /> {t('download.link')}
                  </a>
                ) : null}
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
