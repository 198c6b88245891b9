// The picker's small line icons (16 px, currentColor), so they follow the theme's text colours.
import type { SVGProps } from 'react';

function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg width={14} height={14} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

export const PinIcon = () => (
  <Icon>
    <path d="M6 2h4l-.5 4 2.5 2v1.5H4V8l2.5-2z" />
    <path d="M8 9.5V14" />
  </Icon>
);

export const ClockIcon = () => (
  <Icon>
    <circle cx="8" cy="8" r="6" />
    <path d="M8 4.5V8l2.5 1.5" />
  </Icon>
);

export const BookmarkIcon = () => (
  <Icon>
    <path d="M4 2.5h8v11l-4-3-4 3z" />
  </Icon>
);

export const ChevronIcon = ({ open }: { open: boolean }) => (
  <Icon style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}>
    <path d="M6 4l4 4-4 4" />
  </Icon>
);
