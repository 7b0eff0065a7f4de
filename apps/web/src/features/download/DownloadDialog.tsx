import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';
import { DownloadSteps } from './DownloadSteps.tsx';

/** The app download dialog, opened from the side menu. */
export function DownloadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('download.title')} closeLabel={t('common.close')} testId="download-dialog" size="lg">
      <DownloadSteps idPrefix="download-dialog" />
    </Dialog>
  );
}
