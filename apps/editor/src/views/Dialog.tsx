import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { useTranslator } from './i18n';

const FOCUSABLE = 'button, [href], input, select, textarea, iframe, [tabindex]:not([tabindex="-1"])';

interface Props {
  title: string;
  /** Closes it (its Close button and Escape); without it the dialog waits for one of its own choices (a conflict). */
  onClose?: () => void;
  class?: string;
  /** `alertdialog` for a choice that interrupts, with the id of the words that explain it. */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  children: ComponentChildren;
}

/**
 * A modal dialog: it takes the focus when it opens, keeps Tab inside it, closes on Escape
 * and gives the focus back to where it was. Previews, restore points, exports, the link
 * dialog and the conflict's choice are all this one.
 */
export function Dialog({ title, onClose, class: className, role = 'dialog', describedBy, children }: Props) {
  const { t } = useTranslator();
  const ref = useRef<HTMLDivElement>(null);
  // In the commit that shows the dialog, not after the next paint: a key pressed as soon as
  // the dialog appears (Escape) must already reach it.
  useLayoutEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    // The dialog itself when it has nothing to focus yet (restore points still loading): Escape must reach it.
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus]') ?? ref.current?.querySelector<HTMLElement>(FOCUSABLE) ?? ref.current;
    first?.focus();
    const dialog = ref.current;
    // Back to where the focus was, unless the dialog's action has put it somewhere already.
    return () => {
      const now = document.activeElement;
      if (before?.isConnected && (!now || now === document.body || dialog?.contains(now))) before.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onClose) {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab' && ref.current) {
      const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const [first, last] = [focusable[0], focusable[focusable.length - 1]];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  return (
    <div class="dialog-backdrop">
      <div ref={ref} tabIndex={-1} class={`dialog ${className ?? ''}`} role={role} aria-modal="true" aria-label={title} aria-describedby={describedBy} onKeyDown={onKeyDown}>
        <div class="dialog-bar">
          <h2>{title}</h2>
          {onClose && (
            <button type="button" onClick={onClose}>
              {t('dialog.close')}
            </button>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}
