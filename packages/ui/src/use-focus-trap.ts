import { type RefObject, useEffect } from 'react';

const focusable =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The open layers (dialogs, the phone drawer), topmost last: only the topmost answers Escape and keeps focus. */
const layers: symbol[] = [];

function visibleFocusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusable)].filter((el) => el.getClientRects().length > 0);
}

/**
 * While active, keeps keyboard focus inside `ref` (Tab and Shift+Tab wrap), calls `onEscape` on
 * Escape when this is the topmost layer, and gives focus back to what had it before on release.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, onEscape?: () => void): void {
  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    const id = Symbol('layer');
    layers.push(id);
    const previous = document.activeElement as HTMLElement | null;
    const first = root.querySelector<HTMLElement>('[data-autofocus]') ?? visibleFocusables(root)[0] ?? root;
    first.focus({ preventScroll: true });

    const onKey = (event: KeyboardEvent) => {
      if (layers[layers.length - 1] !== id) return;
      if (event.key === 'Escape' && onEscape) {
        event.stopPropagation();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = visibleFocusables(root);
      if (items.length === 0) {
        event.preventDefault();
        root.focus();
        return;
      }
      const head = items[0] as HTMLElement;
      const tail = items[items.length - 1] as HTMLElement;
      const current = document.activeElement;
      if (event.shiftKey && (current === head || !root.contains(current))) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (current === tail || !root.contains(current))) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const at = layers.indexOf(id);
      if (at >= 0) layers.splice(at, 1);
      if (previous && document.contains(previous)) previous.focus({ preventScroll: true });
    };
  }, [active, ref, onEscape]);
}
