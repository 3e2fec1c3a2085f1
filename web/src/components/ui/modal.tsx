import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Called on Escape. Leave it out for a modal the user must not dismiss (e.g. while a payment runs). */
  onClose?: () => void;
  /** Screen-reader role: 'alertdialog' for modals that interrupt with something urgent. */
  role?: 'dialog' | 'alertdialog';
  /**
   * Where focus goes when the modal closes, asked at that moment (e.g. the message saying why a payment failed);
   * when it answers nothing, focus goes back to what had it before the modal opened.
   */
  returnFocus?: () => HTMLElement | null | undefined;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * Makes everything on the page but `keep` inert (WCAG 1.3.1, 2.4.3: a screen reader's virtual cursor, Tab and clicks
 * cannot reach the page behind a modal), and answers how to undo it. A modal opened over another makes that one
 * inert too, and gives it back as it found it.
 */
function inertBehind(keep: Element): () => void {
  const made = Array.from(document.body.children).filter((element) => element !== keep && !element.hasAttribute('inert'));
  for (const element of made) element.setAttribute('inert', '');
  return () => {
    for (const element of made) element.removeAttribute('inert');
  };
}

/** Can take focus now: still on the page and not disabled. */
const canFocus = (element: HTMLElement | null | undefined): element is HTMLElement =>
  !!element && element.isConnected && !(element as HTMLElement & { disabled?: boolean }).disabled;

/**
 * A modal dialog: rendered over the page, which is inert behind it; focus moves in on open, Tab stays inside, and on
 * close focus goes where the caller says (returnFocus) or back to where it was.
 */
export function Modal({ open, title, children, onClose, role = 'dialog', returnFocus }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocus);
  useEffect(() => {
    onCloseRef.current = onClose;
    returnFocusRef.current = returnFocus;
  });

  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
    (focusables()[0] ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onCloseRef.current) {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes (a click on the backdrop, a screen reader's virtual cursor) is pulled back in.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialog.contains(event.target)) (focusables()[0] ?? dialog).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const restoreBehind = backdropRef.current ? inertBehind(backdropRef.current) : () => undefined;
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = overflow;
      // The page must stop being inert before anything on it can take focus.
      restoreBehind();
      const target = returnFocusRef.current?.();
      if (canFocus(target)) target.focus();
      else if (canFocus(previouslyFocused)) previouslyFocused.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div ref={backdropRef} className={styles.backdrop}>
      <div ref={dialogRef} role={role} aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={styles.dialog}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
