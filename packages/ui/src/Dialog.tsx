import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { IconClose } from './icons.tsx';
import { useFocusTrap } from './use-focus-trap.ts';

/** The spec's modal fade delay. */
export const dialogFadeMs = 100;

let openCount = 0;

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Accessible name of the close button, in the reader's language. */
  closeLabel: string;
  /** Close when the dimmed cover around the panel is clicked (default true). */
  closeOnCover?: boolean;
  /** Close on Escape (default true). */
  closeOnEscape?: boolean;
  size?: 'sm' | 'md' | 'lg';
  role?: 'dialog' | 'alertdialog';
  testId?: string;
  className?: string;
  /** Renders the title for screen readers only. */
  hideTitle?: boolean;
  footer?: ReactNode;
}

/**
 * Modal dialog: portal, 100 ms fade in and out, focus kept inside, Escape and cover click close it
 * unless disabled. Under 768 px it becomes a full-screen sheet (CSS).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  closeLabel,
  closeOnCover = true,
  closeOnEscape = true,
  size = 'md',
  role = 'dialog',
  testId,
  className,
  hideTitle,
  footer,
}: DialogProps) {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (open) {
      setMounted(true);
      const frame = requestAnimationFrame(() => setShown(true));
      return () => cancelAnimationFrame(frame);
    }
    setShown(false);
    const timer = setTimeout(() => setMounted(false), dialogFadeMs);
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    if (!mounted) return;
    openCount += 1;
    document.body.classList.add('has-dialog');
    return () => {
      openCount -= 1;
      if (openCount === 0) document.body.classList.remove('has-dialog');
    };
  }, [mounted]);

  useFocusTrap(panel, mounted && open, closeOnEscape ? onClose : undefined);

  if (!mounted) return null;
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the cover is a pointer convenience; keyboard users close with Escape or the close button
    <div
      className={`dialog-cover${shown ? ' is-shown' : ''}`}
      onMouseDown={(event) => {
        if (closeOnCover && event.target === event.currentTarget) onClose();
      }}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both modal roles */}
      <div
        ref={panel}
        className={`dialog dialog--${size}${className ? ` ${className}` : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="dialog__head">
          <h2 id={titleId} className={hideTitle ? 'sr-only' : 'dialog__title'}>
            {title}
          </h2>
          <button type="button" className="icon-btn dialog__close" aria-label={closeLabel} onClick={onClose}>
            <IconClose />
          </button>
        </div>
        <div className="dialog__body">{children}</div>
        {footer ? <div className="dialog__foot">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
