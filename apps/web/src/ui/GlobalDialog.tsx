import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { IconInfo, IconWarning } from './icons.tsx';

export interface GlobalDialogOptions {
  kind?: 'info' | 'warning';
  title?: string;
  message: string;
  /** Closes by itself after this many milliseconds. */
  timeoutMs?: number;
  /** Closes when the cover around it is clicked. */
  closeOnCover?: boolean;
  confirmText?: string;
  /** Adds a cancel button: the dialog then asks for a confirmation. */
  cancelText?: string;
}

interface Labels {
  close: string;
  ok: string;
  info: string;
  warning: string;
}

type Show = (options: GlobalDialogOptions) => Promise<boolean>;

const GlobalDialogContext = createContext<Show>(() => Promise.resolve(false));

/** Opens the global information or warning dialog; resolves when it closes, true when confirmed. */
export function useGlobalDialog(): Show {
  return useContext(GlobalDialogContext);
}

/** Holds the one global dialog of the app (info or warning icon, optional timeout, optional cover close). */
export function GlobalDialogProvider({ children, labels }: { children: ReactNode; labels: Labels }) {
  const [current, setCurrent] = useState<GlobalDialogOptions | null>(null);
  const [open, setOpen] = useState(false);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);

  const finish = useCallback((confirmed: boolean) => {
    setOpen(false);
    resolver.current?.(confirmed);
    resolver.current = null;
  }, []);
  const close = useCallback(() => finish(false), [finish]);

  const show = useCallback<Show>((options) => {
    resolver.current?.(false);
    setCurrent(options);
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  useEffect(() => {
    if (!open || !current?.timeoutMs) return;
    const timer = setTimeout(close, current.timeoutMs);
    return () => clearTimeout(timer);
  }, [open, current, close]);

  const kind = current?.kind ?? 'info';
  const value = useMemo(() => show, [show]);
  return (
    <GlobalDialogContext.Provider value={value}>
      {children}
      {current ? (
        <Dialog
          open={open}
          onClose={close}
          role={kind === 'warning' ? 'alertdialog' : 'dialog'}
          size="sm"
          title={current.title ?? (kind === 'warning' ? labels.warning : labels.info)}
          closeLabel={labels.close}
          closeOnCover={current.closeOnCover ?? false}
          testId="global-dialog"
          className="global-dialog"
          footer={
            <>
              {current.cancelText ? (
                <Button variant="outline" onClick={close} data-testid="global-dialog-cancel">
                  {current.cancelText}
                </Button>
              ) : null}
              <Button variant="primary" onClick={() => finish(true)} data-autofocus data-testid="global-dialog-confirm">
                {current.confirmText ?? labels.ok}
              </Button>
            </>
          }
        >
          <div className={`global-dialog__body global-dialog__body--${kind}`}>
            <span className="global-dialog__icon">{kind === 'warning' ? <IconWarning size={28} /> : <IconInfo size={28} />}</span>
            <p>{current.message}</p>
          </div>
        </Dialog>
      ) : null}
    </GlobalDialogContext.Provider>
  );
}
