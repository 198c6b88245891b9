// A modal dialog: a backdrop, role dialog named by its heading, focus on its first control when it opens,
// Tab kept inside, and Escape for the dialog on top only. Escape is heard on the document, so it still works
// after focus left the dialog (a click on the backdrop moves it to the page body).
import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import './modal.css';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [href]';

/** The open modals, oldest first: Escape goes to the last one. */
const openModals: object[] = [];

/** Focuses the first control inside `dialog` (again, e.g. once lazily loaded content is shown). */
export function focusFirstControl(dialog: HTMLElement | null): void {
  dialog?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
}

function keepTabInside(event: React.KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

type DataAttributes = { [name: `data-${string}`]: string | number | undefined };

export interface ModalProps extends DataAttributes {
  labelledBy: string;
  describedBy?: string;
  /** Extra class of the dialog box (its own layout); the box and backdrop look come from modal.css. */
  className?: string;
  /** Above other modals (a server asking for input while another dialog is open). */
  urgent?: boolean;
  onEscape(): void;
  dialogRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}

export function Modal({ labelledBy, describedBy, className, urgent, onEscape, dialogRef, children, ...data }: ModalProps) {
  const ownRef = useRef<HTMLDivElement>(null);
  const ref = dialogRef ?? ownRef;
  const escape = useRef(onEscape);
  useLayoutEffect(() => {
    escape.current = onEscape;
  });

  useEffect(() => {
    focusFirstControl(ref.current);
  }, [ref]);

  useEffect(() => {
    const self = {};
    openModals.push(self);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || openModals[openModals.length - 1] !== self) return;
      event.preventDefault();
      escape.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(self), 1);
    };
  }, []);

  return (
    <div className={urgent ? 'modal-backdrop modal-backdrop--urgent' : 'modal-backdrop'}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className={className ? `modal ${className}` : 'modal'}
        onKeyDown={keepTabInside}
        {...data}
      >
        {children}
      </div>
    </div>
  );
}
