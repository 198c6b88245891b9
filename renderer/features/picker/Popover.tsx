// A small disclosure popover for the picker's toolbar: a button (`aria-expanded`) and a panel under it that
// Escape or a click outside closes, with focus back on the button. The panel is a region named by `label`,
// portalled to <body> at a fixed place under the button, so the pane it sits in does not clip it (React still
// bubbles its key events to this component).
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const panelWidthPx = 320;
const marginPx = 8;

/** Under the button, left-aligned with it, moved left as far as needed to stay in the window. */
function placeUnder(button: HTMLElement): CSSProperties {
  const box = button.getBoundingClientRect();
  const left = Math.max(marginPx, Math.min(box.left, window.innerWidth - panelWidthPx - marginPx));
  return { position: 'fixed', top: box.bottom + 4, left, width: panelWidthPx };
}

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
  const panelRef = useRef<HTMLDivElement>(null);
  // Measured before the panel first renders: a panel that rendered unplaced for a frame would be scrolled
  // into view by its autofocused field, moving the pane under it.
  const [place, setPlace] = useState<CSSProperties | null>(null);
  useLayoutEffect(() => {
    setPlace(open && ref.current ? placeUnder(ref.current) : null);
  }, [open, ref]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!rootRef.current?.contains(target) && !panelRef.current?.contains(target)) setOpen(false);
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
      {open &&
        place &&
        createPortal(
        <div
          ref={panelRef}
          style={place}
          id={panelId}
          role="region"
          aria-label={label}
          data-testid={testId}
          className="popover-panel"
        >
          {children}
        </div>,
        document.body
      )}
    </div>
  );
}
