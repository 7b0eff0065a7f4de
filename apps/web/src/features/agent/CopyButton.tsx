import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';

/** Copies a text to the clipboard and says so for two seconds. */
export function CopyButton({ text, testId = 'copy' }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
    setTimeout(() => setCopied(null), 2000);
  };
  return (
    <Button size="sm" variant="ghost" onClick={copy} data-testid={testId} aria-live="polite">
      {copied === true ? t('agent.copied') : copied === false ? t('agent.copyFailed') : t('agent.copy')}
    </Button>
  );
}
