// A small disclosure popover for the picker's toolbar: a button (`aria-expanded`) and a panel under it that
// Escape or a click outside closes, with focus back on the button. The panel is a region named by `label`.
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

interface Props {
  open: boolean;
  setOpen(open: boolean): void;
  button: ReactNode;
  buttonProps?: Record<string, string | undefined>;
  label: string;
  testId: string;
  children: ReactNode;
  buttonRef?: RefObject<HTMLButtonElement | null>;
  className?: string;
}

export function Popover({ open, setOpen, button, buttonProps, label, testId, children, buttonRef, className }: Props) {
  const panelId = useId();
  const ownRef = useRef<HTMLButtonElement>(null);
  const ref = buttonRef ?? ownRef;
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, setOpen]);
  return (
    // Escape from the button or the panel closes it (a click on the button leaves focus on the button).
    <div
      className={`popover ${className ?? ''}`}
      ref={rootRef}
      onKeyDown={e => {
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        setOpen(false);
        ref.current?.focus();
      }}
    >
      <button ref={ref} type="button" className="toolbar-button" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)} {...buttonProps}>
        {button}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={label}
          data-testid={testId}
          className="popover-panel"
        >
          {children}
        </div>
      )}
    </div>
  );
}
