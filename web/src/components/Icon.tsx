/**
 * Small line icons drawn inline for the shell, public, registration, admin and payment screens: they
 * show on every phone (headless Chromium and many cheap phones have no colour emoji font, so emoji
 * become empty boxes). Always next to words, so they are decorative and hidden from screen readers.
 */
const shapes = {
  worker: (
    <>
      <path d="M5 11a7 7 0 0 1 14 0M3.5 11h17M10 4.3V8M14 4.3V8" />
      <path d="M7 13.5a5 5 0 0 0 10 0M5 21a7 7 0 0 1 14 0" />
    </>
  ),
  tractor: (
    <>
      <circle cx="7" cy="16" r="4" />
      <circle cx="18" cy="18" r="2" />
      <path d="M4 12V6h6l2 6h7v4M10 6V4M15 12V8" />
    </>
  ),
  fruit: (
    <>
      <path d="M12 8c-4-1.5-8 1-8 5.5C4 18 8 21 12 21s8-3 8-7.5C20 9 16 6.5 12 8z" />
      <path d="M12 8c0-2 1-4 3-5M12 8c-1-1.5-3-2-4.5-1.5" />
    </>
  ),
  vegetable: (
    <>
      <path d="M9 8c-3 0-5 2-5 5 0 5 5 8 9 8 3 0 4-2 3-4l-2-5c-1-2.5-3-4-5-4z" />
      <path d="M10 8c0-2 1-3.5 3-4.5M13 6.5c1.5-1 3.5-1 5 0" />
    </>
  ),
  wheat: (
    <>
      <path d="M12 22V8" />
      <path d="M12 12c-2.5 0-4-1.5-4-4 2.5 0 4 1.5 4 4zM12 12c2.5 0 4-1.5 4-4-2.5 0-4 1.5-4 4zM12 17c-2.5 0-4-1.5-4-4 2.5 0 4 1.5 4 4zM12 17c2.5 0 4-1.5 4-4-2.5 0-4 1.5-4 4zM12 8c-1.2-1-1.2-3 0-5 1.2 2 1.2 4 0 5z" />
    </>
  ),
  box: (
    <>
      <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z" />
      <path d="M3 7.5 12 12l9-4.5M12 12v9" />
    </>
  ),
  check: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m7.5 12.5 3 3 6-6.5" />
    </>
  ),
  warning: (
    <>
      <path d="M12 3 2 20h20z" />
      <path d="M12 10v4.5M12 17.5v.01" />
    </>
  ),
  question: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 1-1 1.7v.5M12 17v.01" />
    </>
  ),
  hourglass: <path d="M6 3h12M6 21h12M7 3c0 5 10 5 10 9s-10 4-10 9M17 3c0 5-10 5-10 9s10 4 10 9" />,
  undo: (
    <>
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h10a6 6 0 0 1 0 12h-3" />
    </>
  ),
  gift: (
    <>
      <rect x="3" y="8" width="18" height="5" rx="1" />
      <path d="M5 13v8h14v-8M12 8v13M12 8c-1-3-5-4-5-1.5S10 8 12 8c2 0 5-.5 5-2.5S13 5 12 8z" />
    </>
  ),
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6 8.5 7 8.5-7" />
    </>
  ),
  heart: <path d="M12 20s-8-4.8-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.2 12 20 12 20z" />,
  print: (
    <>
      <path d="M7 9V3h10v6M7 17H4v-8h16v8h-3" />
      <rect x="7" y="14" width="10" height="7" />
    </>
  ),
  mobile: (
    <>
      <rect x="6" y="2" width="12" height="20" rx="2" />
      <path d="M11 18h2" />
    </>
  ),
  slip: (
    <>
      <path d="M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2z" />
      <path d="M9 8h6M9 12h6" />
    </>
  ),
  card: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </>
  ),
  wage: (
    <>
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M6 9v.01M18 15v.01" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
  place: (
    <>
      <path d="M12 22s7-6.5 7-12a7 7 0 0 0-14 0c0 5.5 7 12 7 12z" />
      <circle cx="12" cy="10" r="2.5" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  food: (
    <path d="M3 11h18a9 9 0 0 1-18 0zM8 8c0-1.5 1.5-1.5 1.5-3M12 8c0-1.5 1.5-1.5 1.5-3M16 8c0-1.5 1.5-1.5 1.5-3" />
  ),
  transport: (
    <>
      <rect x="4" y="3" width="16" height="14" rx="2" />
      <path d="M4 10h16M7 17v3M17 17v3" />
      <circle cx="8" cy="13.5" r="1" />
      <circle cx="16" cy="13.5" r="1" />
    </>
  ),
  bed: (
    <>
      <path d="M3 19V6M3 14h18v5M21 14a3 3 0 0 0-3-3h-7v3" />
      <circle cx="7" cy="10.5" r="1.8" />
    </>
  ),
  people: (
    <>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20a6 6 0 0 1 12 0M15.5 5.5a2.6 2.6 0 0 1 0 5M17 14a5 5 0 0 1 4 6" />
    </>
  ),
  star: <path d="M12 3l2.8 6 6.2.6-4.7 4.2 1.4 6.2L12 16.8 6.3 20l1.4-6.2L3 9.6 9.2 9z" />,
  phone: (
    <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z" />
  ),
  close: <path d="M6 6l12 12M18 6 6 18" />,
  chevron: <path d="m6 9 6 6 6-6" />,
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  note: (
    <>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M14 3v5h5M9 12h7M9 16h5" />
    </>
  ),
} as const;

export type IconName = keyof typeof shapes;

/** `size` in px (22 sits beside body text). */
export function Icon({
  name,
  size = 22,
  filled = false,
  className,
}: {
  name: IconName;
  size?: number;
  filled?: boolean;
  className?: string;
}) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {shapes[name]}
    </svg>
  );
}

/** The big pictogram above the heading of a notice page (sent, confirmed, thank you, payment result). */
export function BigIcon({ name, tone }: { name: IconName; tone?: 'ok' | 'warn' | 'error' }) {
  return (
    <p className={`big-icon${tone ? ` tone-${tone}` : ''}`} aria-hidden="true">
      <Icon name={name} size={56} />
    </p>
  );
}
