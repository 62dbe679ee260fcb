import { useRef } from 'react';

/** An open modal dialog (Radix Dialog or AlertDialog content). */
export const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

interface ReturnFocusOptions {
  /** The caller's own handlers, run first; a caller that prevents the default keeps control of focus. */
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** Where focus goes on close instead of the element focused when the dialog opened (e.g. a dialog that replaced another). */
  returnFocusTo?: HTMLElement | null;
}

/**
 * Focus goes back to the control that opened a dialog when it closes (WCAG
 * 2.4.3; the WAI-ARIA dialog pattern). Radix returns focus only to a
 * `Dialog.Trigger`; a dialog opened from state (a button's onClick, a lazily
 * loaded dialog that unmounts on close) would otherwise leave focus on the
 * page body. This remembers the element focused when the dialog opened and
 * focuses it (or `returnFocusTo`) on close, unless another dialog is open by
 * then (it holds focus) or the element has left the page (Radix's own
 * behaviour applies: its Trigger, if any).
 *
 * @returns the `onOpenAutoFocus` and `onCloseAutoFocus` props for Radix `Dialog.Content` or `AlertDialog.Content`
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus, returnFocusTo }: ReturnFocusOptions) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Radix calls this as the dialog mounts, before it moves focus inside.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = returnFocusTo ?? opener.current;
      if (!target?.isConnected) return;
      event.preventDefault();
      if (document.querySelector(OPEN_DIALOG)) return;
      target.focus();
    },
  };
}
